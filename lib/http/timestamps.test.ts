import { describe, expect, it } from "vitest";
import { formatTimestamp, parseTimestamp } from "./timestamps";

describe("timestamps", () => {
  it("format instants as local date-times without zone", () => {
    const d = new Date("2026-07-01T10:20:30.456Z");
    expect(formatTimestamp(d, "UTC")).toBe("2026-07-01T10:20:30");
    expect(formatTimestamp(d, "Europe/Prague")).toBe("2026-07-01T12:20:30");
    expect(formatTimestamp(new Date("2026-01-01T00:00:00Z"), "America/New_York")).toBe("2025-12-31T19:00:00");
  });

  it("parse local date-times in the zone, round-tripping across DST", () => {
    expect(parseTimestamp("2026-07-01T12:20:30", "Europe/Prague")?.toISOString()).toBe("2026-07-01T10:20:30.000Z");
    expect(parseTimestamp("2026-01-15T12:00:00", "Europe/Prague")?.toISOString()).toBe("2026-01-15T11:00:00.000Z");
    expect(parseTimestamp("2026-03-02", "UTC")?.toISOString()).toBe("2026-03-02T00:00:00.000Z");
    expect(parseTimestamp("2026-03-02T05:00:00Z", "Europe/Prague")?.toISOString()).toBe("2026-03-02T05:00:00.000Z");
    const local = "2026-10-25T01:30:00";
    expect(formatTimestamp(parseTimestamp(local, "Europe/Prague")!, "Europe/Prague")).toBe(local);
  });

  it("read years 0-99 as those years, not 1900-1999", () => {
    expect(parseTimestamp("0050-01-01T00:00:00", "UTC")?.getUTCFullYear()).toBe(50);
    expect(parseTimestamp("0050-06-01T12:00:00", "Europe/Prague")?.getUTCFullYear()).toBe(50);
    expect(parseTimestamp("0004-02-29", "UTC")?.getUTCDate()).toBe(29); // year 4 was a leap year
    expect(parseTimestamp("0050-02-29", "UTC")).toBeUndefined();
  });

  it("reject impossible or malformed values", () => {
    expect(parseTimestamp("2026-02-30T10:00:00", "UTC")).toBeUndefined();
    expect(parseTimestamp("2026-01-01T25:00:00", "UTC")).toBeUndefined();
    expect(parseTimestamp("yesterday", "UTC")).toBeUndefined();
  });
});
