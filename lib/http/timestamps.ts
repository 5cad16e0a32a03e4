/**
 * The API's timestamps are local date-times `YYYY-MM-DDTHH:MM:SS` without zone, in the TIMEZONE
 * setting. The database stores instants (timestamptz); these two functions are the only bridge.
 */
import { env } from "@/lib/env";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(date: Date, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(date)) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return out;
}

const pad = (n: number | undefined, w = 2) => String(n ?? 0).padStart(w, "0");

/** An instant as the local date-time of the time zone (default: the TIMEZONE setting). */
export function formatTimestamp(date: Date, timeZone = env().TIMEZONE): string {
  const p = parts(date, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

export function formatNullableTimestamp(date: Date | null | undefined): string | null {
  return date ? formatTimestamp(date) : null;
}

export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?$/;

/**
 * Reads a local date-time of the time zone (a date alone means midnight). A value with an
 * explicit offset or Z is taken as that instant. Returns undefined for anything else.
 */
export function parseTimestamp(value: string, timeZone = env().TIMEZONE): Date | undefined {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value) && value.includes("T")) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return undefined;
  if (timeZone === "UTC") {
    // Fast path (bulk intake): no zone arithmetic, only the calendar check.
    const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "0"] = m;
    const c = new Date(utc(+y!, +mo! - 1, +d!, +h, +mi, +s, Math.round(Number(`0.${frac}`) * 1000)));
    const valid = c.getUTCMonth() === +mo! - 1 && c.getUTCDate() === +d! && +h <= 23 && +mi <= 59 && +s <= 59;
    return valid ? c : undefined;
  }
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "0"] = m;
  const wall = utc(+y!, +mo! - 1, +d!, +h, +mi, +s, Math.round(Number(`0.${frac}`) * 1000));
  const check = new Date(wall);
  if (check.getUTCMonth() !== +mo! - 1 || check.getUTCDate() !== +d! || +h > 23 || +mi > 59 || +s > 59) {
    return undefined;
  }
  // The zone's offset at that wall time: guess with the wall time as UTC, then correct once
  // (enough for every real zone, DST gaps resolve forward).
  const offsetAt = (t: number) => {
    const p = parts(new Date(t), timeZone);
    return utc(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!, 0) - Math.floor(t / 1000) * 1000;
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/** Date.UTC, except that years 0-99 are those years (Date.UTC reads them as 1900-1999). */
function utc(year: number, month: number, day: number, h: number, mi: number, s: number, ms: number): number {
  const date = new Date(Date.UTC(year, month, day, h, mi, s, ms));
  if (year >= 0 && year < 100) date.setUTCFullYear(year, month, day);
  return date.getTime();
}
