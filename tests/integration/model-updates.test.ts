/**
 * Incremental model updates (lib/recommend/model-update.ts): purchases made after the build reach
 * a product page's related-products and ai-community-based carousels through the real content
 * route once the update job has run; the patched rows of the touched items equal a full build's
 * on the same events; a failed update leaves the previous models serving; two updates at once
 * make one; a process that loads the build later applies the patch too.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as modelBuilds from "@/app/api/latest/touchpoint-studio/models/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import * as scrape from "@/app/api/metrics/route";
import { getDatabase } from "@/lib/db/client";
import { setEnv } from "@/lib/env";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { startWorkers } from "@/lib/jobs/registry";
import { setFigureTimingForTests } from "@/lib/metrics/database-figures";
import type { Models } from "@/lib/recommend/engine/models";
import { buildAndStoreModels, currentModels, loadModels } from "@/lib/recommend/model-store";
import { updateModels } from "@/lib/recommend/model-update";
import { call, tokenFor } from "./http";
import { liveCarousel } from "./studio";

const METRICS_TOKEN = "metrics-token-for-tests-0123456789";
let token: string;
let admin: string;
const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);
const buy = (customer: string, item: string, d: number, order: string) => ({
  event_type: "purchase",
  customer_id: customer,
  item_id: item,
  quantity: 1,
  price: 5,
  timestamp: day(d),
  order_id: order,
});

async function post(handler: typeof items.POST, path: string, body: unknown) {
  const res = await call(handler, { path, token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.errors ?? [], JSON.stringify(res.body.errors)).toEqual([]);
}

const touchpointWith = (rule_type: string) =>
  liveCarousel(token, `updated ${rule_type}`, [{ rule_type, positions: [0, 1, 2] }]);

interface Slot {
  item: { item_id: string };
  filled_by: { is_fallback: boolean };
}

/** The carousel's personal items (fallback slots left out). */
async function personal(id: string, identity: string, type: string): Promise<string[]> {
  const res = await call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${id}/content`,
    params: { touchpoint_id: id },
    token,
    headers: { identity_value: identity, identity_type: type },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.content as Slot[]).filter((s) => !s.filled_by.is_fallback).map((s) => s.item.item_id);
}

/** An item's row of a model by ids: [neighbour, score, support]. */
function rowOf(m: Models, model: "community" | "related", itemId: string): [string, number, number][] {
  const nb = m[model];
  const i = m.itemIds.indexOf(itemId);
  const out: [string, number, number][] = [];
  for (let q = nb.start[i]!; q < nb.start[i + 1]!; q++)
    out.push([m.itemIds[nb.item[q]!]!, nb.score[q]!, nb.support[q]!]);
  return out;
}

/** Runs the update job through the job queue and waits until this process serves its patch. */
async function runUpdateJob(seq: number): Promise<void> {
  const boss = await getBoss();
  await boss.send(JOBS.updateModels, {});
  const until = Date.now() + 30_000;
  while (((await currentModels())?.patchSeq ?? 0) < seq) {
    if (Date.now() > until) throw new Error(`patch ${seq} was not served within 30 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let related: string;
let community: string;

beforeAll(async () => {
  token = await tokenFor("user");
  admin = await tokenFor("advanced");
  // No scheduled updates: this file runs them itself (one firing mid-test would take a patch number).
  setEnv("RECS_UPDATE_MINUTES", "0");
  await startWorkers({ concurrency: 1 });
  await post(items.POST, "/data/items", {
    items: ["a", "b", "c", "d", "e", "f", "g"].map((x, i) => ({
      item_id: `mu-${x}`,
      item_name: `Item ${x}`,
      product_price: 5 + i,
      stock: 10,
    })),
  });
  await post(customers.POST, "/data/customers", {
    customers: ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"].map((c) => ({ customer_id: `mu-${c}` })),
  });
  await post(events.POST, "/data/events", {
    events: [
      // a and b are bought together twice; c once with a; d with c.
      buy("mu-c1", "mu-a", 40, "o1"),
      buy("mu-c1", "mu-b", 40, "o1"),
      buy("mu-c2", "mu-a", 30, "o2"),
      buy("mu-c2", "mu-b", 30, "o2"),
      buy("mu-c3", "mu-a", 20, "o3"),
      buy("mu-c3", "mu-c", 20, "o3"),
      buy("mu-c4", "mu-c", 10, "o4"),
      buy("mu-c4", "mu-d", 10, "o4"),
    ],
  });
  related = await touchpointWith("related-products");
  community = await touchpointWith("ai-community-based");
});

describe("incremental model updates", () => {
  let patched: Models;

  it("a co-purchase made after the build reaches the product page once the update job ran", async () => {
    const built = (await currentModels())!;
    expect(built.patchSeq ?? 0).toBe(0);
    expect(await personal(related, "mu-a", "product_id")).toEqual(["mu-b"]);
    expect(await personal(community, "mu-a", "product_id")).not.toContain("mu-e");
    expect(await personal(community, "mu-c1", "customer_id")).not.toContain("mu-e");
    // Two new orders of a with e: support 2, related's minimum.
    await post(events.POST, "/data/events", {
      events: [buy("mu-c5", "mu-a", 2, "o5"), buy("mu-c5", "mu-e", 2, "o5")],
    });
    await post(events.POST, "/data/events", {
      events: [buy("mu-c6", "mu-a", 1, "o6"), buy("mu-c6", "mu-e", 1, "o6")],
    });
    // Nothing moves before the update (these customers' own overlay aside).
    expect(await personal(related, "mu-a", "product_id")).toEqual(["mu-b"]);
    await runUpdateJob(1);
    const now = (await currentModels())!;
    expect(now.modelId).toBe(built.modelId);
    expect(await personal(related, "mu-a", "product_id")).toEqual(expect.arrayContaining(["mu-b", "mu-e"]));
    expect(await personal(community, "mu-a", "product_id")).toContain("mu-e");
    // c1 bought a: their build-time list was ranked with a's old row, so they are scored live.
    expect(await personal(community, "mu-c1", "customer_id")).toContain("mu-e");
    // Only the updated models are new arrays; every other one is the build's.
    expect(now.models.related).not.toBe(now.base!.related);
    expect(now.models.relatedAll).toBe(now.base!.relatedAll);
    expect(now.models.histories).toBe(now.base!.histories);
    patched = now.models;
  });

  it("a process loading the build later applies its patch", async () => {
    const database = await getDatabase();
    const loaded = await loadModels(database, (await currentModels())!.modelId);
    expect(loaded.patchSeq).toBe(1);
    for (const id of ["mu-a", "mu-e", "mu-b"]) {
      expect(rowOf(loaded.models, "related", id)).toEqual(rowOf(patched, "related", id));
      expect(rowOf(loaded.models, "community", id)).toEqual(rowOf(patched, "community", id));
    }
  });

  it("the build's listing and the metrics show its newest update", async () => {
    const modelId = (await currentModels())!.modelId;
    const list = await call(modelBuilds.GET, { path: "/touchpoint-studio/models", token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const build = (list.body.builds as { model_id: string; latest_update: unknown }[]).find(
      (b) => b.model_id === modelId,
    );
    // Two orders of two lines each; a and e are the items they touched.
    expect(build?.latest_update).toMatchObject({ seq: 1, purchases: 4, touched_items: 2 });
    setFigureTimingForTests({ cacheMs: 0, lagMs: 0 });
    setEnv("METRICS_TOKEN", METRICS_TOKEN);
    const res = await scrape.GET(
      new Request("http://localhost/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
    );
    const text = await res.text();
    expect(text).toContain(`lumen_model_updates{model_id="${modelId}"} 1\n`);
    // What this process serves: the build with its patch (loaded by currentModels above).
    expect(text).toContain(`lumen_model_served_info{model_id="${modelId}",patch="1"} 1\n`);
    expect(text).toMatch(new RegExp(`^lumen_model_update_age_seconds\\{model_id="${modelId}"\\} [0-9.]+$`, "m"));
  });

  it("a failed update leaves the previous models serving", async () => {
    const database = await getDatabase();
    const before = (await currentModels())!;
    await post(events.POST, "/data/events", { events: [buy("mu-c7", "mu-f", 1, "o7"), buy("mu-c7", "mu-a", 1, "o7")] });
    await database.sql.exec("ALTER TABLE rec_model_patches RENAME TO rec_model_patches_away");
    try {
      await expect(updateModels()).rejects.toThrow(/rec_model_patches/);
    } finally {
      await database.sql.exec("ALTER TABLE rec_model_patches_away RENAME TO rec_model_patches");
    }
    const after = (await currentModels())!;
    expect([after.modelId, after.patchSeq]).toEqual([before.modelId, before.patchSeq]);
    expect(after.models).toBe(before.models);
    expect(await personal(related, "mu-a", "product_id")).toEqual(expect.arrayContaining(["mu-b", "mu-e"]));
  });

  it("two updates at once make one patch", async () => {
    const database = await getDatabase();
    await post(events.POST, "/data/events", { events: [buy("mu-c8", "mu-f", 1, "o8"), buy("mu-c8", "mu-a", 1, "o8")] });
    const outcomes = await Promise.all([updateModels(), updateModels()]);
    expect(outcomes.filter((o) => "updated" in o)).toHaveLength(1);
    expect(outcomes.filter((o) => "skipped" in o)).toHaveLength(1);
    const rows = await database.sql.query<{ seq: number }>("SELECT seq FROM rec_model_patches ORDER BY seq");
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2]);
    // Nothing new since: the next update has nothing to do.
    expect(await updateModels()).toEqual({ skipped: expect.stringMatching(/no new/) });
    expect((await currentModels())!.patchSeq).toBe(2);
    // f is now bought with a in two orders: related to a.
    expect(await personal(related, "mu-a", "product_id")).toContain("mu-f");
  });

  it("the touched items' rows equal a full build's on the same events, and a full build supersedes the patches", async () => {
    const database = await getDatabase();
    const served = (await currentModels())!;
    expect(served.patchSeq).toBe(2);
    const rebuilt = await buildAndStoreModels({ reason: "compare with the updates" });
    const full = (await currentModels())!;
    expect(full.modelId).toBe(rebuilt);
    expect(full.patchSeq).toBe(0);
    // The last update touched a and f (orders o7 and o8; o7's update failed, the next one read it).
    for (const id of ["mu-a", "mu-f"]) {
      expect(rowOf(served.models, "related", id), `related ${id}`).toEqual(rowOf(full.models, "related", id));
      expect(rowOf(served.models, "community", id), `community ${id}`).toEqual(rowOf(full.models, "community", id));
    }
    expect(Array.from(served.models.community.count!)).toEqual(Array.from(full.models.community.count!));
    expect(Array.from(served.models.related.count!)).toEqual(Array.from(full.models.related.count!));
    // What stays stale until the build: e's row, made by the first update, scored a against its
    // 5 orders then (2 / sqrt(5)); a is in 7 now. And an untouched item's row holding a touched
    // one (b's score for a used a's buyers before the updates).
    expect(rowOf(served.models, "related", "mu-e")).toEqual([["mu-a", Math.fround(2 / Math.sqrt(5)), 2]]);
    expect(rowOf(full.models, "related", "mu-e")).toEqual([["mu-a", Math.fround(2 / Math.sqrt(7)), 2]]);
    expect(rowOf(served.models, "community", "mu-b")).not.toEqual(rowOf(full.models, "community", "mu-b"));
    const left = await database.sql.query("SELECT 1 FROM rec_model_patches WHERE model_id = $1", [rebuilt]);
    expect(left).toEqual([]);
    expect(await updateModels()).toEqual({ skipped: expect.stringMatching(/no new/) });
  });
});
