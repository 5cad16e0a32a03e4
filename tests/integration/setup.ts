/** Every integration test file: its own migrated database with the three demo users. */
import { afterAll, beforeAll, inject } from "vitest";
import { ensureDemoUsers } from "@/lib/auth/users";
import { setDatabase } from "@/lib/db/client";
import { stopBoss } from "@/lib/jobs/boss";
import { ensurePredefinedPositions } from "@/lib/touchpoints/positions";
import { createTestDatabase, type TestDatabase } from "./db";

let current: TestDatabase | undefined;

beforeAll(async () => {
  current = await createTestDatabase();
  setDatabase(current.database);
  // The hash global-setup.ts made once for the run (of "demo-password").
  await ensureDemoUsers({ password: "demo-password", hash: inject("demoPasswordHash" as never) as string });
  await ensurePredefinedPositions();
});

afterAll(async () => {
  await stopBoss();
  setDatabase(undefined);
  await current?.drop();
});
