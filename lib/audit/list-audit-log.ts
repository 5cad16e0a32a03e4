/** GET /settings/audit-log: entries newest first, filtered by actor, action and any id of the object. */
import { getDatabase } from "@/lib/db/client";
import { listResponse } from "@/lib/http/pagination";
import { formatTimestamp } from "@/lib/http/timestamps";
import type { TAuditEntry, TAuditList, TAuditQuery } from "./schemas";

type Row = Omit<TAuditEntry, "date_created"> & { date_created: Date | string };

export async function listAuditLog(options: { query: TAuditQuery }): Promise<TAuditList> {
  const { query } = options;
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (condition: (n: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (query.actor) add((p) => `lower(actor) = lower(${p})`, query.actor.trim());
  if (query.action?.endsWith(".*")) add((p) => `action LIKE ${p}`, `${escapeLike(query.action.slice(0, -2))}.%`);
  else if (query.action) add((p) => `action = ${p}`, query.action.trim());
  // @> uses the GIN index on object_ids (which holds object_id too).
  if (query.object_id) add((p) => `object_ids @> ARRAY[${p}]::text[]`, query.object_id.trim());
  const filter = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  const { sql } = await getDatabase();
  const [counted] = await sql.query<{ count: string | number }>(
    `SELECT count(*) AS count FROM audit_log ${filter}`,
    values,
  );
  const rows = await sql.query<Row>(
    `SELECT audit_id, actor, actor_role, action, object_type, object_id, request_id, summary, date_created
     FROM audit_log ${filter} ORDER BY date_created DESC, audit_id DESC
     LIMIT ${query.limit} OFFSET ${query.offset}`,
    values,
  );
  const entries = rows.map((row) => ({
    ...row,
    date_created: formatTimestamp(row.date_created instanceof Date ? row.date_created : new Date(row.date_created)),
  }));
  return listResponse("entries", query, entries, Number(counted?.count ?? 0));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
