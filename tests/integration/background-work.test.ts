import { describe, expect, it } from "vitest";
import * as route from "@/app/api/latest/system/background-work/route";
import { setDemoProgress } from "@/lib/data/demo-progress";
import { getDatabase } from "@/lib/db/client";
import { STALE_MS } from "@/lib/recommend/build-lease";
import { call, tokenFor } from "./http";

const tasks = async () => {
  const res = await call(route.GET, { path: "/system/background-work", token: await tokenFor("user") });
  expect(res.status).toBe(200);
  return res.body.tasks as {
    kind: string;
    label: string;
    done: number | null;
    total: number | null;
    percent: number | null;
  }[];
};

describe("GET /system/background-work", () => {
  it("is empty when nothing runs, and needs a signed-in caller", async () => {
    expect(await tasks()).toEqual([]);
    expect((await call(route.GET, { path: "/system/background-work" })).status).toBe(401);
  });

  it("shows the demo load and the model build with their progress, not a build whose heartbeat stopped", async () => {
    const { sql } = await getDatabase();
    await setDemoProgress({ state: "loading", phase: "events", done: 400, total: 1000, source: "test" });
    // Started three hours ago and still beating: a long build, shown.
    await sql.query(
      `INSERT INTO rec_models (model_id, status, date_started, date_heartbeat, stats)
       VALUES ('bw-model', 'building', now() - interval '3 hours', now(), '{"progress":{"step":"related","done":3,"total":10}}')`,
    );
    // Started a minute after it, but silent for longer than a build's heartbeat may be: lost, not shown.
    await sql.query(
      `INSERT INTO rec_models (model_id, status, date_started, date_heartbeat, stats)
       VALUES ('bw-lost', 'building', now() - interval '2 hours 59 minutes',
               now() - make_interval(secs => $1), '{"progress":{"step":"lost","done":1,"total":10}}')`,
      [STALE_MS / 1000 + 5],
    );
    expect(await tasks()).toEqual([
      { kind: "demo_load", label: "Loading the demo shop (events)", done: 400, total: 1000, percent: 40 },
      { kind: "model_build", label: "Building recommendation models (related)", done: 3, total: 10, percent: 30 },
    ]);

    await setDemoProgress({ state: "done", phase: "done", done: 1000, total: 1000, source: "test" });
    await sql.query(`UPDATE rec_models SET status = 'ready' WHERE model_id = 'bw-model'`);
    expect(await tasks()).toEqual([]);
  });
});
