/**
 * A queued build request is answered by any build that started after it was asked
 * (lib/recommend/model-build.ts requestModelBuild, lib/jobs/registry.ts): two reasons asked at
 * once (a worker's start retrying a build its last stop interrupted, and a touchpoint going live)
 * make one build, not two in a row. A request asked after the last build started still builds,
 * and so does the schedule's job, which carries no time of asking; a request for any model (a
 * touchpoint going live) is answered by any ready build.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { getDatabase } from "@/lib/db/client";
import { JOBS } from "@/lib/jobs/names";
import { HANDLERS } from "@/lib/jobs/registry";
import { buildAndStoreModels, buildAnswering, builtSince } from "@/lib/recommend/model-build";

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);

async function databaseNow(): Promise<string> {
  const { sql } = await getDatabase();
  const [row] = await sql.query<{ now: Date }>("SELECT now() AS now");
  return new Date(row!.now).toISOString();
}

async function readyBuilds(): Promise<string[]> {
  const { sql } = await getDatabase();
  const rows = await sql.query<{ model_id: string }>(
    "SELECT model_id FROM rec_models WHERE status = 'ready' ORDER BY date_started",
  );
  return rows.map((r) => r.model_id);
}

/** Ready builds made while `run` ran (older ones may be pruned meanwhile). */
async function madeBy(run: () => Promise<unknown>): Promise<string[]> {
  const before = new Set(await readyBuilds());
  await run();
  return (await readyBuilds()).filter((id) => !before.has(id));
}

beforeAll(async () => {
  const items = ["br-a", "br-b", "br-c"].map((item_id) => ({ item_id, item_name: item_id, price: 3, stock: 5 }));
  expect((await ingestBatch({ kind: "items", records: items, synthetic: true })).errors).toEqual([]);
  const events = [1, 2, 3].flatMap((c) =>
    ["br-a", "br-b"].map((item_id) => ({
      event_type: "purchase",
      customer_id: `br-c${c}`,
      item_id,
      quantity: 1,
      price: 3,
      timestamp: day(c),
      order_id: `br-o${c}`,
    })),
  );
  expect((await ingestBatch({ kind: "events", records: events, synthetic: true })).errors).toEqual([]);
});

describe("build requests", () => {
  const job = HANDLERS[JOBS.buildModels]!;

  it("asked before a build that finished since: skipped; asked after it: built", async () => {
    const askedEarlier = await databaseNow();
    const [first] = await madeBy(() => buildAndStoreModels({ reason: "br: the build that answers" }));
    expect(first).toBeTruthy();
    expect(await builtSince(new Date(askedEarlier))).toBe(first);

    expect(await madeBy(() => job({ reason: "br: asked before it", askedAt: askedEarlier }))).toEqual([]);

    const askedLater = await databaseNow();
    expect(await builtSince(new Date(askedLater))).toBeUndefined();
    const later = await madeBy(() => job({ reason: "br: asked after it", askedAt: askedLater }));
    expect(later).toHaveLength(1);
    expect(later[0]).not.toBe(first);
  });

  it("a request for any model (a touchpoint going live) is answered by a build that started before it was asked", async () => {
    const [running] = await madeBy(() => buildAndStoreModels({ reason: "br: the first build" }));
    expect(running).toBeTruthy();
    // Asked after that build started (while it read the events, say): it answers all the same.
    const askedAfter = await databaseNow();
    expect(await buildAnswering({ askedAt: new Date(askedAfter), anyModel: true })).toBe(running);
    expect(await madeBy(() => job({ reason: "br: went live", askedAt: askedAfter, anyModel: true }))).toEqual([]);
    // The same request wanting newer models builds.
    expect(await madeBy(() => job({ reason: "br: new events", askedAt: askedAfter }))).toHaveLength(1);
  });

  it("a request for any model builds when no build is ready", async () => {
    const { sql } = await getDatabase();
    await sql.exec("DELETE FROM rec_models");
    const asked = await databaseNow();
    expect(await buildAnswering({ askedAt: new Date(asked), anyModel: true })).toBeUndefined();
    expect(await madeBy(() => job({ reason: "br: went live", askedAt: asked, anyModel: true }))).toHaveLength(1);
  });

  it("the schedule's job (no time of asking) builds", async () => {
    expect(await madeBy(() => job({ reason: "br: scheduled" }))).toHaveLength(1);
  });
});
