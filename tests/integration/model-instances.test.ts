/**
 * Two instances on one PostgreSQL database: a build finished by one (here the test's process,
 * as a worker would) is served by the other (a separate node process) within seconds, without a
 * restart. PostgreSQL only: PGlite has one process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import * as events from "@/app/api/latest/data/events/route";
import { getDatabase } from "@/lib/db/client";
import { buildAndStoreModels } from "@/lib/recommend/model-store";
import { withDatabaseName } from "./db";
import { call, tokenFor } from "./http";

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);
const buy = (customer: string, item: string, order: string) => ({
  event_type: "purchase",
  customer_id: customer,
  item_id: item,
  timestamp: day(30),
  order_id: order,
});

let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill();
});

describe.runIf(!!process.env.TEST_DATABASE_URL)("models across instances", () => {
  it("a build completed by one process is served by another within seconds", async () => {
    const token = await tokenFor("advanced");
    const send = async (list: unknown[]) => {
      const res = await call(events.POST, { path: "/data/events", token, body: { events: list } });
      expect(res.body.errors, JSON.stringify(res.body)).toEqual([]);
    };
    // Alice bought a; two others bought a with b.
    await send([buy("mi-alice", "mi-a", "1"), ...["x", "y"].flatMap((c) => [buy(c, "mi-a", c), buy(c, "mi-b", c)])]);
    const first = await buildAndStoreModels({ reason: "instance test 1" });

    const database = await getDatabase();
    const rows = await database.sql.query<{ name: string }>("SELECT current_database() AS name");
    const url = withDatabaseName(process.env.TEST_DATABASE_URL!, rows[0]!.name);
    // node itself, not npx: killing npx left the watcher running after the tests.
    child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/integration/support/model-watcher.ts", url, "mi-alice"],
      {
        env: { ...process.env, LOG_LEVEL: "error" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const lines: { modelId: string; top: string | null }[] = [];
    createInterface({ input: child.stdout! }).on("line", (line) => lines.push(JSON.parse(line)));
    const waitFor = async (modelId: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (!lines.some((l) => l.modelId === modelId)) {
        if (Date.now() > deadline)
          throw new Error(`the other instance did not serve ${modelId}: ${JSON.stringify(lines)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return lines.find((l) => l.modelId === modelId)!;
    };
    expect(await waitFor(first, 30_000)).toEqual({ modelId: first, top: "mi-b" });

    // Now four others buy a with c: a new build changes Alice's top item.
    await send(["p", "q", "r", "s"].flatMap((c) => [buy(c, "mi-a", c), buy(c, "mi-c", c)]));
    const second = await buildAndStoreModels({ reason: "instance test 2" });
    const built = Date.now();
    expect(await waitFor(second, 10_000)).toEqual({ modelId: second, top: "mi-c" });
    expect(Date.now() - built).toBeLessThan(10_000);
  });
});
