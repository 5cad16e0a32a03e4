import { describe, expect, it } from "vitest";
import { monthStart, monthsToMake, partitionMonth, partitionName, retentionStart } from "./event-partitions";

const NOW = new Date("2026-11-25T17:00:00Z");

describe("events' month partitions", () => {
  it("names a UTC month and reads the name back", () => {
    const month = monthStart(new Date("2026-02-28T23:59:59.999Z"));
    expect(month.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(partitionName(month)).toBe("events_2026_02");
    expect(partitionMonth("events_2026_02")).toEqual(month);
    expect(partitionMonth("events_default")).toBeUndefined();
    expect(monthStart(month, -3).toISOString()).toBe("2025-11-01T00:00:00.000Z");
  });

  it("keeps the current month and the N before it", () => {
    expect(retentionStart(6, NOW).toISOString()).toBe("2026-05-01T00:00:00.000Z");
  });

  it("makes on demand the batch's months from 2000 to 12 months ahead, and none before the retention window", () => {
    const stamps = [
      "2026-11-02T10:00:00.000Z",
      "2026-11-30T23:59:59.999Z",
      "2019-03-15T00:00:00.000Z",
      "1999-12-31T23:59:59.999Z",
      "2027-11-01T00:00:00.000Z",
      "2027-12-01T00:00:00.000Z",
    ];
    const names = (months: Date[]) => months.map(partitionName);
    expect(names(monthsToMake(stamps, { now: NOW }))).toEqual(["events_2026_11", "events_2019_03", "events_2027_11"]);
    expect(names(monthsToMake(stamps, { now: NOW, keepFrom: retentionStart(6, NOW) }))).toEqual([
      "events_2026_11",
      "events_2027_11",
    ]);
  });
});
