import { describe, expect, it } from "vitest";
import { dueOccurrence, hasOccurrenceAfter, occurrence } from "./occurrences";

const d = (s: string) => new Date(s);
const once = {
  start_time: d("2026-12-01T10:00:00Z"),
  end_time: d("2026-12-01T18:00:00Z"),
  recurring_frequency: "none",
  recurring_until: null,
};
const daily = { ...once, recurring_frequency: "daily", recurring_until: d("2026-12-04T12:00:00Z") };

describe("occurrences", () => {
  it("a one-off campaign is due from its start until its end, once", () => {
    expect(dueOccurrence(once, d("2026-12-01T09:59:00Z"), null)).toBeUndefined();
    expect(dueOccurrence(once, d("2026-12-01T10:00:30Z"), null)).toEqual(once.start_time);
    expect(dueOccurrence(once, d("2026-12-01T10:01:00Z"), once.start_time)).toBeUndefined();
    expect(dueOccurrence(once, d("2026-12-01T18:00:00Z"), null)).toBeUndefined();
    expect(hasOccurrenceAfter(once, once.start_time)).toBe(false);
  });

  it("a daily campaign repeats until recurring_until; only the latest missed occurrence is due", () => {
    expect([0, 1, 2, 3, 4].map((k) => occurrence(daily, k)?.toISOString())).toEqual([
      "2026-12-01T10:00:00.000Z",
      "2026-12-02T10:00:00.000Z",
      "2026-12-03T10:00:00.000Z",
      "2026-12-04T10:00:00.000Z",
      undefined,
    ]);
    expect(dueOccurrence(daily, d("2026-12-03T11:00:00Z"), d("2026-12-01T10:00:00Z"))).toEqual(
      d("2026-12-03T10:00:00Z"),
    );
    expect(hasOccurrenceAfter(daily, d("2026-12-03T10:00:00Z"))).toBe(true);
    expect(hasOccurrenceAfter(daily, d("2026-12-04T10:00:00Z"))).toBe(false);
  });

  it("weekly adds 7 days; monthly keeps the day, or the month's last", () => {
    const weekly = { ...once, recurring_frequency: "weekly", recurring_until: d("2027-01-01T00:00:00Z") };
    expect(occurrence(weekly, 2)?.toISOString()).toBe("2026-12-15T10:00:00.000Z");
    const monthly = {
      ...once,
      start_time: d("2027-01-31T08:00:00Z"),
      end_time: d("2027-01-31T20:00:00Z"),
      recurring_frequency: "monthly",
      recurring_until: d("2027-12-31T00:00:00Z"),
    };
    expect([1, 2, 3].map((k) => occurrence(monthly, k)?.toISOString())).toEqual([
      "2027-02-28T08:00:00.000Z",
      "2027-03-31T08:00:00.000Z",
      "2027-04-30T08:00:00.000Z",
    ]);
  });
});
