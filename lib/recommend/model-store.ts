/**
 * The recommendation models in each process's memory (built and stored by ./model-build.ts).
 * Each process serves the newest ready build: modelsNow() answers from memory without waiting.
 * A newly ready build is announced (./model-signal.ts: another thread of this process, or NOTIFY
 * from another process) and loaded at once in the background while the old one keeps serving; a
 * look for a newer build every FALLBACK_CHECK_MS (on a request) covers a lost announcement.
 * A load holds one copy of the new models beside the serving one: chunks are read one at a time
 * into a single buffer that the unpacked typed arrays then view (no concatenation, no copies);
 * the community models' sharpened scores are computed then too, in time slices, before the new
 * models serve (never by a request).
 * Incremental updates (./model-update.ts) are patches of the serving build: a process applies the
 * newest on top of the build as loaded (./model-patches.ts: the updated models' arrays copied with
 * the patch's rows, every other array shared), announced like builds; a process loading a build
 * applies its newest patch before it serves.
 * Only a process that serves a learned touchpoint watches the models (serveModels); other work
 * that ranks with them loads the newest build for itself (modelsForWork).
 */

import { wallMs } from "@/lib/clock";
import { type Database, getDatabase, openDatabase } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { tracked } from "@/lib/health/event-loop";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { SLICE_MS, timeSlice } from "@/lib/time-slice";
import type { Models } from "./engine/models";
import { forgetSharpened, sharpenAhead } from "./engine/neighbour-picks";
import { type PackedStrings, unpackSliced } from "./engine/pack";
import { newestReady } from "./model-build";
import { newestPatch, patchedModels } from "./model-patches";
import { onModelReady } from "./model-signal";
import { StringTable } from "./string-table";

export {
  buildAndStoreModels,
  ensureModelsBuilt,
  rebuildDue,
  recoverInterruptedBuilds,
  requestModelBuild,
} from "./model-build";

const FALLBACK_CHECK_MS = 15_000;
/**
 * Bytes of a stored chunk (2 MB) read per query while loading, as `substring`: the driver receives
 * a row's value whole on this thread (its hex text made into one string, the message's pieces
 * joined first), which for a whole chunk held the thread for tens of milliseconds on a busy
 * machine (1M customers: stalls of 40-99 ms through the web's load, its own CPU time). A part of
 * 256 KB is also what is decoded between two time slices.
 */
const PART_BYTES = 256 * 1024;

export interface LoadedModels {
  modelId: string;
  /** The patch applied (./model-patches.ts; 0 or none: none): `models` is `base` with it. */
  patchSeq?: number;
  models: Models;
  /** The build as loaded, unpatched (none: `models` is). */
  base?: Models;
  userNo: IdNumbers;
  itemNo: Map<string, number>;
}

/** Each visitor's number in the models (their index in `users`). */
export interface IdNumbers {
  get(id: string): number | undefined;
}

interface Holder {
  database: Database;
  loaded?: LoadedModels;
  checkedAt: number;
  checking?: Promise<LoadedModels | undefined>;
  /** A build was announced during a check: look again when it ends. */
  again?: boolean;
}

const holderOf = perDatabase<Holder>("recommend.models", (database) => ({ database, checkedAt: 0 }));
const active = processWide("recommend.models.active", () => ({ holder: undefined as Holder | undefined }));

/**
 * The rest between two slices of a load or patch (lib/time-slice.ts): while a build is stored the
 * web thread shares two cores with the database and the worker, and a thread that loads flat out
 * is the one the scheduler makes wait, requests and all.
 */
const LOAD_REST_MS = 2;
const loadSlice = () => timeSlice(SLICE_MS, { restMs: LOAD_REST_MS });

async function load(database: Database, modelId: string): Promise<LoadedModels> {
  return tracked("recommendation models: load", () => loadModels(database, modelId));
}

export async function loadModels(database: Database, modelId: string): Promise<LoadedModels> {
  const started = performance.now();
  const size = await database.sql.query<{ bytes: string }>("SELECT bytes::text FROM rec_models WHERE model_id = $1", [
    modelId,
  ]);
  const total = Number(size[0]?.bytes ?? 0);
  // One buffer of the build's size, filled chunk by chunk: the only copy of the new models. Not
  // zero-filled (every byte is written below, and checked): filling 444 MB held the thread ~0.2 s.
  const bytes = Buffer.allocUnsafeSlow(total);
  let filled = 0;
  // Read and decoded a part of a chunk at a time, between time slices (see PART_BYTES) with a rest
  // after each: the models serving meanwhile stay, so the load can yield the core (LOAD_REST_MS).
  const slice = loadSlice();
  const chunks = await database.sql.query<{ seq: number; bytes: number }>(
    "SELECT seq, length(data) AS bytes FROM rec_model_chunks WHERE model_id = $1 ORDER BY seq",
    [modelId],
  );
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.bytes; at += PART_BYTES) {
      await database.sql.queryBytes(
        "SELECT substring(data FROM $3 FOR $4) FROM rec_model_chunks WHERE model_id = $1 AND seq = $2",
        [modelId, chunk.seq, at + 1, PART_BYTES],
        (part) => {
          if (filled + part.length > total) throw new Error(`model ${modelId}: chunks exceed its ${total} bytes`);
          // Straight into the models' buffer: no Buffer of the part made on the way.
          filled += part.copyTo(bytes, filled);
        },
      );
      await slice();
    }
  }
  if (filled !== total || total === 0) throw new Error(`model ${modelId}: ${filled} of its ${total} bytes stored`);
  // In time slices: this thread answers requests (the old models serve until these are whole).
  // Views of `bytes`; the id lists (a million visitors) decoded a piece at a time.
  // The visitor ids stay bytes: numbered from them (visitorNumbers), decoded only if read.
  const base = await unpackSliced<Models>(bytes, slice, { packed: ["users"] });
  const users = base.users as unknown as PackedStrings;
  base.users = decodedWhenRead(users);
  const found = await newestPatch(database, modelId);
  const models = found ? await patchedModels(base, found.patch, slice) : base;
  // Before they serve: the first request would otherwise raise ~20M scores on the request thread.
  await sharpenAhead(models, slice);
  const loaded = {
    modelId,
    patchSeq: found?.seq ?? 0,
    models,
    base,
    userNo: await visitorNumbers(users, slice),
    itemNo: await numbered(models.itemIds, slice),
  };
  log.info("recommendation models loaded", {
    modelId,
    patch: loaded.patchSeq,
    ms: Math.round(performance.now() - started),
  });
  return loaded;
}

/**
 * The serving build with its newest patch, when that is newer than the one applied: the patch
 * applied to the build as loaded (never to the patched models), in time slices; the models
 * serving meanwhile stay as they are. Else `loaded` itself.
 */
async function withNewestPatch(database: Database, loaded: LoadedModels): Promise<LoadedModels> {
  const found = await newestPatch(database, loaded.modelId, loaded.patchSeq ?? 0);
  if (!found) return loaded;
  return tracked("recommendation models: patch", async () => {
    const started = performance.now();
    const slice = loadSlice();
    const models = await patchedModels(loaded.base ?? loaded.models, found.patch, slice);
    // The updated community's sharpened scores (the others' are the build's, already made).
    await sharpenAhead(models, slice);
    // The build's own community serves no more (patches hold every update since it): its
    // sharpened scores would stay as long as the build is held.
    const base = loaded.base ?? loaded.models;
    if (models.community !== base.community) forgetSharpened(base.community);
    log.info("recommendation models patched", {
      modelId: loaded.modelId,
      patch: found.seq,
      ms: Math.round(performance.now() - started),
    });
    return { ...loaded, patchSeq: found.seq, models };
  });
}

/** Each id's number (its index), a Map made in time slices (a million visitors take ~0.3 s). */
async function numbered(ids: readonly string[], slice: () => Promise<void> | undefined): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let n = 0; n < ids.length; n++) {
    out.set(ids[n]!, n);
    if ((n & 4095) === 4095) await slice();
  }
  return out;
}

/**
 * The visitors' numbers in typed arrays (./string-table.ts), sized first and filled in time slices
 * from the ids' packed bytes: a Map of a million visitors rehashed all of its entries at once as it
 * grew (78 ms at 1.3M), and a million id strings (or Map entries) are as many objects for every
 * full collection of this thread to mark.
 */
export async function visitorNumbers(ids: PackedStrings, slice: () => Promise<void> | undefined): Promise<IdNumbers> {
  const table = new StringTable();
  table.reserve(await ids.eachRange(() => {}, slice), ids.bytes.length);
  const { bytes } = ids;
  let n = 0;
  await ids.eachRange((start, end) => {
    if (table.addBytes(bytes, start, end) !== n++) throw new Error(`visitor ${n - 1} is listed twice in the models`);
  }, slice);
  return {
    get(id) {
      const n = table.get(id);
      return n < 0 ? undefined : n;
    },
  };
}

/**
 * The strings of `packed` as an array, decoded at its first use (a proxy: copies of the models,
 * `{ ...models }`, copy it undecoded). Serving never reads the visitor ids themselves.
 */
export function decodedWhenRead(packed: PackedStrings): string[] {
  let decoded: string[] | undefined;
  const strings = () => {
    decoded ??= packed.decode();
    return decoded;
  };
  return new Proxy<string[]>([], {
    get(_target, key) {
      const value = Reflect.get(strings(), key);
      return typeof value === "function" ? value.bind(strings()) : value;
    },
    has: (_target, key) => Reflect.has(strings(), key),
    ownKeys: () => Reflect.ownKeys(strings()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(strings(), key),
  });
}

function check(holder: Holder): Promise<LoadedModels | undefined> {
  if (holder.checking) return holder.checking;
  holder.checkedAt = wallMs();
  const run = (async () => {
    const newest = await newestReady(holder.database);
    // The old models serve until the new ones are whole; then they are garbage.
    if (newest && newest !== holder.loaded?.modelId) holder.loaded = await load(holder.database, newest);
    else if (holder.loaded) holder.loaded = await withNewestPatch(holder.database, holder.loaded);
    return holder.loaded;
  })();
  holder.checking = run;
  run
    .catch((error) => log.warn("loading recommendation models failed", { error: String(error) }))
    .finally(() => {
      holder.checking = undefined;
      if (holder.again) {
        holder.again = false;
        void check(holder).catch(() => {});
      }
    });
  return run;
}

// A build announced anywhere is loaded now by the process's serving holder (once per process:
// the start script's and Next's copies of this module share the holder).
processWide("recommend.models.announced", () =>
  onModelReady((modelId) => {
    const holder = active.holder;
    // A build's id, or a patch's (model-update.ts patchSignal: `<build>#<patch>`).
    const loaded = holder?.loaded;
    if (
      !holder ||
      (loaded && (loaded.modelId === modelId || `${loaded.modelId}#${loaded.patchSeq ?? 0}` === modelId))
    ) {
      return;
    }
    if (holder.checking) holder.again = true;
    else void check(holder).catch(() => {});
  }),
);

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
  if (wallMs() - holder.checkedAt >= FALLBACK_CHECK_MS) void check(holder).catch(() => {});
  return holder.loaded;
}

/** The build (and patch) this process serves now, without looking for a newer one (metrics). */
export function modelsServed(): { modelId: string; patchSeq: number } | undefined {
  const loaded = active.holder?.loaded;
  return loaded && { modelId: loaded.modelId, patchSeq: loaded.patchSeq ?? 0 };
}

/** Starts watching this database's models (serving processes), loading the newest build. */
export function watchModels(database: Database): void {
  const holder = holderOf(database);
  if (active.holder !== holder) {
    active.holder = holder;
    // Models this process already holds for other work serve from now on (the check below still
    // looks for a newer build or patch), rather than a second copy loaded beside them.
    holder.loaded ??= workHolderOf(database).loaded;
    void check(holder).catch(() => {});
  }
}

/**
 * A learned touchpoint is served here: this process watches its database's models from now on
 * (the first call starts loading the newest build; later calls cost a look-up). Called per request
 * by the serving path (./serve-content.ts), so only processes that serve learned kinds hold models.
 */
export function serveModels(): void {
  const database = openDatabase();
  if (database && active.holder?.database !== database) watchModels(database);
}

/** How long models loaded for other work than serving are kept after their last use. */
const WORK_KEEP_MS = 60_000;

interface WorkHolder {
  loaded?: LoadedModels;
  loading?: Promise<LoadedModels | undefined>;
  release?: ReturnType<typeof setTimeout>;
}
const workHolderOf = perDatabase<WorkHolder>("recommend.models.work", () => ({}));

/**
 * The newest build (with its newest patch) for work other than serving, such as a touchpoint's
 * calculation: this process's serving models when it serves them; else loaded for the caller and
 * kept WORK_KEEP_MS after its last use, so a round of calculations loads once, and a process that
 * serves nothing (a worker) neither holds models between rounds nor loads every later build.
 */
export async function modelsForWork(database: Database): Promise<LoadedModels | undefined> {
  const serving = active.holder;
  if (serving?.database === database) return check(serving);
  const work = workHolderOf(database);
  work.loading ??= (async () => {
    const newest = await newestReady(database);
    if (!newest) return undefined;
    if (newest === work.loaded?.modelId) return withNewestPatch(database, work.loaded);
    work.loaded = undefined; // the old build is garbage before the load
    return load(database, newest);
  })().finally(() => {
    work.loading = undefined;
  });
  const loaded = await work.loading;
  work.loaded = loaded;
  if (work.release) clearTimeout(work.release);
  work.release = setTimeout(() => {
    work.loaded = undefined;
  }, WORK_KEEP_MS);
  work.release.unref?.();
  return loaded;
}
