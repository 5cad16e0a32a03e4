/**
 * time-based (-interactions): what the visitor is due to buy again (by their own rhythm, else the
 * item's across customers) first; then their community neighbours scaled by what sells at this
 * time of year and week (../time-patterns.ts), or for a visitor without history the season's
 * best sellers.
 */
import { type Ask, type Pick, type Skip, top } from "../ask";
import { PURCHASES } from "../interactions";
import type { Models } from "../models";
import { dueness, SEASON_AHEAD, seasonal, seasonVisitors, type TimePatterns, WEEKS } from "../time-patterns";
import { community } from "./community";

/** Per week of the year, the items selling most in that season (made once per models). */
const seasonTops = new WeakMap<TimePatterns, Int32Array[]>();
const SEASON_TOP = 300;
function seasonTop(p: TimePatterns, nItems: number, week: number): Int32Array {
  let tops = seasonTops.get(p);
  if (!tops) {
    tops = [];
    seasonTops.set(p, tops);
  }
  let list = tops[week];
  if (!list) {
    const ms = Date.UTC(2001, 0, 1) + week * 7 * 86_400_000 + 3 * 86_400_000;
    const scored: { i: number; s: number }[] = [];
    for (let i = 0; i < nItems; i++) {
      const s = seasonal(p, i, ms);
      if (s > 0) scored.push({ i, s });
    }
    scored.sort((a, b) => b.s - a.s || a.i - b.i);
    list = Int32Array.from(scored.slice(0, SEASON_TOP).map((x) => x.i));
    tops[week] = list;
  }
  return list;
}

/**
 * How likely a bought item is bought again now: the more distinct days it was bought on, the
 * more; recent purchases more (fading over RECENCY_DAYS); and an item not yet due by its interval
 * half as much as one that is (dueness peaks at the interval and stays there once overdue).
 * Chosen on the eval split's repurchases against recency alone and other blends.
 */
const RECENCY_DAYS = 90;
export function repurchaseScore(daysAgo: number, intervalDays: number, days: number): number {
  return days * Math.exp(-daysAgo / RECENCY_DAYS) * (0.5 + dueness(Math.min(daysAgo, intervalDays), intervalDays));
}

const squash = (x: number) => x / (1 + x);

/** Seasonal lift of item i at ms: its visitors in these weeks against its average weeks. */
function seasonLift(p: TimePatterns, i: number, ms: number): number {
  let all = 0;
  for (let w = 0; w < WEEKS; w++) all += p.weekly[i * WEEKS + w]!;
  const now = seasonal(p, i, ms);
  return Math.min(3, (now + 1) / ((all * (SEASON_AHEAD + 2)) / WEEKS + 1));
}

/**
 * Items due again (by the visitor's own rhythm or the item's), ranked first; then new items: the
 * visitor's community neighbours scaled by what sells at this time of year and week (or, for a
 * visitor without history, the season's best sellers).
 */
export function timeBased(m: Models, ask: Ask, skip: Skip, interactions: boolean): Pick[] {
  const p = interactions ? m.timeAll : m.timePurchases;
  const kinds = interactions ? 0b1111 : PURCHASES;
  const picks: Pick[] = [];
  const h = m.histories;
  const nowMinute = ask.nowMs / 60_000;
  if (ask.user !== undefined) {
    for (let q = h.start[ask.user]!; q < h.start[ask.user + 1]!; q++) {
      const i = h.item[q]!;
      if (skip.blocked(i) || !(h.kinds[q]! & kinds)) continue;
      const last = kinds === PURCHASES ? h.lastPurchase[q]! : h.lastMinute[q]!;
      if (last < 0) continue;
      const days = Math.max(1, h.purchaseDays[q]!);
      // The visitor's own rhythm from two purchase days on; an item bought once has only the
      // item's interval across customers, and is never called due.
      const personal = days >= 2 && kinds === PURCHASES && h.firstPurchase[q]! >= 0;
      const interval = personal
        ? Math.max(1, (h.lastPurchase[q]! - h.firstPurchase[q]!) / 1440 / (days - 1))
        : p.interval[i]!;
      const daysAgo = (nowMinute - last) / 1440;
      const score = repurchaseScore(daysAgo, interval, days);
      if (score >= 0.3) {
        picks.push({
          item: i,
          // Repurchases first: scores in (1, 2); the others in (0, 1).
          score: 1 + squash(score),
          evidence: {
            type: "due",
            daysAgo: Math.round(daysAgo),
            times: days,
            intervalDays: Math.round(interval),
            personal,
            due: personal && daysAgo >= interval,
          },
        });
      }
    }
  }
  const due = new Set(picks.map((x) => x.item));
  const neighbours =
    ask.user !== undefined || ask.product !== undefined || ask.live?.length
      ? community(m, ask, skip, interactions ? "ai-community-based-interactions" : "ai-community-based", ask.limit * 3)
      : [];
  for (const n of neighbours) {
    if (due.has(n.item)) continue;
    const lift = seasonLift(p, n.item, ask.nowMs);
    const score = squash(n.score * lift);
    picks.push({
      item: n.item,
      score,
      evidence:
        lift > 1.2
          ? { type: "season", visitors: seasonVisitors(p, n.item, ask.nowMs), purchases: kinds === PURCHASES }
          : n.evidence,
    });
  }
  if (neighbours.length === 0) {
    const week = Math.min(
      WEEKS - 1,
      Math.floor((ask.nowMs - Date.UTC(new Date(ask.nowMs).getUTCFullYear(), 0, 1)) / 86_400_000 / 7),
    );
    for (const i of seasonTop(p, m.itemIds.length, week)) {
      if (picks.length >= ask.limit + due.size) break;
      if (due.has(i) || skip.blocked(i)) continue;
      picks.push({
        item: i,
        score: squash(seasonal(p, i, ask.nowMs)),
        evidence: { type: "season", visitors: seasonVisitors(p, i, ask.nowMs), purchases: kinds === PURCHASES },
      });
    }
  }
  return top(picks, ask.limit);
}
