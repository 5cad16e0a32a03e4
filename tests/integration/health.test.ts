import { describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import { getDatabase } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";

describe("health and readiness", () => {
  it("health answers without credentials", async () => {
    const res = health.GET(new Request("http://localhost/api/health"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("ready is 503 until the job queue exists, then 200", async () => {
    const database = await getDatabase();
    await database.sql.exec("DROP SCHEMA IF EXISTS pgboss CASCADE");
    const before = await ready.GET(new Request("http://localhost/api/ready"));
    expect(before.status).toBe(503);
    const body = await before.json();
    expect(body.code).toBe("not_ready");
    expect(body.detail).toContain("job queue");
    await getBoss(); // creates its schema
    const after = await ready.GET(new Request("http://localhost/api/ready"));
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ status: "ready", job_queue: "pg-boss" });
  });
});
