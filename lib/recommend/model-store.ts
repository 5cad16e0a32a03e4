/**
 * The recommendation models in the database and in each process's memory.
 * - buildAndStoreModels reads the catalog and the events (pages by key, so 10 million events never
 *   sit in one result), builds every model (./engine/models.ts), packs them into chunks of
 *   rec_model_chunks and marks the build ready in the same transaction. A build that fails is kept
 *   as failed with its error; the previous ready build goes on serving. Older builds are deleted.
 * - Each process serves the newest ready build: modelsNow() answers from memory without waiting
 *   and, at most every CHECK_MS, looks in the background for a newer build, which it loads while the
 *   old one keeps serving. A build finished by any worker is served by every process within
 *   about CHECK_MS plus its load time.
 */

import { type Database, getDatabase } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { env } from "@/lib/env";
import { tracked } from "@/lib/health/event-loop";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import type { ItemFacts } from "./engine/content";
import { COOKIE_VISITOR, InteractionsBuilder, type KindName } from "./engine/interactions";
import { itemFacts, NO_FACTS } from "./engine/item-facts";
import { buildModels, type Models } from "./engine/models";
import { pack, unpack } from "./engine/pack";

const CHECK_MS = 2000;
const CHUNK_BYTES = 2 * 1024 * 1024;
const PAGE = 50_000;
const MODEL_KINDS: KindName[] = ["purchase", "add_to_cart", "click", "view"];

export interface LoadedModels {
  modelId: string;
  models: Models;
  userNo: Map<string, number>;
  itemNo: Map<string, number>;
}

interface Holder {
  database: Database;
  loaded?: LoadedModels;
  checkedAt: number;
  checking?: Promise<LoadedModels | undefined>;
}

const holderOf = perDatabase<Holder>("recommend.models", (database) => ({ database, checkedAt: 0 }));
const active = processWide("recommend.models.active", () => ({ holder: undefined as Holder | undefined }));

async function newestReady(database: Database): Promise<string | undefined> {
  const rows = await database.sql.query<{ model_id: string }>(
    "SELECT model_id FROM rec_models WHERE status = 'ready' ORDER BY date_built DESC, model_id DESC LIMIT 1",
  );
  return rows[0]?.model_id;
}

async function load(database: Database, modelId: string): Promise<LoadedModels> {
  return tracked("recommendation models: load", () => loadModels(database, modelId));
}

async function loadModels(database: Database, modelId: string): Promise<LoadedModels> {
  const started = performance.now();
  const chunks = await database.prisma.recModelChunk.findMany({
    where: { model_id: modelId },
    orderBy: { seq: "asc" },
  });
  const models = unpack<Models>(Buffer.concat(chunks.map((c) => Buffer.from(c.data))));
  const loaded = {
    modelId,
    models,
    userNo: new Map(models.users.map((u, n) => [u, n])),
    itemNo: new Map(models.itemIds.map((id, n) => [id, n])),
  };
  log.info("recommendation models loaded", { modelId, ms: Math.round(performance.now() - started) });
  return loaded;
}

function check(holder: Holder): Promise<LoadedModels | undefined> {
  if (holder.checking) return holder.checking;
  holder.checkedAt = Date.now();
  const run = (async () => {
    const newest = await newestReady(holder.database);
    if (newest && newest !== holder.loaded?.modelId) holder.loaded = await load(holder.database, newest);
    return holder.loaded;
  })();
  holder.checking = run;
  run
    .catch((error) => log.warn("loading recommendation models failed", { error: String(error) }))
    .finally(() => {
      holder.checking = undefined;
    });
  return run;
}

/** The models of this database, loaded (or refreshed) now. */
export async function currentModels(database?: Database): Promise<LoadedModels | undefined> {
  const holder = holderOf(database ?? (await getDatabase()));
  active.holder = holder;
  return check(holder);
}

/** The models in memory, without waiting (a look for a newer build starts when due); else undefined. */
export function modelsNow(): LoadedModels | undefined {
  const holder = active.holder;
  if (!holder) return undefined;
  if (Date.now() - holder.checkedAt >= CHECK_MS) void check(holder).catch(() => {});
  return holder.loaded;
}

/** Starts watching this database's models (serving processes), loading the newest build. */
export function watchModels(database: Database): void {
  const holder = holderOf(database);
  if (active.holder !== holder) {
    active.holder = holder;
    void check(holder).catch(() => {});
  }
}

async function readCatalog(database: Database, builder: InteractionsBuilder): Promise<ItemFacts[]> {
  const facts: ItemFacts[] = [];
  let after = "";
  for (;;) {
    const rows = await database.sql.query<Parameters<typeof itemFacts>[0] & { item_id: string }>(
      `SELECT item_id, item_name, product_price, descriptions, categories, attributes FROM items
       WHERE item_id > $1 ORDER BY item_id LIMIT ${PAGE}`,
      [after],
    );
    for (const row of rows) facts[builder.itemIndex(row.item_id)] = itemFacts(row);
    if (rows.length < PAGE) return facts;
    after = rows.at(-1)!.item_id;
  }
}

async function readEvents(
  database: Database,
  builder: InteractionsBuilder,
): Promise<{ lastId: bigint; count: number }> {
  let after = 0n;
  let count = 0;
  for (;;) {
    const rows = await database.sql.query<{
      id: string;
      visitor: string | null;
      cookie_id: string | null;
      item_id: string;
      event_type: KindName;
      ms: number;
      order_id: string | null;
      quantity: number;
    }>(
      `SELECT e.id::text AS id, COALESCE(e.customer_id, cc.customer_id) AS visitor, e.cookie_id, e.item_id,
              e.event_type, (extract(epoch FROM e."timestamp") * 1000)::float8 AS ms, e.order_id, e.quantity
       FROM events e LEFT JOIN customer_cookies cc ON cc.cookie_id = e.cookie_id
       WHERE e.id > $1 AND e.item_id IS NOT NULL AND e.event_type = ANY($2::text[])
       ORDER BY e.id LIMIT ${PAGE}`,
      [after.toString(), MODEL_KINDS],
    );
    for (const r of rows) {
      const visitor = r.visitor ?? (r.cookie_id ? `${COOKIE_VISITOR}${r.cookie_id}` : null);
      if (!visitor) continue;
      builder.add({
        visitor,
        itemId: r.item_id,
        kind: r.event_type,
        ms: Number(r.ms),
        orderId: r.order_id,
        quantity: r.quantity,
      });
      count++;
    }
    if (rows.length > 0) after = BigInt(rows.at(-1)!.id);
    if (rows.length < PAGE) return { lastId: after, count };
  }
}

const yieldToServing = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Builds every model from the database's events and catalog and stores them; returns the build's id. */
export async function buildAndStoreModels(options: { reason: string; database?: Database }): Promise<string> {
  const database = options.database ?? (await getDatabase());
  const prisma = database.prisma;
  const modelId = `model_${new Date().toISOString().replace(/\D/g, "").slice(0, 17)}_${Math.random().toString(36).slice(2, 6)}`;
  await prisma.recModel.create({ data: { model_id: modelId, reason: options.reason } });
  const started = performance.now();
  try {
    const builder = new InteractionsBuilder();
    const catalog = await readCatalog(database, builder);
    const { lastId, count } = await readEvents(database, builder);
    const data = builder.finish();
    const facts = data.itemIds.map((_, i) => catalog[i] ?? NO_FACTS);
    const models = await buildModels(data, facts, {
      progress: async (step, done, total) => {
        log.info("building recommendation models", { modelId, step, done, total });
        // The studio's background-work indicator reads this (lib/health/background-work.ts).
        await prisma.recModel
          .update({ where: { model_id: modelId }, data: { stats: { progress: { step, done, total } } } })
          .catch(() => {});
        await yieldToServing();
      },
    });
    const bytes = pack(models);
    // One statement per chunk, not one transaction: a reader loads only builds marked ready (the
    // update below), and short statements never hold the database long (on PGlite, one backend
    // for every connection). A failed build's chunks go with its row (ON DELETE CASCADE).
    for (let at = 0, seq = 0; at < bytes.length; at += CHUNK_BYTES, seq++) {
      const data = new Uint8Array(bytes.subarray(at, at + CHUNK_BYTES));
      await prisma.recModelChunk.create({ data: { model_id: modelId, seq, data } });
    }
    await prisma.recModel.update({
      where: { model_id: modelId },
      data: {
        status: "ready",
        date_built: new Date(),
        last_event_id: lastId,
        events: BigInt(count),
        bytes: BigInt(bytes.length),
        stats: { ...models.stats, total: { ms: Math.round(performance.now() - started) } },
      },
    });
    // Keep this build and the one before it (a process may still be loading that one).
    const ready = await prisma.recModel.findMany({
      where: { status: "ready" },
      orderBy: [{ date_built: "desc" }, { model_id: "desc" }],
      select: { model_id: true },
    });
    const keep = ready.slice(0, 2).map((r) => r.model_id);
    await prisma.recModel.deleteMany({ where: { model_id: { notIn: keep }, status: "ready" } });
    await prisma.recModel.deleteMany({
      where: { status: { not: "ready" }, date_started: { lt: new Date(Date.now() - 7 * 86_400_000) } },
    });
    log.info("recommendation models built", {
      modelId,
      events: count,
      items: data.itemIds.length,
      visitors: data.users.length,
      mb: Math.round(bytes.length / 1048576),
      ms: Math.round(performance.now() - started),
    });
    return modelId;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await prisma.recModel
      .update({ where: { model_id: modelId }, data: { status: "failed", error: message.slice(0, 1000) } })
      .catch(() => {});
    await prisma.recModelChunk.deleteMany({ where: { model_id: modelId } }).catch(() => {});
    throw error;
  }
}

/** Builds the models unless a ready build exists (a touchpoint with learned rules going live). */
const building = processWide("recommend.models.building", () => new Map<Database, Promise<string>>());
export async function ensureModelsBuilt(database?: Database): Promise<void> {
  const db = database ?? (await getDatabase());
  if (await newestReady(db)) return;
  let run = building.get(db);
  if (!run) {
    run = buildAndStoreModels({ reason: "a touchpoint with learned rules went live", database: db });
    building.set(db, run);
    run.finally(() => building.delete(db)).catch(() => {});
  }
  await run;
}

/** Why a rebuild is due now (RECS_REBUILD_EVENTS new events since the newest build, or none yet), else undefined. */
export async function rebuildDue(database?: Database): Promise<string | undefined> {
  const db = database ?? (await getDatabase());
  const newest = await db.sql.query<{ last_event_id: string; events: string }>(
    "SELECT last_event_id::text, events::text FROM rec_models WHERE status = 'ready' ORDER BY date_built DESC LIMIT 1",
  );
  if (!newest[0]) return undefined; // the first build comes with the first touchpoint that needs it
  const threshold = Math.min(env().RECS_REBUILD_EVENTS, Math.max(1000, Number(newest[0].events) / 5));
  const fresh = await db.sql.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM (SELECT 1 FROM events WHERE id > $1 LIMIT ${Math.ceil(threshold)}) e`,
    [newest[0].last_event_id],
  );
  const n = fresh[0]?.n ?? 0;
  return n >= threshold ? `${n} new events since the last build` : undefined;
}

/** Queues a build (one waits at a time: more requests while one is queued are the same build). */
export async function requestModelBuild(reason: string): Promise<void> {
  const boss = await getBoss();
  await boss.send(JOBS.buildModels, { reason }, { singletonKey: "models", retryLimit: 0, expireInSeconds: 3600 });
}
