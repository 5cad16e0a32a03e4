/**
 * Building the recommendation models and storing them (rec_models, rec_model_chunks).
 * - buildAndStoreModels reads the catalog and the events (pages by key, so 10 million events never
 *   sit in one result), builds every model (./engine/models.ts), packs them into chunks and marks
 *   the build ready. A build that fails is kept as failed with its error; the previous ready build
 *   goes on serving. Older builds are deleted.
 * - One build at a time across every process (./build-lease.ts): whoever asks while a build runs
 *   (the job, a touchpoint going live, another process) waits for that build's result instead of
 *   building again; a build whose builder died is marked interrupted and built again.
 * - A finished build is announced (./model-signal.ts); ./model-store.ts loads it in every process.
 */
import { type Database, getDatabase } from "@/lib/db/client";
import { readDatabase } from "@/lib/db/replica";
import { env } from "@/lib/env";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { runsHere } from "@/lib/jobs/taken";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { acquireBuild, type BuildLease, INTERRUPTED, sweepInterrupted, waitForBuild } from "./build-lease";
import type { ItemFacts } from "./engine/content";
import { COOKIE_VISITOR, InteractionsBuilder, type KindName } from "./engine/interactions";
import { itemFacts, NO_FACTS } from "./engine/item-facts";
import { type BuildProgress, buildModels } from "./engine/models";
import { packInChunks } from "./engine/pack";
import { announceModelReady } from "./model-signal";

export const CHUNK_BYTES = 2 * 1024 * 1024;
const PAGE = 50_000;
const MODEL_KINDS: KindName[] = ["purchase", "add_to_cart", "click", "view"];
/** How soon an asker looks again when another process holds the lock but shows no row yet. */
const RETRY_MS = 25;

export async function newestReady(database: Database): Promise<string | undefined> {
  const rows = await database.sql.query<{ model_id: string }>(
    "SELECT model_id FROM rec_models WHERE status = 'ready' ORDER BY date_built DESC, model_id DESC LIMIT 1",
  );
  return rows[0]?.model_id;
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

/**
 * A page of the build's events after an id. With a window (RECS_BUILD_WINDOW_DAYS) only events
 * since $3: the months before it are not read at all (events is partitioned by month).
 */
export function eventPageSql(windowed: boolean): string {
  return `SELECT e.id::text AS id, COALESCE(e.customer_id, cc.customer_id) AS visitor, e.cookie_id, e.item_id,
              e.event_type, (extract(epoch FROM e."timestamp") * 1000)::float8 AS ms, e.order_id
       FROM events e LEFT JOIN customer_cookies cc ON cc.cookie_id = e.cookie_id
       WHERE e.id > $1 AND e.item_id IS NOT NULL AND e.event_type = ANY($2::text[])
         ${windowed ? `AND e."timestamp" >= $3::timestamptz` : ""}
       ORDER BY e.id LIMIT ${PAGE}`;
}

async function readEvents(
  database: Database,
  builder: InteractionsBuilder,
): Promise<{ lastId: bigint; count: number; sinceMs?: number }> {
  let after = 0n;
  let count = 0;
  const days = env().RECS_BUILD_WINDOW_DAYS;
  const sinceMs = days === undefined ? undefined : Date.now() - days * 86_400_000;
  const since = sinceMs === undefined ? [] : [new Date(sinceMs).toISOString()];
  const sql = eventPageSql(since.length > 0);
  for (;;) {
    const rows = await database.sql.query<{
      id: string;
      visitor: string | null;
      cookie_id: string | null;
      item_id: string;
      event_type: KindName;
      ms: number;
      order_id: string | null;
    }>(sql, [after.toString(), MODEL_KINDS, ...since]);
    for (const r of rows) {
      const visitor = r.visitor ?? (r.cookie_id ? `${COOKIE_VISITOR}${r.cookie_id}` : null);
      if (!visitor) continue;
      builder.add({
        visitor,
        itemId: r.item_id,
        kind: r.event_type,
        ms: Number(r.ms),
        orderId: r.order_id,
      });
      count++;
    }
    if (rows.length > 0) after = BigInt(rows.at(-1)!.id);
    if (rows.length < PAGE) return { lastId: after, count, sinceMs };
  }
}

/**
 * What a build reads (the catalog, then the events), collected as the models take them. The
 * collector's own tables (ids to numbers, the columns as they grew: at 10M events some hundreds
 * of MB) are garbage once this returns, before any model is built.
 */
export async function readBuildInput(database: Database) {
  const builder = new InteractionsBuilder();
  const catalog = await readCatalog(database, builder);
  const events = await readEvents(database, builder);
  const data = builder.finish();
  const facts = data.itemIds.map((_, i) => catalog[i] ?? NO_FACTS);
  return { data, facts, ...events };
}

const yieldToServing = () => new Promise<void>((resolve) => setImmediate(resolve));

function newModelId(): string {
  return `model_${new Date().toISOString().replace(/\D/g, "").slice(0, 17)}_${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Builds every model from the database's events and catalog and stores them; returns the build's
 * id. While another build runs (in any process), waits for it and returns its id instead.
 */
export async function buildAndStoreModels(options: { reason: string; database?: Database }): Promise<string> {
  const database = options.database ?? (await getDatabase());
  // When this asker first found another build under way before its row showed (PostgreSQL).
  let joinSince: Date | undefined;
  for (;;) {
    const modelId = newModelId();
    const got = await acquireBuild(database, modelId, options.reason, { joinSince });
    if ("joined" in got) return got.joined;
    if ("lease" in got) {
      try {
        return await buildWithLease(database, got.lease);
      } finally {
        await got.lease.release();
      }
    }
    if (!got.running) {
      joinSince ??= got.askedAt;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      continue;
    }
    log.info("a model build is under way; waiting for it", { running: got.running, reason: options.reason });
    const outcome = await waitForBuild(database, got.running);
    if (outcome.status === "ready") return got.running;
    if (outcome.status === "failed" && outcome.error !== INTERRUPTED) {
      throw new Error(`the model build ${got.running} this one waited for failed: ${outcome.error}`);
    }
    // Interrupted (its builder died) or deleted: ask again, and build if nobody else does.
  }
}

/**
 * The models from the database's catalog and events. The events as read (at 10M events ~130 MB of
 * columns) are garbage when this returns: the models keep only the id lists.
 */
async function readAndBuild(source: Database, progress: BuildProgress) {
  const { data, facts, lastId, count, sinceMs } = await readBuildInput(source);
  const models = await buildModels(data, facts, { progress });
  // An incremental update reads the same window of events (./model-update.ts).
  if (sinceMs !== undefined) models.windowSinceMs = sinceMs;
  return { models, lastId, count };
}

/** Builds and stores the models under a lease already taken (./build-lease.ts); returns its id. */
export async function buildWithLease(database: Database, lease: BuildLease): Promise<string> {
  const { prisma } = database;
  const { modelId } = lease;
  const stillHeld = () => {
    const lost = lease.lost();
    if (lost) throw new Error(`the build lost its lease: ${lost}`);
  };
  const started = performance.now();
  try {
    // The catalog and the events come from the read replica when there is one, once it has
    // replayed the primary's writes so far (lib/db/replica.ts); the build's own writes go to the primary.
    const source = await readDatabase("model build", database);
    const { models, lastId, count } = await readAndBuild(source, async (step, done, total) => {
      stillHeld();
      log.info("building recommendation models", { modelId, step, done, total });
      // The studio's background-work indicator reads this (lib/health/background-work.ts).
      await database.sql
        .query(
          `UPDATE rec_models SET stats = jsonb_build_object('progress', $2::jsonb), date_heartbeat = now()
           WHERE model_id = $1`,
          [modelId, JSON.stringify({ step, done, total })],
        )
        .catch(() => {});
      await yieldToServing();
    });
    // Packed chunk by chunk as they are written: the whole packed build (as large as the models)
    // is never in memory beside them.
    const packed = packInChunks(models, CHUNK_BYTES);
    stillHeld();
    // One statement per chunk, not one transaction: a reader loads only builds marked ready (the
    // update below), and short statements never hold the database long (on PGlite, one backend
    // for every connection). A failed build's chunks go with its row (ON DELETE CASCADE). The
    // chunk goes to the driver as it is (through the ORM it was copied twice more).
    let seq = 0;
    for (const chunk of packed.chunks()) {
      await database.sql.query("INSERT INTO rec_model_chunks (model_id, seq, data) VALUES ($1, $2, $3)", [
        modelId,
        seq++,
        chunk,
      ]);
    }
    stillHeld();
    // Only a build still `building` becomes ready: one marked interrupted meanwhile (its heartbeat
    // held up past STALE_MS) may have a successor under way.
    const marked = await prisma.recModel.updateMany({
      where: { model_id: modelId, status: "building" },
      data: {
        status: "ready",
        date_built: new Date(),
        last_event_id: lastId,
        events: BigInt(count),
        bytes: BigInt(packed.bytes),
        stats: { ...models.stats, total: { ms: Math.round(performance.now() - started) } },
      },
    });
    if (marked.count === 0) throw new Error("the build was marked failed while it ran (taken for dead)");
    await announceModelReady(database, modelId);
    await deleteOldBuilds(database);
    log.info("recommendation models built", {
      modelId,
      events: count,
      items: models.itemIds.length,
      visitors: models.users.length,
      mb: Math.round(packed.bytes / 1048576),
      ms: Math.round(performance.now() - started),
    });
    return modelId;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Keeps an interrupted verdict (set by whoever found the build dead) as it is.
    await prisma.recModel
      .updateMany({
        where: { model_id: modelId, status: "building" },
        data: { status: "failed", error: message.slice(0, 1000) },
      })
      .catch(() => {});
    await prisma.recModelChunk.deleteMany({ where: { model_id: modelId } }).catch(() => {});
    throw error;
  }
}

/** Keeps the newest ready build and the one before it (a process may still be loading that one). */
async function deleteOldBuilds(database: Database): Promise<void> {
  const { prisma } = database;
  const ready = await prisma.recModel.findMany({
    where: { status: "ready" },
    orderBy: [{ date_built: "desc" }, { model_id: "desc" }],
    select: { model_id: true },
  });
  const keep = ready.slice(0, 2).map((r) => r.model_id);
  await prisma.recModel.deleteMany({ where: { model_id: { notIn: keep }, status: "ready" } });
  await prisma.recModel.deleteMany({
    where: { status: "failed", date_started: { lt: new Date(Date.now() - 7 * 86_400_000) } },
  });
}

/**
 * Builds the models unless a ready build exists (a touchpoint with learned rules going live). A
 * job worker thread that does not take the builds queue (the calculations' thread, with sends and
 * exports) queues the build and waits for it instead (awaitQueuedBuild): a build at 1M customers
 * holds its thread for up to a minute per step.
 */
const building = processWide("recommend.models.building", () => new Map<Database, Promise<string>>());
export async function ensureModelsBuilt(database?: Database): Promise<void> {
  const db = database ?? (await getDatabase());
  if (await newestReady(db)) return;
  if (!runsHere(JOBS.buildModels)) return awaitQueuedBuild(db);
  // Callers in this process share one promise; other processes meet at the lease.
  let run = building.get(db);
  if (!run) {
    run = buildAndStoreModels({ reason: "a touchpoint with learned rules went live", database: db });
    building.set(db, run);
    run.finally(() => building.delete(db)).catch(() => {});
  }
  await run;
}

/** How long a calculation waits for the build it queued (the build job's own expiry). */
const QUEUED_BUILD_WAIT_MS = 3_600_000;
const QUEUED_BUILD_POLL_MS = 1000;

/**
 * Queues a build and waits until a build is ready; throws when a build started since then failed
 * (an interrupted one is retried by the builds pool: waited for), or after the build job's expiry
 * (no worker takes the builds pool).
 */
async function awaitQueuedBuild(db: Database): Promise<void> {
  const asked = new Date(Date.now() - 1000);
  await requestModelBuild("a touchpoint with learned rules went live", { anyModel: true });
  const deadline = Date.now() + QUEUED_BUILD_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, QUEUED_BUILD_POLL_MS));
    if (await newestReady(db)) return;
    const [failed] = await db.sql.query<{ model_id: string; error: string | null }>(
      `SELECT model_id, error FROM rec_models WHERE status = 'failed' AND date_started >= $1 AND error IS DISTINCT FROM $2
        ORDER BY date_started DESC LIMIT 1`,
      [asked, INTERRUPTED],
    );
    if (failed) throw new Error(`the model build ${failed.model_id} failed: ${failed.error ?? "no reason recorded"}`);
  }
  throw new Error(
    `no model build was ready ${QUEUED_BUILD_WAIT_MS / 60_000} minutes after one was queued: does a worker take the builds pool (WORKER_QUEUES)?`,
  );
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

/**
 * Queues a build (one request waits at a time per key, `anyModel` ones under their own: more
 * requests while one is queued are the same build). The
 * request carries the database's time of asking: a build that started after it read every event
 * the request was about, so the job skips when one has (see builtSince). Two reasons asked at once
 * (a worker starting: the retry of a build interrupted by the last stop, and a touchpoint going
 * live) otherwise made two full builds in a row, minutes of the worker each at 10M events.
 */
export async function requestModelBuild(reason: string, options: { anyModel?: boolean } = {}): Promise<void> {
  const database = await getDatabase();
  const [row] = await database.sql.query<{ now: Date }>("SELECT now() AS now");
  const boss = await getBoss();
  await boss.send(
    JOBS.buildModels,
    { reason, askedAt: new Date(row!.now).toISOString(), ...(options.anyModel ? { anyModel: true } : {}) },
    // Queued apart: an `anyModel` request must not take the place of one that wants newer models
    // (one queued request per key; the job answered by any ready build would drop it).
    { singletonKey: options.anyModel ? "models-any" : "models", retryLimit: 0, expireInSeconds: 3600 },
  );
}

/**
 * The build that answers a queued request, when one does (the job then builds nothing): a request
 * that wants `anyModel` (a touchpoint going live, customer lists: they need models, not newer
 * ones) is answered by any ready build, even one that started before it was asked (on a fresh
 * start, the demo's calculations asked while the first build was reading the events, and a second
 * build of the same 1M events followed it); any other request (events since the last build, the
 * API, a retry) by a build that started after it was asked (builtSince).
 */
export async function buildAnswering(
  request: { askedAt?: Date; anyModel?: boolean },
  database?: Database,
): Promise<string | undefined> {
  const db = database ?? (await getDatabase());
  if (request.anyModel) {
    const ready = await newestReady(db);
    if (ready) return ready;
  }
  return request.askedAt ? builtSince(request.askedAt, db) : undefined;
}

/** A ready build that started at or after `askedAt` (the database's time), if any. */
export async function builtSince(askedAt: Date, database?: Database): Promise<string | undefined> {
  const db = database ?? (await getDatabase());
  const [row] = await db.sql.query<{ model_id: string }>(
    `SELECT model_id FROM rec_models WHERE status = 'ready' AND date_started >= $1
      ORDER BY date_started DESC LIMIT 1`,
    [askedAt],
  );
  return row?.model_id;
}

/**
 * Marks builds whose builder died as interrupted and queues a build in their place (the job
 * worker's start and its periodic check); returns the interrupted builds' ids.
 */
export async function recoverInterruptedBuilds(database?: Database): Promise<string[]> {
  const db = database ?? (await getDatabase());
  const interrupted = await sweepInterrupted(db);
  if (interrupted.length) await requestModelBuild(`retry of the interrupted build ${interrupted.at(-1)}`);
  return interrupted;
}
