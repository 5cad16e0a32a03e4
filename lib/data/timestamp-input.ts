/**
 * A local date-time of the API (YYYY-MM-DDTHH:MM:SS in TIMEZONE) read into an instant: years
 * 1000 to 9999 only. (Date.UTC reads years 0-99 as 1900-1999, so "0050-01-01" used to be taken as
 * 1950; and an instant past year 9999 has no 4-digit ISO form the database reads.)
 */
import { z } from "zod";
import { parseTimestamp } from "@/lib/http/timestamps";

export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;

const YEAR = /^(\d{4})-/;

export const ZTimestampInput = z
  .string()
  .transform((value, ctx) => {
    const year = YEAR.exec(value);
    const date = year ? parseTimestamp(value) : undefined;
    if (!year || !date) {
      ctx.addIssue({ code: "custom", message: "must be a date-time YYYY-MM-DDTHH:MM:SS" });
      return z.NEVER;
    }
    if (Number(year[1]) < MIN_YEAR) {
      ctx.addIssue({ code: "custom", message: `must not be before the year ${MIN_YEAR}` });
      return z.NEVER;
    }
    if (date.getUTCFullYear() > MAX_YEAR) {
      ctx.addIssue({ code: "custom", message: `must be before the year ${MAX_YEAR + 1}` });
      return z.NEVER;
    }
    return date;
  })
  .meta({
    type: "string",
    format: "date-time",
    description: "Local date-time YYYY-MM-DDTHH:MM:SS in the service's TIMEZONE, years 1000 to 9999",
  });
