/**
 * time-based: when items are bought again, and what sells at this time of year and week.
 * - Repurchase interval of an item: the median number of days between a visitor's consecutive
 *   distinct days with the item, over every visitor (MIN_OBSERVATIONS at least, else the median of
 *   all items). A customer's own rhythm (their mean interval, from 2 repeats on) takes precedence.
 * - Seasonality: distinct visitors per item and week of the year (every year of history counts),
 *   and per day of the week.
 */
import type { Interactions } from "./interactions";

export const WEEKS = 53;
const MIN_OBSERVATIONS = 3;

export interface TimePatterns {
  /** Median repurchase interval in days per item (the overall median where unknown). */
  interval: Float32Array;
  /** Intervals observed per item. */
  observations: Int32Array;
  /** Visitors per item and week of the year: [item * WEEKS + week]. */
  weekly: Float32Array;
  /** Visitors per item and day of the week: [item * 7 + day] (0 = Sunday). */
  daily: Float32Array;
}

export function weekOfYear(ms: number): number {
  const d = new Date(ms);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return Math.min(WEEKS - 1, Math.floor((ms - start) / (7 * 86_400_000)));
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** From the events of the kinds in `kinds` (bit mask). */
export function timePatterns(data: Interactions, kinds: number): TimePatterns {
  const nItems = data.itemIds.length;
  const intervals: number[][] = Array.from({ length: nItems }, () => []);
  const weekly = new Float32Array(nItems * WEEKS);
  const daily = new Float32Array(nItems * 7);
  const lastDay = new Map<number, number>();
  for (let u = 0; u < data.users.length; u++) {
    lastDay.clear();
    const weeksSeen = new Set<number>();
    for (let e = data.userStart[u]!; e < data.userStart[u + 1]!; e++) {
      if (!(kinds & (1 << data.kind[e]!))) continue;
      const i = data.item[e]!;
      const day = Math.floor(data.minute[e]! / 1440);
      const previous = lastDay.get(i);
      if (previous !== undefined && day > previous) intervals[i]!.push(day - previous);
      if (previous === undefined || day > previous) {
        lastDay.set(i, day);
        const ms = data.minute[e]! * 60_000;
        const key = i * WEEKS + weekOfYear(ms);
        if (!weeksSeen.has(key)) {
          weeksSeen.add(key);
          weekly[key]!++;
        }
        daily[i * 7 + new Date(ms).getUTCDay()]!++;
      }
    }
  }
  const known = intervals.filter((v) => v.length >= MIN_OBSERVATIONS).map(median);
  const overall = median(known) || 30;
  const interval = new Float32Array(nItems);
  const observations = new Int32Array(nItems);
  intervals.forEach((v, i) => {
    observations[i] = v.length;
    interval[i] = v.length >= MIN_OBSERVATIONS ? Math.max(1, median(v)) : overall;
  });
  return { interval, observations, weekly, daily };
}

/** How much item i sells around `ms`: visitors in the week of `ms` and the SEASON_AHEAD weeks after, across years. */
export const SEASON_AHEAD = 3;
export function seasonal(p: TimePatterns, i: number, ms: number): number {
  const week = weekOfYear(ms);
  let s = 0;
  for (let w = week - 1; w <= week + SEASON_AHEAD; w++) s += p.weekly[i * WEEKS + ((w + WEEKS) % WEEKS)]!;
  const day = new Date(ms).getUTCDay();
  let all = 0;
  for (let d = 0; d < 7; d++) all += p.daily[i * 7 + d]!;
  // Days of the week shift the score by at most half: an item bought only on Sundays weighs more on Sundays.
  const dayShare = all > 0 ? p.daily[i * 7 + day]! / all : 1 / 7;
  return s * (0.75 + 0.5 * Math.min(1, dayShare * 7) * 0.5);
}

/**
 * Visitor-weeks of item i around `ms` (the weeks seasonal() reads, every year of history): a
 * count (a visitor counts once per week), unlike seasonal()'s day-of-week-weighted score.
 */
export function seasonVisitors(p: TimePatterns, i: number, ms: number): number {
  const week = weekOfYear(ms);
  let s = 0;
  for (let w = week - 1; w <= week + SEASON_AHEAD; w++) s += p.weekly[i * WEEKS + ((w + WEEKS) % WEEKS)]!;
  return s;
}

/** How due a repurchase is: 1 when the elapsed days equal the interval, falling off on both sides. */
export function dueness(elapsedDays: number, intervalDays: number): number {
  const r = elapsedDays / Math.max(1, intervalDays);
  return Math.exp(-((r - 1) * (r - 1)) / 0.5);
}
