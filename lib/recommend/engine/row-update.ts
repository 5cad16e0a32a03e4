/**
 * Incremental updates of the co-occurrence models (community, related: issue 21), pure. New
 * purchases change the baskets of the visitors who made them; the rows of the items they bought
 * (the touched items) are scored again with the build's own baskets, scorer and caps
 * (./models.ts, ./neighbours.ts neighbourRows), from every basket holding those items and every
 * item's basket count kept up to date: the same rows a full build on the same events gives.
 * What stays stale until the next full build (ARCHITECTURE.md): rows of untouched items (their
 * scores for a touched item used its old count; their co-occurrence with it is the old one) and
 * entries for items the base build has no number for.
 */
import { orderBaskets } from "./baskets";
import { type Interactions, PURCHASES } from "./interactions";
import { COMMUNITY_BUILD, communityBaskets, communityScoring, normaliseRows, RELATED_SCORING } from "./models";
import {
  type Baskets,
  basketCounts,
  type NeighbourOptions,
  type NeighbourRows,
  type Neighbours,
  neighbourRows,
} from "./neighbours";

/** The models updated incrementally, with their baskets and scorer (the full build's). */
export const UPDATED_MODELS = {
  community: {
    baskets: (data: Interactions): Baskets => communityBaskets(data, PURCHASES, true),
    scoring: (): NeighbourOptions => communityScoring(COMMUNITY_BUILD),
    rowNorm: () => COMMUNITY_BUILD.rowNorm,
  },
  related: {
    baskets: (data: Interactions): Baskets => orderBaskets(data),
    scoring: (): NeighbourOptions => RELATED_SCORING,
    rowNorm: () => false,
  },
} as const;
export type UpdatedModel = keyof typeof UPDATED_MODELS;

/** One model's part of a patch: the touched rows and the basket counts that changed since the base. */
export interface RowPatch extends NeighbourRows {
  countItems: Int32Array;
  count: Int32Array;
}

/**
 * The new rows of `touched` and the counts that change, for one model.
 * - buyers: every purchase (up to now) of every visitor who bought a touched item;
 * - before / after: the purchases of the visitors with new purchases, up to the last update and
 *   up to now (their baskets' difference is the change of every count);
 * - count: every item's basket count as of the last update (base, then earlier patches);
 * all numbered alike, the base's items first (`nBase` of them).
 */
export function updateRows(
  model: UpdatedModel,
  input: { buyers: Interactions; before: Interactions; after: Interactions; count: Int32Array; nBase: number },
  touched: Int32Array,
): RowPatch {
  const spec = UPDATED_MODELS[model];
  const n = input.buyers.itemIds.length;
  const was = basketCounts(spec.baskets(input.before));
  const now = basketCounts(spec.baskets(input.after));
  const count = new Int32Array(n);
  count.set(input.count.subarray(0, Math.min(n, input.count.length)));
  const countItems: number[] = [];
  for (let j = 0; j < n; j++) {
    const delta = (now[j] ?? 0) - (was[j] ?? 0);
    if (delta === 0) continue;
    count[j]! += delta;
    if (j < input.nBase) countItems.push(j);
  }
  const rows = neighbourRows(spec.baskets(input.buyers), spec.scoring(), touched, count, input.nBase);
  if (spec.rowNorm()) normaliseRows(rows);
  const changed = Int32Array.from(countItems);
  return { ...rows, countItems: changed, count: Int32Array.from(changed, (j) => count[j]!) };
}

/**
 * The patch `older` (an earlier update's, for the same base) with `newer` over it: newer rows and
 * counts win, the other rows of older are kept as they were.
 */
export function mergePatches(older: RowPatch | undefined, newer: RowPatch): RowPatch {
  if (!older) return newer;
  const rows = new Map<number, { from: RowPatch; r: number }>();
  for (let r = 0; r < older.rows.length; r++) rows.set(older.rows[r]!, { from: older, r });
  for (let r = 0; r < newer.rows.length; r++) rows.set(newer.rows[r]!, { from: newer, r });
  const order = [...rows.keys()].sort((a, b) => a - b);
  const start = new Int32Array(order.length + 1);
  const item: number[] = [];
  const score: number[] = [];
  const support: number[] = [];
  order.forEach((i, r) => {
    const { from, r: at } = rows.get(i)!;
    for (let q = from.start[at]!; q < from.start[at + 1]!; q++) {
      item.push(from.item[q]!);
      score.push(from.score[q]!);
      support.push(from.support[q]!);
    }
    start[r + 1] = item.length;
  });
  const counts = new Map<number, number>();
  for (const p of [older, newer])
    for (let q = 0; q < p.countItems.length; q++) counts.set(p.countItems[q]!, p.count[q]!);
  const countItems = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
  return {
    rows: Int32Array.from(order),
    start,
    item: Int32Array.from(item),
    score: Float32Array.from(score),
    support: Int32Array.from(support),
    countItems,
    count: Int32Array.from(countItems, (j) => counts.get(j)!),
  };
}

/** Entries copied per turn of applyRows between looks at the time slice. */
const COPY_STEP = 1 << 16;

/**
 * The base model with the patch's rows in place of its own (and its counts): new arrays for this
 * model only (one copy of it), made in steps that await `yieldTurn` (a time slice) so a serving
 * thread answers requests meanwhile. The base is left as it is.
 */
export async function applyRows(
  base: Neighbours,
  patch: RowPatch,
  yieldTurn: () => Promise<void> | undefined,
): Promise<Neighbours> {
  const nItems = base.start.length - 1;
  const replaced = new Int32Array(nItems).fill(-1);
  for (let r = 0; r < patch.rows.length; r++) replaced[patch.rows[r]!] = r;
  const start = new Int32Array(nItems + 1);
  for (let i = 0; i < nItems; i++) {
    const r = replaced[i]!;
    start[i + 1] = start[i]! + (r < 0 ? base.start[i + 1]! - base.start[i]! : patch.start[r + 1]! - patch.start[r]!);
  }
  const total = start[nItems]!;
  const item = new Int32Array(total);
  const score = new Float32Array(total);
  const support = new Int32Array(total);
  let copied = 0;
  for (let i = 0; i < nItems; i++) {
    const r = replaced[i]!;
    const from = r < 0 ? base : patch;
    const a = r < 0 ? base.start[i]! : patch.start[r]!;
    const b = r < 0 ? base.start[i + 1]! : patch.start[r + 1]!;
    const at = start[i]!;
    item.set(from.item.subarray(a, b), at);
    score.set(from.score.subarray(a, b), at);
    support.set(from.support.subarray(a, b), at);
    copied += b - a;
    if (copied >= COPY_STEP) {
      copied = 0;
      await yieldTurn();
    }
  }
  const out: Neighbours = { start, item, score, support };
  if (base.count) {
    const count = base.count.slice();
    for (let q = 0; q < patch.countItems.length; q++) count[patch.countItems[q]!] = patch.count[q]!;
    out.count = count;
  }
  return out;
}
