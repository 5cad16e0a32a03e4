import { describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import { getDatabase, setDatabase } from "@/lib/db/client";
import { beginActivity, watchEventLoop } from "@/lib/health/event-loop";
import { getBoss } from "@/lib/jobs/boss";

describe("health and readiness", () => {
  it("health answers without credentials", async () => {
    const res = health.GET(new Request("http://localhost/api/health"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", event_loop: null });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("shows the event-loop delay once watched, and counts a stall with what was running", async () => {
    watchEventLoop();
    await new Promise((r) => setTimeout(r, 100));
    const end = beginActivity("GET /a/slow/thing");
    const until = Date.now() + 400;
    while (Date.now() < until) {} // holds the thread: the stall the watcher must see
    end();
    await new Promise((r) => setTimeout(r, 100));
    const body = await health.GET(new Request("http://localhost/api/health")).json();
    expect(body.event_loop.stalls_over_200ms).toBeGreaterThanOrEqual(1);
    expect(body.event_loop.longest_stall_ms).toBeGreaterThanOrEqual(300);
    expect(body.event_loop.since_start.max_ms).toBeGreaterThanOrEqual(300);
    expect(Object.keys(body.event_loop.recent)).toEqual(["p50_ms", "p99_ms", "max_ms", "window_s"]);
  });

  it("ready is 503 until the job queue exists, then 200", async () => {
    const database = await getDatabase();
    await database.sql.exec("DROP SCHEMA IF EXISTS pgboss CASCADE");
    const before = await ready.GET(new Request("http://localhost/api/ready"));
    expect(before.status).toBe(503);
    const body = await before.json();
    expect(body.code).toBe("not_ready");
    expect(body.detail).toContain("job queue");
    expect(body.errors).toEqual([
      { loc: ["checks", "job_queue"], msg: "the job queue: its tables (schema pgboss) are not there yet" },
    ]);
    await getBoss(); // creates its schema
    const after = await ready.GET(new Request("http://localhost/api/ready"));
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ status: "ready", job_queue: "pg-boss" });
  });

  it("ready names the failed check but never the driver's message", async () => {
    const database = await getDatabase();
    const secret = 'password authentication failed for user "lumen_admin" at db-7.internal:5432';
    const failing = {
      ...database,
      sql: {
        ...database.sql,
        query: async () => {
          throw new Error(secret);
        },
      },
    };
    setDatabase(failing);
    try {
      const res = await ready.GET(new Request("http://localhost/api/ready"));
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).not.toContain("lumen_admin");
      expect(text).not.toContain("db-7.internal");
      expect(text).not.toContain("password");
      const body = JSON.parse(text);
      expect(body.code).toBe("not_ready");
      expect(body.errors[0].loc).toEqual(["checks", "database"]);
      expect(body.detail).toContain("check database");
    } finally {
      setDatabase(database);
    }
  });
});
