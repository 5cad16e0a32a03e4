/**
 * Incremental updates as stored and served (issue 21): a patch (rec_model_patches) names its
 * base build and holds, for the models updated incrementally (./engine/row-update.ts), the rows of
 * every item touched since that build and the basket counts that changed. Patches are cumulative:
 * each holds the previous one's rows too, so a process needs its base and the newest patch only
 * (a process started later loads both). A new full build supersedes them (its own patches start
 * at none; the old build's go with it, ON DELETE CASCADE).
 * Serving: the patched models share every array of the base but the updated models' own, which
 * are copied once with the patch's rows in place (time-sliced); customers whose ai-community-based
 * list (communityTop) was ranked with a row that changed are scored live until the next build.
 */
import type { Database } from "@/lib/db/client";
import type { Histories, Models } from "./engine/models";
import { unpack } from "./engine/pack";
import { applyRows, type RowPatch, UPDATED_MODELS, type UpdatedModel } from "./engine/row-update";

export interface ModelsPatch {
  baseModelId: string;
  /** The newest event the patch read (events.id, as text): the next update reads past it. */
  lastEventId: string;
  /** New purchase lines the patches of this base have read so far. */
  purchases: number;
  models: Record<UpdatedModel, RowPatch>;
}

/**
 * The newest patch of a build, if any and if newer than `applied` (the patch a process already
 * serves): one query, which sends the patch's bytes only when they are needed.
 */
export async function newestPatch(
  database: Database,
  modelId: string,
  applied = 0,
): Promise<{ seq: number; patch: ModelsPatch } | undefined> {
  const rows = await database.sql.query<{ seq: number; data: Buffer | null }>(
    "SELECT seq, CASE WHEN seq > $2 THEN data END AS data FROM rec_model_patches WHERE model_id = $1 ORDER BY seq DESC LIMIT 1",
    [modelId, applied],
  );
  const row = rows[0];
  return row?.data ? { seq: Number(row.seq), patch: unpack<ModelsPatch>(Buffer.from(row.data)) } : undefined;
}

/**
 * The base models with the patch applied: new arrays for the updated models only, every other
 * model (and the base itself) shared; made in steps awaiting `yieldTurn`.
 */
export async function patchedModels(
  base: Models,
  patch: ModelsPatch,
  yieldTurn: () => Promise<void> | undefined,
): Promise<Models> {
  const out: Models = { ...base };
  for (const model of Object.keys(UPDATED_MODELS) as UpdatedModel[]) {
    const rows = patch.models[model];
    if (rows) out[model] = await applyRows(base[model], rows, yieldTurn);
  }
  if (patch.models.community && base.communityTop) {
    out.communityStale = await boughtAny(base.histories, patch.models.community.rows, base.itemIds.length, yieldTurn);
  }
  return out;
}

/** Per visitor, 1 when they bought one of `items` (their ai-community-based anchors include it). */
async function boughtAny(
  h: Histories,
  items: Int32Array,
  nItems: number,
  yieldTurn: () => Promise<void> | undefined,
): Promise<Uint8Array> {
  const mark = new Uint8Array(nItems);
  for (const i of items) mark[i] = 1;
  const nVisitors = h.start.length - 1;
  const out = new Uint8Array(nVisitors);
  for (let u = 0; u < nVisitors; u++) {
    for (let p = h.start[u]!; p < h.start[u + 1]!; p++) {
      if (h.lastPurchase[p]! >= 0 && mark[h.item[p]!]) {
        out[u] = 1;
        break;
      }
    }
    if ((u & 16383) === 16383) await yieldTurn();
  }
  return out;
}
