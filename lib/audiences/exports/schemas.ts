/** Exports of an audience's customers (spec 2.9, 4.6): the request's query and the export as read back. */
import { z } from "zod";
import type { AudienceExport } from "@/lib/db/generated/client";
import { formatTimestamp } from "@/lib/http/timestamps";

export const FILE_EXTENSIONS = ["csv", "xlsx"] as const;
export const EXPORT_STATUSES = ["queued", "running", "done", "failed", "expired"] as const;
/** How long an export's download link works (spec: 6 minutes). */
export const LINK_TTL_MS = 6 * 60 * 1000;

const booleanLike = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

export const ZExportQuery = z.object({
  file_extension: z.enum(FILE_EXTENSIONS).describe("csv (UTF-8, RFC 4180, with a header) or xlsx"),
  extended: booleanLike
    .default(false)
    .describe("true: every customer field and the recommended products' names and prices as well"),
});

export const ZExport = z.object({
  export_id: z.string(),
  audience_id: z.string(),
  audience_name: z.string(),
  file_extension: z.enum(FILE_EXTENSIONS),
  extended: z.boolean(),
  recipient_email: z.string(),
  status: z.enum(EXPORT_STATUSES),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  file_bytes: z.number().int(),
  error: z.string(),
  link_expires_at: z.string().nullable(),
  date_created: z.string(),
  date_finished: z.string().nullable(),
});
export type TExport = z.infer<typeof ZExport>;

export function toExport(row: AudienceExport): TExport {
  return {
    export_id: row.export_id,
    audience_id: row.audience_id,
    audience_name: row.audience_name,
    file_extension: row.file_extension as TExport["file_extension"],
    extended: row.extended,
    recipient_email: row.recipient_email,
    status: row.status as TExport["status"],
    rows_total: row.rows_total,
    rows_done: row.rows_done,
    file_bytes: Number(row.file_bytes),
    error: row.error,
    link_expires_at: row.link_expires_at ? formatTimestamp(row.link_expires_at) : null,
    date_created: formatTimestamp(row.date_created),
    date_finished: row.date_finished ? formatTimestamp(row.date_finished) : null,
  };
}
