/**
 * When a campaign is sent. Its first occurrence is its earliest group start_time; a recurring one
 * repeats daily, weekly or monthly until recurring_until. The steps are calendar steps in the
 * shop's TIMEZONE (luxon), never fixed numbers of hours:
 * - the wall-clock time stays: a daily 10:00 campaign goes at 10:00 local time on both sides of a
 *   daylight-saving change (09:00 UTC in winter, 08:00 UTC in summer in Europe/Ljubljana);
 * - monthly keeps the start's day of the month, or the month's last day when the month is shorter
 *   (a campaign of the 31st goes on 28 or 29 February, 30 April, and on the 31st again in May):
 *   every occurrence is counted from the start, so one short month does not move the rest;
 * - a local time that does not exist on a day (02:30 on the last Sunday of March in a European
 *   zone, when clocks jump from 02:00 to 03:00) is sent that day as late as the gap: at 03:30,
 *   the same instant a clock that was not moved would show; the next day it is 02:30 again;
 * - a local time that occurs twice (02:30 on the last Sunday of October) is sent once, at the
 *   first of the two (summer time).
 *
 * A group sends at its own time (its send_promotion_time, else its start_time): in occurrence k it
 * is the k-th step of that time in the same way, never before the occurrence itself begins.
 * Pure functions: the scheduler (./start-due.ts), the preparation (./prepare.ts) and the end of a
 * send (./finish.ts) use them.
 */
import { DateTime } from "luxon";
import { env } from "@/lib/env";

export interface Schedule {
  start_time: Date;
  end_time: Date;
  recurring_frequency: string;
  recurring_until: Date | null;
}

export interface GroupTiming {
  group_number: number;
  start_time: Date;
  send_promotion_time: Date | null;
}

const zoneOf = (zone?: string) => zone ?? env().TIMEZONE;

/** The k-th calendar step of `from` by the frequency in the zone; undefined for none. */
export function step(from: Date, frequency: string, k: number, zone?: string): Date | undefined {
  if (k === 0) return from;
  const local = DateTime.fromJSDate(from, { zone: zoneOf(zone) });
  switch (frequency) {
    case "daily":
      return local.plus({ days: k }).toJSDate();
    case "weekly":
      return local.plus({ weeks: k }).toJSDate();
    case "monthly":
      // luxon keeps the day of the month, clamped to the month's last day.
      return local.plus({ months: k }).toJSDate();
    default:
      return undefined;
  }
}

/** The k-th occurrence (k = 0 is the start), or undefined past recurring_until. */
export function occurrence(s: Schedule, k: number, zone?: string): Date | undefined {
  if (k === 0) return s.start_time;
  if (!s.recurring_until) return undefined;
  const at = step(s.start_time, s.recurring_frequency, k, zone);
  return at && at.getTime() <= s.recurring_until.getTime() ? at : undefined;
}

/**
 * The occurrence due at `now`: the latest one that has begun, is still within its sending window
 * (as long as the campaign's start-to-end span), and comes after the last one sent. Missed
 * occurrences (the service was down) are not sent late one after another: only the latest counts.
 */
export function dueOccurrence(s: Schedule, now: Date, lastSent: Date | null, zone?: string): Date | undefined {
  const k = dueIndex(s, now, zone);
  if (k === undefined) return undefined;
  const due = occurrence(s, k, zone);
  if (!due) return undefined;
  const window = Math.max(0, s.end_time.getTime() - s.start_time.getTime());
  if (lastSent && due.getTime() <= lastSent.getTime()) return undefined;
  if (now.getTime() >= due.getTime() + window) return undefined;
  return due;
}

/** The index of the latest occurrence that has begun at `now`, or undefined before the start. */
export function dueIndex(s: Schedule, now: Date, zone?: string): number | undefined {
  let due: number | undefined;
  for (let k = 0; ; k++) {
    const at = occurrence(s, k, zone);
    if (!at || at.getTime() > now.getTime()) break;
    due = k;
  }
  return due;
}

/** Which occurrence `at` is (its index), or undefined when it is none (an instant send). */
export function occurrenceIndex(s: Schedule, at: Date, zone?: string): number | undefined {
  for (let k = 0; ; k++) {
    const o = occurrence(s, k, zone);
    if (!o || o.getTime() > at.getTime()) return undefined;
    if (o.getTime() === at.getTime()) return k;
  }
}

/** Whether an occurrence follows the one at `after` (a recurring campaign goes back to Approved). */
export function hasOccurrenceAfter(s: Schedule, after: Date, zone?: string): boolean {
  for (let k = 0; ; k++) {
    const at = occurrence(s, k, zone);
    if (!at) return false;
    if (at.getTime() > after.getTime()) return true;
  }
}

/** A group's own time: its send_promotion_time when set, else its start_time. */
export const groupTime = (g: Pick<GroupTiming, "start_time" | "send_promotion_time">): Date =>
  g.send_promotion_time ?? g.start_time;

/**
 * When the group sends in occurrence k of the campaign: the k-th step of its own time, not before
 * the occurrence begins.
 */
export function groupSendTime(s: Schedule, g: GroupTiming, k: number, zone?: string): Date {
  const begins = occurrence(s, k, zone) ?? step(s.start_time, s.recurring_frequency, k, zone) ?? s.start_time;
  const own = step(groupTime(g), s.recurring_frequency, k, zone) ?? groupTime(g);
  return own.getTime() < begins.getTime() ? begins : own;
}

const HOUR = 3600_000;

/**
 * How far after the campaign's start a group's own time may lie, per frequency, in ms: less than
 * the shortest period (a day of 23 hours, the shortest month), so that every group of an
 * occurrence has sent before the next occurrence begins.
 */
export const MAX_SPREAD_MS: Record<string, number> = {
  daily: 23 * HOUR,
  weekly: (7 * 24 - 1) * HOUR,
  monthly: (28 * 24 - 1) * HOUR,
};
