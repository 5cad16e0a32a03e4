import { describe, expect, it } from "vitest";
import {
  dueIndex,
  dueOccurrence,
  groupSendTime,
  groupTime,
  hasOccurrenceAfter,
  occurrence,
  occurrenceIndex,
} from "./occurrences";

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

describe("occurrences in the shop's time zone (Europe/Ljubljana: CET +01:00, CEST +02:00)", () => {
  const zone = "Europe/Ljubljana";
  const iso = (at: Date | undefined) => at?.toISOString();

  it("a daily 10:00 send stays at 10:00 local across the March change (09:00Z -> 08:00Z)", () => {
    const s = {
      start_time: d("2026-03-27T09:00:00Z"), // Friday 10:00 CET
      end_time: d("2026-03-27T12:00:00Z"),
      recurring_frequency: "daily",
      recurring_until: d("2026-04-01T00:00:00Z"),
    };
    expect([0, 1, 2, 3].map((k) => iso(occurrence(s, k, zone)))).toEqual([
      "2026-03-27T09:00:00.000Z",
      "2026-03-28T09:00:00.000Z",
      "2026-03-29T08:00:00.000Z", // Sunday 29 March, clocks moved forward: 10:00 CEST
      "2026-03-30T08:00:00.000Z",
    ]);
    // Due at 10:00 local on the change's day, not at 11:00 (what 24 hours from Saturday would be).
    expect(dueOccurrence(s, d("2026-03-29T08:00:30Z"), d("2026-03-28T09:00:00Z"), zone)).toEqual(
      d("2026-03-29T08:00:00Z"),
    );
    // The UTC-stepping of before would have put it at 09:00Z = 11:00 local.
    expect(iso(occurrence(s, 2, "UTC"))).toBe("2026-03-29T09:00:00.000Z");
  });

  it("a daily 10:00 send stays at 10:00 local across the October change (08:00Z -> 09:00Z)", () => {
    const s = {
      start_time: d("2026-10-24T08:00:00Z"), // Saturday 10:00 CEST
      end_time: d("2026-10-24T10:00:00Z"),
      recurring_frequency: "daily",
      recurring_until: d("2026-10-31T00:00:00Z"),
    };
    expect([0, 1, 2].map((k) => iso(occurrence(s, k, zone)))).toEqual([
      "2026-10-24T08:00:00.000Z",
      "2026-10-25T09:00:00.000Z", // Sunday 25 October, clocks moved back: 10:00 CET
      "2026-10-26T09:00:00.000Z",
    ]);
    expect(dueOccurrence(s, d("2026-10-25T08:30:00Z"), d("2026-10-24T08:00:00Z"), zone)).toBeUndefined();
    expect(hasOccurrenceAfter(s, d("2026-10-25T09:00:00Z"), zone)).toBe(true);
  });

  it("weekly and monthly keep the local time across both changes", () => {
    const weekly = {
      start_time: d("2026-03-22T17:00:00Z"), // Sunday 18:00 CET
      end_time: d("2026-03-22T18:00:00Z"),
      recurring_frequency: "weekly",
      recurring_until: d("2026-11-30T00:00:00Z"),
    };
    expect(iso(occurrence(weekly, 1, zone))).toBe("2026-03-29T16:00:00.000Z"); // 18:00 CEST
    expect(iso(occurrence(weekly, 32, zone))).toBe("2026-11-01T17:00:00.000Z"); // 18:00 CET again
    const monthly = {
      start_time: d("2026-01-31T09:00:00Z"), // 31 January 10:00 CET
      end_time: d("2026-01-31T12:00:00Z"),
      recurring_frequency: "monthly",
      recurring_until: d("2027-01-01T00:00:00Z"),
    };
    expect([1, 2, 3, 4, 9, 10, 11].map((k) => iso(occurrence(monthly, k, zone)))).toEqual([
      "2026-02-28T09:00:00.000Z", // February's last day, 10:00 CET
      "2026-03-31T08:00:00.000Z", // the 31st again (not the 28th), 10:00 CEST
      "2026-04-30T08:00:00.000Z", // April's last day
      "2026-05-31T08:00:00.000Z",
      "2026-10-31T09:00:00.000Z", // after the October change: 10:00 CET
      "2026-11-30T09:00:00.000Z",
      "2026-12-31T09:00:00.000Z",
    ]);
    const leap = { ...monthly, start_time: d("2028-01-31T09:00:00Z"), recurring_until: d("2028-12-31T00:00:00Z") };
    expect(iso(occurrence(leap, 1, zone))).toBe("2028-02-29T09:00:00.000Z");
  });

  it("02:30, which does not exist on the March change, goes at 03:30 that day and 02:30 after; the twice-occurring 02:30 of October goes once, at the first", () => {
    const spring = {
      start_time: d("2026-03-28T01:30:00Z"), // Saturday 02:30 CET
      end_time: d("2026-03-28T02:30:00Z"),
      recurring_frequency: "daily",
      recurring_until: d("2026-04-01T00:00:00Z"),
    };
    expect([1, 2].map((k) => iso(occurrence(spring, k, zone)))).toEqual([
      "2026-03-29T01:30:00.000Z", // 03:30 CEST: the gap's hour later, the same instant as 02:30 CET
      "2026-03-30T00:30:00.000Z", // 02:30 CEST
    ]);
    const autumn = { ...spring, start_time: d("2026-10-24T00:30:00Z"), end_time: d("2026-10-24T01:30:00Z") };
    autumn.recurring_until = d("2026-10-31T00:00:00Z");
    expect([1, 2].map((k) => iso(occurrence(autumn, k, zone)))).toEqual([
      "2026-10-25T00:30:00.000Z", // the first 02:30 (CEST)
      "2026-10-26T01:30:00.000Z", // 02:30 CET
    ]);
  });

  it("a group sends at its own time in every occurrence, never before the occurrence begins", () => {
    const s = {
      start_time: d("2026-03-28T09:00:00Z"), // 10:00 CET
      end_time: d("2026-03-28T20:00:00Z"),
      recurring_frequency: "daily",
      recurring_until: d("2026-04-01T00:00:00Z"),
    };
    const a = { group_number: 1, start_time: s.start_time, send_promotion_time: null };
    const b = { group_number: 2, start_time: s.start_time, send_promotion_time: d("2026-03-28T13:00:00Z") };
    expect(occurrenceIndex(s, d("2026-03-29T08:00:00Z"), zone)).toBe(1);
    expect(occurrenceIndex(s, d("2026-03-29T08:00:01Z"), zone)).toBeUndefined();
    expect(groupTime(b)).toEqual(b.send_promotion_time);
    expect(groupSendTime(s, a, 1, zone)).toEqual(d("2026-03-29T08:00:00Z"));
    expect(groupSendTime(s, b, 1, zone)).toEqual(d("2026-03-29T12:00:00Z")); // 14:00 CEST
    const early = { group_number: 3, start_time: d("2026-03-28T08:00:00Z"), send_promotion_time: null };
    expect(groupSendTime(s, early, 0, zone)).toEqual(s.start_time);
    expect(dueIndex(s, d("2026-03-30T07:59:00Z"), zone)).toBe(1);
  });
});
