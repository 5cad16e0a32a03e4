/**
 * The incremental update job (issue 21; JOBS.updateModels every RECS_UPDATE_MINUTES): purchases
 * that arrived since the newest build (or its last patch) reach the item-to-item models within
 * minutes instead of at the nightly build. For the items those purchases touched, the community
 * and related rows are scored again (./engine/row-update.ts) from the database: the buyers of the
 * touched items and all their purchases, read like the build reads them (same visitors, order,
 * window), against every item's basket count (the base's, read alone: ./model-sections.ts). The
 * result is stored as a patch of the base (./model-patches.ts), announced like a build, and
 * applied by every serving process (./model-store.ts).
 * - One at a time with builds: on PostgreSQL it holds the builds' advisory lock (./build-lease.ts)
 *   for its whole run; on the embedded database it does not run while a build is `building`. On
 *   both, the patch is written only if its base is still the newest ready build and no other
 *   update wrote the same patch number (ON CONFLICT DO NOTHING): two updates at once make one,
 *   and an update that a build overtook is dropped.
 * - At RECS_REBUILD_EVENTS new events (or a fifth of the build's) a full build is due: it is
 *   queued instead.
 */
import { type Database, getDatabase } from "@/lib/db/client";
import { readDatabase } from "@/lib/db/replica";
import { log } from "@/lib/log";
import { tryModelsLock } from "./build-lease";
import { COOKIE_VISITOR, type Interactions, InteractionsBuilder } from "./engine/interactions";
import { pack } from "./engine/pack";
import { mergePatches, type RowPatch, UPDATED_MODELS, type UpdatedModel, updateRows } from "./engine/row-update";
import { rebuildDue, requestModelBuild } from "./model-build";
import { type ModelsPatch, newestPatch } from "./model-patches";
import { readSections, sectionAt } from "./model-sections";
import { announceModelReady } from "./model-signal";

const PAGE = 50_000;

export type UpdateOutcome =
  | { updated: { modelId: string; seq: number; touched: number; purchases: number; ms: number } }
  | { skipped: string };

interface Purchase {
  id: bigint;
  visitor: string;
  itemId: string;
  ms: number;
  orderId: string | null;
}

/** The visitor of an event as the build names it (model-build.ts readEvents). */
const VISITOR_SQL = `COALESCE(e.customer_id, cc.customer_id)`;
const PURCHASE_COLUMNS = `e.id::text AS id, ${VISITOR_SQL} AS customer, e.cookie_id, e.item_id,
  (extract(epoch FROM e."timestamp") * 1000)::float8 AS ms, e.order_id`;
const PURCHASES_FROM = `events e LEFT JOIN customer_cookies cc ON cc.cookie_id = e.cookie_id
  WHERE e.event_type = 'purchase' AND e.item_id IS NOT NULL`;

interface PurchaseRow {
  id: string;
  customer: string | null;
  cookie_id: string | null;
  item_id: string;
  ms: number;
  order_id: string | null;
}

function purchase(r: PurchaseRow): Purchase | undefined {
  const visitor = r.customer ?? (r.cookie_id ? `${COOKIE_VISITOR}${r.cookie_id}` : null);
  if (!visitor) return undefined;
  return { id: BigInt(r.id), visitor, itemId: r.item_id, ms: Number(r.ms), orderId: r.order_id };
}

/** Runs one update if one is due; says what it did. */
export async function updateModels(options: { database?: Database } = {}): Promise<UpdateOutcome> {
  const database = options.database ?? (await getDatabase());
  const lock = database.kind === "postgres" ? await tryModelsLock(database) : undefined;
  if (lock === null) return { skipped: "a model build or another update is under way" };
  try {
    if (database.kind !== "postgres") {
      const building = await database.sql.query("SELECT 1 FROM rec_models WHERE status = 'building' LIMIT 1");
      if (building.length) return { skipped: "a model build is under way" };
    }
    return await update(database);
  } finally {
    await lock?.end().catch(() => {});
  }
}

async function update(database: Database): Promise<UpdateOutcome> {
  const started = performance.now();
  const [base] = await database.sql.query<{ model_id: string; last_event_id: string }>(
    `SELECT model_id, last_event_id::text FROM rec_models WHERE status = 'ready'
     ORDER BY date_built DESC, model_id DESC LIMIT 1`,
  );
  if (!base) return { skipped: "no model build yet" };
  const due = await rebuildDue(database);
  if (due) {
    await requestModelBuild(due);
    return { skipped: `a full build is due: ${due}` };
  }
  const previous = await newestPatch(database, base.model_id);
  const from = previous?.patch.lastEventId ?? base.last_event_id;
  const source = await readDatabase("model update", database);
  const [top] = await source.sql.query<{ id: string | null }>("SELECT max(id)::text AS id FROM events WHERE id > $1", [
    from,
  ]);
  if (!top?.id) return { skipped: "no new events" };
  const upTo = top.id;

  const { header, values } = await baseParts(database, base.model_id);
  const itemIds = values.itemIds as string[] | undefined;
  if (!itemIds || !values.community || !values.related) {
    return { skipped: "the build keeps no basket counts (made before updates): the next full build will" };
  }
  const sinceMs = typeof header.windowSinceMs === "number" ? header.windowSinceMs : undefined;
  const windowSql = sinceMs === undefined ? "" : `AND e."timestamp" >= to_timestamp(${sinceMs / 1000})`;

  const fresh = (
    await source.sql.query<PurchaseRow>(
      `SELECT ${PURCHASE_COLUMNS} FROM ${PURCHASES_FROM} AND e.id > $1 AND e.id <= $2 ${windowSql} ORDER BY e.id`,
      [from, upTo],
    )
  )
    .map(purchase)
    .filter((p) => p !== undefined);
  const itemNo = new Map(itemIds.map((id, n) => [id, n]));
  const touched = [...new Set(fresh.map((p) => itemNo.get(p.itemId)).filter((n) => n !== undefined))].sort(
    (a, b) => a - b,
  );
  if (!touched.length) return { skipped: "no new purchases of items the build knows" };

  const buyers = await buyersOf(
    source,
    touched.map((n) => itemIds[n]!),
    upTo,
    windowSql,
  );
  const changed = new Set(fresh.map((p) => p.visitor));
  // With the visitors of new purchases of items the build does not know: their baskets changed too.
  const lines = await purchasesOf(source, new Set([...buyers, ...changed]), upTo, windowSql);
  const extra = [...new Set(lines.map((p) => p.itemId).filter((id) => !itemNo.has(id)))];
  const numbered = [...itemIds, ...extra];
  const cut = BigInt(from);
  const input = {
    buyers: interactions(numbered, lines),
    before: interactions(
      numbered,
      lines.filter((p) => changed.has(p.visitor) && p.id <= cut),
    ),
    after: interactions(
      numbered,
      lines.filter((p) => changed.has(p.visitor)),
    ),
    nBase: itemIds.length,
  };
  const rows = Int32Array.from(touched);
  const models = {} as Record<UpdatedModel, RowPatch>;
  for (const model of Object.keys(UPDATED_MODELS) as UpdatedModel[]) {
    const count = (values[model] as Int32Array).slice();
    const earlier = previous?.patch.models[model];
    if (earlier) for (let q = 0; q < earlier.countItems.length; q++) count[earlier.countItems[q]!] = earlier.count[q]!;
    models[model] = mergePatches(earlier, updateRows(model, { ...input, count }, rows));
  }
  const patch: ModelsPatch = {
    baseModelId: base.model_id,
    lastEventId: upTo,
    purchases: (previous?.patch.purchases ?? 0) + fresh.length,
    models,
  };
  const bytes = pack(patch);
  const seq = (previous?.seq ?? 0) + 1;
  const ms = Math.round(performance.now() - started);
  const stats = { ms, touched: touched.length, purchases: fresh.length, buyers: buyers.size, lines: lines.length };
  const written = await database.sql.query(
    `INSERT INTO rec_model_patches (model_id, seq, last_event_id, bytes, data, stats)
     SELECT $1, $2, $3::bigint, $4, $5, $6::jsonb
     WHERE $1 = (SELECT model_id FROM rec_models WHERE status = 'ready' ORDER BY date_built DESC, model_id DESC LIMIT 1)
     ON CONFLICT DO NOTHING RETURNING seq`,
    [base.model_id, seq, upTo, bytes.length, bytes, JSON.stringify(stats)],
  );
  if (!written.length) return { skipped: "another update or a new build came first" };
  // The one before stays for a process that is reading it now; older ones are covered by this one.
  await database.sql.query("DELETE FROM rec_model_patches WHERE model_id = $1 AND seq < $2", [base.model_id, seq - 1]);
  await announceModelReady(database, patchSignal(base.model_id, seq));
  log.info("recommendation models updated", { modelId: base.model_id, seq, ...stats, bytes: bytes.length });
  return { updated: { modelId: base.model_id, seq, touched: touched.length, purchases: fresh.length, ms } };
}

/**
 * The build's item numbering and basket counts (read alone from its chunks: ./model-sections.ts),
 * kept for the next update of the same build: they never change, and reading them is most of a
 * small update's time (bytea comes as hex text: ~0.5 s for a few MB).
 */
let lastBase: { modelId: string; parts: Awaited<ReturnType<typeof readBaseParts>> } | undefined;
async function baseParts(database: Database, modelId: string) {
  if (lastBase?.modelId !== modelId) lastBase = { modelId, parts: await readBaseParts(database, modelId) };
  return lastBase.parts;
}
function readBaseParts(database: Database, modelId: string) {
  return readSections(database, modelId, (h) => ({
    itemIds: sectionAt(h, ["itemIds"]),
    community: sectionAt(h, ["community", "count"]),
    related: sectionAt(h, ["related", "count"]),
  }));
}

/** What announces a patch (model-signal.ts): distinct from the build's id, so a process that serves it looks. */
export function patchSignal(modelId: string, seq: number): string {
  return `${modelId}#${seq}`;
}

/** Every visitor who bought one of the items (up to the update's last event). */
async function buyersOf(source: Database, items: string[], upTo: string, windowSql: string): Promise<Set<string>> {
  const rows = await source.sql.query<PurchaseRow>(
    `SELECT DISTINCT '0' AS id, ${VISITOR_SQL} AS customer, e.cookie_id, '' AS item_id, 0::float8 AS ms, NULL AS order_id
     FROM ${PURCHASES_FROM} AND e.item_id = ANY($1::text[]) AND e.id <= $2 ${windowSql}`,
    [items, upTo],
  );
  return new Set(rows.map(purchase).flatMap((p) => (p ? [p.visitor] : [])));
}

/** Every purchase of the visitors, in the build's order (by id), paged by id. */
async function purchasesOf(source: Database, visitors: Set<string>, upTo: string, windowSql: string) {
  const customers = [...visitors].filter((v) => !v.startsWith(COOKIE_VISITOR));
  const cookies = [...visitors].filter((v) => v.startsWith(COOKIE_VISITOR)).map((v) => v.slice(COOKIE_VISITOR.length));
  const out: Purchase[] = [];
  let after = "0";
  for (;;) {
    // A customer's events, their cookies' events, and cookie visitors' events; the visitor each
    // names is checked below (a cookie of a buyer may carry another customer's id).
    const rows = await source.sql.query<PurchaseRow>(
      `SELECT ${PURCHASE_COLUMNS} FROM ${PURCHASES_FROM} AND e.id > $1 AND e.id <= $2 ${windowSql}
         AND (e.customer_id = ANY($3::text[]) OR e.cookie_id = ANY($4::text[])
              OR e.cookie_id IN (SELECT cookie_id FROM customer_cookies WHERE customer_id = ANY($3::text[])))
       ORDER BY e.id LIMIT ${PAGE}`,
      [after, upTo, customers, cookies],
    );
    for (const r of rows) {
      const p = purchase(r);
      if (p && visitors.has(p.visitor)) out.push(p);
    }
    if (rows.length < PAGE) return out;
    after = rows.at(-1)!.id;
  }
}

/** The purchases as the engine reads them, items numbered as given (the base's first). */
function interactions(itemIds: string[], lines: Purchase[]): Interactions {
  const builder = new InteractionsBuilder();
  for (const id of itemIds) builder.itemIndex(id);
  for (const p of lines)
    builder.add({ visitor: p.visitor, itemId: p.itemId, kind: "purchase", ms: p.ms, orderId: p.orderId });
  return builder.finish();
}
