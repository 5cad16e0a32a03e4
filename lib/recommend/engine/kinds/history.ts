/**
 * The kinds led by the visitor's own sequence of items, not by customers like them:
 * history-based (-interactions) and ai-next-gen.
 */
import { ANY, type Anchor, type Ask, anchorsFor, kindWeight, type Pick, recent, type Skip } from "../ask";
import { PURCHASES } from "../interactions";
import type { Models } from "../models";
import { neighbourPicks } from "../neighbour-picks";

/** Days over which an item of the visitor's history loses half its weight (history-based). */
export const HISTORY_HALF_LIFE_DAYS = 30;
/** The weight of items in the visitor's latest session (their current intent) against older ones. */
export const LATEST_SESSION_BOOST = 2;
const SESSION_GAP = 60;

/**
 * history-based: from the visitor's own history, not from customers like them. Each item of the
 * history weighs by how often and how lately the visitor had it: (1 + log2 of its purchase days)
 * x 2^(-age / HISTORY_HALF_LIFE_DAYS) x its kind's weight, doubled for the items of their latest
 * session (interactions at most an hour apart, back from the latest); candidates are what is
 * bought in the same order as those items (-interactions: in the same visit). A product has no
 * history: nothing here (the rule's fallback, said so in the preview).
 */
export function historyBased(m: Models, ask: Ask, skip: Skip, interactions: boolean): Pick[] {
  const kinds = interactions ? ANY : PURCHASES;
  if (ask.user === undefined && !ask.live?.length) return [];
  const items = recent(m, ask, kinds, Number.POSITIVE_INFINITY);
  if (items.length === 0) return [];
  const h = m.histories;
  const days = new Map<number, number>();
  if (ask.user !== undefined) {
    for (let p = h.start[ask.user]!; p < h.start[ask.user + 1]!; p++) days.set(h.item[p]!, h.purchaseDays[p]!);
  }
  const nowMinute = ask.nowMs / 60_000;
  // The latest session: back from the latest interaction while the gaps stay under an hour.
  let sessionFrom = items[0]!.minute;
  for (let r = 1; r < items.length && sessionFrom - items[r]!.minute <= SESSION_GAP; r++)
    sessionFrom = items[r]!.minute;
  const anchors: Anchor[] = items.map((r) => ({
    item: r.item,
    weight:
      (1 + Math.log2(Math.max(1, days.get(r.item) ?? 1))) *
      2 ** (-Math.max(0, nowMinute - r.minute) / 1440 / HISTORY_HALF_LIFE_DAYS) *
      (kinds === PURCHASES ? 1 : kindWeight(r.kinds)) *
      (r.minute >= sessionFrom ? LATEST_SESSION_BOOST : 1),
    minute: r.minute,
  }));
  return neighbourPicks(m, interactions ? "relatedAll" : "related", anchors, ask, skip);
}

/** ai-next-gen: transitions from the latest items (the latest weighs most), backed off to community neighbours. */
export function nextGen(m: Models, ask: Ask, skip: Skip): Pick[] {
  const anchors = anchorsFor(m, ask, ANY, 8, 0.6);
  const picks = neighbourPicks(m, "transitions", anchors, ask, skip);
  if (picks.length >= ask.limit) return picks;
  for (const p of picks) skip.add(p.item);
  const backoff = neighbourPicks(m, "community", anchors, ask, skip, ask.limit - picks.length);
  const floor = picks.length ? picks[picks.length - 1]!.score : 1;
  const scale = backoff.length ? (0.5 * floor) / backoff[0]!.score : 0;
  return [...picks, ...backoff.map((p) => ({ ...p, score: p.score * scale }))];
}
