/**
 * recs-update: an incremental model update (lib/recommend/model-update.ts) for N new purchase lines
 * against a full build on the same data, both through the database as the jobs run them, in the
 * same run. A seeded synthetic shop (lib/data/synthetic.ts; default 2,000 items, 10,000 customers,
 * 100,000 events, small enough to load in under a minute) goes through the intake code into a
 * scratch PostgreSQL database (BENCH_DATABASE_URL, else the local server; dropped at the end);
 * the models are built, `new` purchase lines (orders of 1-4 lines, existing customers and items)
 * are added and an update runs (read, score, store), twice (the first after a build also reads the
 * build's item numbering and counts), and then a full build of the same events.
 * Also the serving side: applying the patch to the loaded build against loading the new build.
 */
import { z } from "zod";
import { ingestBatch } from "@/lib/data/ingest-batch";
import type { IntakeKind } from "@/lib/data/schemas";
import { BUILT_IN_FIT, syntheticCustomers, syntheticEvents, syntheticItems } from "@/lib/data/synthetic";
import { openPostgres, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import type { Models } from "@/lib/recommend/engine/models";
import { sharpenAhead } from "@/lib/recommend/engine/neighbour-picks";
import { buildAndStoreModels } from "@/lib/recommend/model-build";
import { newestPatch, patchedModels } from "@/lib/recommend/model-patches";
import { loadModels } from "@/lib/recommend/model-store";
import { updateModels } from "@/lib/recommend/model-update";
import { benchSettings, mb, parseOptions, type Scenario, scratchPostgres } from "../lib";
import { shopSizeToday } from "../support/bulk-shop";

const Options = z.object({
  items: z.coerce.number().int().min(100).default(2_000),
  customers: z.coerce.number().int().min(100).default(10_000),
  events: z.coerce.number().int().min(1000).default(100_000),
  new: z.coerce.number().int().min(1).max(10_000).default(200),
  seed: z.coerce.number().int().default(7),
});

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const round1 = (x: number) => Math.round(x * 10) / 10;

async function write(
  kind: IntakeKind,
  records: Iterable<Record<string, unknown>>,
  database: Parameters<typeof ingestBatch>[0]["database"],
) {
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    const result = await ingestBatch({ kind, records: batch, synthetic: true, database });
    if (result.errors.length) throw new Error(`${kind}: ${result.errors[0]!.detail}`);
    batch = [];
  };
  for (const r of records) {
    batch.push(r);
    if (batch.length === 5000) await flush();
  }
  if (batch.length) await flush();
}

/** A seeded generator of numbers in [0, 1). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** An item's row of a model by ids: [neighbour, score, support]. */
function rowById(m: Models, model: "community" | "related", itemId: string): [string, number, number][] {
  const nb = m[model];
  const i = m.itemIds.indexOf(itemId);
  const out: [string, number, number][] = [];
  for (let q = nb.start[i]!; q < nb.start[i + 1]!; q++)
    out.push([m.itemIds[nb.item[q]!]!, nb.score[q]!, nb.support[q]!]);
  return out;
}

export const recsUpdate: Scenario = {
  name: "recs-update",
  description:
    "an incremental update of community and related for N new purchases (--new 200) against a full build on the same data, PostgreSQL (--items 2000 --customers 10000 --events 100000)",
  async run(args) {
    const o = parseOptions(args, Options);
    const scratch = await scratchPostgres(benchSettings().databaseUrl ?? LOCAL_POSTGRES);
    const database = await openPostgres(scratch.url);
    setDatabase(database);
    try {
      await migrate(database);
      const size = shopSizeToday(o);
      const loadStarted = performance.now();
      await write("items", syntheticItems(BUILT_IN_FIT, size), database);
      await write("customers", syntheticCustomers(BUILT_IN_FIT, size), database);
      await write("events", syntheticEvents(BUILT_IN_FIT, size), database);
      console.log(`  shop loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
      const base = await buildAndStoreModels({ reason: "bench base", database });

      // New orders of existing customers, of items bought before (so that they have buyers).
      const customers = (
        await database.sql.query<{ id: string }>("SELECT customer_id AS id FROM customers ORDER BY customer_id")
      ).map((r) => r.id);
      const items = (
        await database.sql.query<{ id: string }>(
          "SELECT DISTINCT item_id AS id FROM events WHERE event_type = 'purchase' AND item_id IS NOT NULL ORDER BY item_id",
        )
      ).map((r) => r.id);
      const rnd = random(o.seed);
      let order = 0;
      const newLines = () => {
        const lines: Record<string, unknown>[] = [];
        for (; lines.length < o.new; order++) {
          const customer = customers[Math.floor(rnd() * customers.length)]!;
          const n = Math.min(1 + Math.floor(rnd() * 4), o.new - lines.length);
          for (let k = 0; k < n; k++) {
            lines.push({
              event_type: "purchase",
              customer_id: customer,
              item_id: items[Math.floor(rnd() * rnd() * items.length)]!,
              quantity: 1,
              price: 5,
              order_id: `bench-new-${order}`,
              timestamp: new Date(Date.now() - 60_000).toISOString().slice(0, 19),
            });
          }
        }
        return lines;
      };
      const timedUpdate = async () => {
        const started = performance.now();
        const outcome = await updateModels({ database });
        if (!("updated" in outcome)) throw new Error(`the update did not run: ${outcome.skipped}`);
        return { ...outcome.updated, ms: performance.now() - started };
      };
      // The first update after a build reads the build's numbering and counts; the next ones have them.
      await write("events", newLines(), database);
      const first = await timedUpdate();
      const second = newLines();
      await write("events", second, database);
      const next = await timedUpdate();
      const [patchRow] = await database.sql.query<{ bytes: string }>(
        "SELECT bytes::text FROM rec_model_patches WHERE model_id = $1 AND seq = 2",
        [base],
      );

      // Serving: the patch applied to the loaded build, against loading a build whole.
      const loaded = await loadModels(database, base);
      const found = (await newestPatch(database, base))!;
      const applyStarted = performance.now();
      const patched = await patchedModels(loaded.base!, found.patch, () => undefined);
      await sharpenAhead(patched, () => undefined);
      const applyMs = performance.now() - applyStarted;

      const fullStarted = performance.now();
      const full = await buildAndStoreModels({ reason: "bench full build", database });
      const fullMs = performance.now() - fullStarted;
      const [fullRow] = await database.sql.query<{ bytes: string }>(
        "SELECT bytes::text FROM rec_models WHERE model_id = $1",
        [full],
      );
      const loadStarted2 = performance.now();
      const rebuilt = await loadModels(database, full);
      const loadMs = performance.now() - loadStarted2;

      // The check: the rows the last update made equal the full build's (item ids: the numbering may differ).
      const touchedIds = [...new Set(second.map((l) => String(l.item_id)))];
      const equal = touchedIds.filter((id) =>
        (["community", "related"] as const).every(
          (model) => JSON.stringify(rowById(patched, model, id)) === JSON.stringify(rowById(rebuilt.models, model, id)),
        ),
      ).length;
      console.log(`  rows of the last update's ${touchedIds.length} items equal to the full build's: ${equal}`);
      if (equal !== touchedIds.length) throw new Error("an updated row differs from the full build's");
      for (const [label, u] of [
        ["first update after the build", first],
        ["next update", next],
      ] as const) {
        console.log(`  ${label}: ${u.purchases} new purchase lines, ${u.touched} items touched, ${round1(u.ms)} ms`);
      }
      console.log(`  full build on the same events: ${round1(fullMs)} ms (${mb(Number(fullRow!.bytes))} MB)`);
      console.log(
        `  serving: patch (${mb(Number(patchRow!.bytes))} MB) applied in ${round1(applyMs)} ms, build loaded in ${round1(loadMs)} ms`,
      );
      return {
        parameters: { ...o, database: "postgres" },
        results: {
          first_update_ms: round1(first.ms),
          next_update_ms: round1(next.ms),
          purchases_per_update: o.new,
          touched_items: [first.touched, next.touched],
          patch_bytes: Number(patchRow!.bytes),
          rows_equal_to_full_build: `${equal} of ${touchedIds.length}`,
          apply_patch_ms: round1(applyMs),
        },
        baseline: { full_build_ms: round1(fullMs), build_bytes: Number(fullRow!.bytes), load_build_ms: round1(loadMs) },
        ratio: {
          first_update_over_full_build: Math.round((first.ms / fullMs) * 1000) / 1000,
          next_update_over_full_build: Math.round((next.ms / fullMs) * 1000) / 1000,
          apply_over_load: Math.round((applyMs / loadMs) * 1000) / 1000,
        },
      };
    } finally {
      setDatabase(undefined);
      await database.close().catch(() => {});
      await scratch.drop();
    }
  },
};
