/**
 * Adding a suppression: one row per channel, normalised address and reason, written with
 * INSERT ... ON CONFLICT DO NOTHING so concurrent reports of one address (a DSN and an unsubscribe
 * at once, a report delivered twice) keep one row; the existing row answers a repeat. Every path
 * that suppresses (the API, the unsubscribe link, bounces, complaints, provider receipts) calls it.
 */
import { now } from "@/lib/clock";
import { normaliseAddress, type SuppressionChannel } from "@/lib/data/effective-consent";
import { getDatabase, type SqlRunner } from "@/lib/db/client";
import { newId } from "@/lib/http/ids";
import { formatTimestamp } from "@/lib/http/timestamps";
import type { SuppressionReason, TSuppression } from "./schemas";

export interface SuppressionRow {
  suppression_id: string;
  channel: string;
  address: string;
  customer_id: string | null;
  reason: string;
  source: string;
  note: string;
  date_created: Date;
}

export const SUPPRESSION_COLUMNS = "suppression_id, channel, address, customer_id, reason, source, note, date_created";

export function suppressionView(row: SuppressionRow): TSuppression {
  return {
    suppression_id: row.suppression_id,
    channel: row.channel as TSuppression["channel"],
    address: row.address,
    customer_id: row.customer_id,
    reason: row.reason as SuppressionReason,
    source: row.source,
    note: row.note,
    date_created: formatTimestamp(new Date(row.date_created)),
  };
}

export async function suppress(opts: {
  channel: SuppressionChannel;
  address: string;
  customerId?: string | null;
  reason: SuppressionReason;
  source: string;
  note?: string;
  sql?: SqlRunner;
}): Promise<{ row: SuppressionRow; created: boolean }> {
  const sql = opts.sql ?? (await getDatabase()).sql;
  const address = normaliseAddress(opts.channel, opts.address);
  const [inserted] = await sql.query<SuppressionRow>(
    `INSERT INTO suppressions (${SUPPRESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (channel, address, reason) DO NOTHING RETURNING ${SUPPRESSION_COLUMNS}`,
    [
      newId("suppression"),
      opts.channel,
      address,
      opts.customerId ?? null,
      opts.reason,
      opts.source.slice(0, 200),
      (opts.note ?? "").slice(0, 1000),
      now(),
    ],
  );
  if (inserted) return { row: inserted, created: true };
  const [existing] = await sql.query<SuppressionRow>(
    `SELECT ${SUPPRESSION_COLUMNS} FROM suppressions WHERE channel = $1 AND address = $2 AND reason = $3`,
    [opts.channel, address, opts.reason],
  );
  if (!existing) throw new Error("suppression neither inserted nor found");
  return { row: existing, created: false };
}
