/** GET /campaigning-studio/suppressions: newest first, filtered by channel, address and customer. */

import { normaliseAddress, SUPPRESSION_CHANNELS, type SuppressionChannel } from "@/lib/data/effective-consent";
import { getDatabase } from "@/lib/db/client";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { SUPPRESSION_COLUMNS, type SuppressionRow, suppressionView } from "./suppress";

export async function listSuppressions(
  opts: TPagination & { channel?: SuppressionChannel; address?: string; customer_id?: string },
) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (opts.channel) add((p) => `channel = ${p}`, opts.channel);
  if (opts.address) {
    // Without a channel the address is compared as each channel stores it.
    const channels = opts.channel ? [opts.channel] : SUPPRESSION_CHANNELS;
    add((p) => `address = ANY(${p}::text[])`, [...new Set(channels.map((c) => normaliseAddress(c, opts.address!)))]);
  }
  if (opts.customer_id) add((p) => `customer_id = ${p}`, opts.customer_id);
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const database = await getDatabase();
  const rows = await database.sql.query<SuppressionRow>(
    `SELECT ${SUPPRESSION_COLUMNS} FROM suppressions ${where}
     ORDER BY date_created DESC, suppression_id LIMIT ${opts.limit} OFFSET ${opts.offset}`,
    params,
  );
  const [total] = await database.sql.query<{ count: number }>(
    `SELECT COUNT(*)::int AS count FROM suppressions ${where}`,
    params,
  );
  return listResponse("suppressions", opts, rows.map(suppressionView), total?.count ?? 0);
}
