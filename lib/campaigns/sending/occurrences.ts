/**
 * When a campaign is sent: its first occurrence is its earliest group start_time; a recurring one
 * repeats daily, weekly or monthly (the same day of the month, the month's last day when it is
 * shorter) until recurring_until. Calendar steps are taken in UTC (a daily campaign keeps its UTC
 * hour across a daylight-saving change of TIMEZONE). Pure functions: the scheduler and the end
 * of a send use them.
 */

export interface Schedule {
  start_time: Date;
  end_time: Date;
  recurring_frequency: string;
  recurring_until: Date | null;
}

const DAY = 24 * 60 * 60 * 1000;

/** The k-th occurrence (k = 0 is the start), or undefined past recurring_until. */
export function occurrence(s: Schedule, k: number): Date | undefined {
  if (k === 0) return s.start_time;
  if (!s.recurring_until) return undefined;
  const start = s.start_time;
  let at: Date;
  switch (s.recurring_frequency) {
    case "daily":
      at = new Date(start.getTime() + k * DAY);
      break;
    case "weekly":
      at = new Date(start.getTime() + 7 * k * DAY);
      break;
    case "monthly": {
      const month = start.getUTCMonth() + k;
      const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate();
      at = new Date(start);
      at.setUTCDate(1);
      at.setUTCMonth(month);
      at.setUTCDate(Math.min(start.getUTCDate(), lastDay));
      break;
    }
    default:
      return undefined;
  }
  return at.getTime() <= s.recurring_until.getTime() ? at : undefined;
}

/**
 * The occurrence due at `now`: the latest one that has begun, is still within its sending window
 * (as long as the campaign's start-to-end span), and comes after the last one sent. Missed
 * occurrences (the service was down) are not sent late one after another: only the latest counts.
 */
export function dueOccurrence(s: Schedule, now: Date, lastSent: Date | null): Date | undefined {
  const window = Math.max(0, s.end_time.getTime() - s.start_time.getTime());
  let due: Date | undefined;
  for (let k = 0; ; k++) {
    const at = occurrence(s, k);
    if (!at || at.getTime() > now.getTime()) break;
    due = at;
  }
  if (!due) return undefined;
  if (lastSent && due.getTime() <= lastSent.getTime()) return undefined;
  if (now.getTime() >= due.getTime() + window) return undefined;
  return due;
}

/** Whether an occurrence follows the one at `after` (a recurring campaign goes back to Approved). */
export function hasOccurrenceAfter(s: Schedule, after: Date): boolean {
  for (let k = 0; ; k++) {
    const at = occurrence(s, k);
    if (!at) return false;
    if (at.getTime() > after.getTime()) return true;
  }
}
