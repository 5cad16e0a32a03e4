/** A local date-time of the API (YYYY-MM-DDTHH:MM:SS in TIMEZONE) read into an instant. */
import { z } from "zod";
import { parseTimestamp } from "@/lib/http/timestamps";

export const ZTimestampInput = z
  .string()
  .transform((value, ctx) => {
    const date = parseTimestamp(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message: "must be a date-time YYYY-MM-DDTHH:MM:SS" });
      return z.NEVER;
    }
    return date;
  })
  .meta({
    type: "string",
    format: "date-time",
    description: "Local date-time YYYY-MM-DDTHH:MM:SS in the service's TIMEZONE",
  });
