/**
 * Bulk "partial upsert" SQL over a JSON array parameter: one round trip per batch on PGlite and
 * PostgreSQL alike. A field present in a record is written; a field left out keeps its stored
 * value (or the column default for a new row). Explicit null writes null.
 */
export type ColType = "text" | "boolean" | "integer" | "float8" | "jsonb" | "timestamptz" | "text[]";

export interface Column {
  name: string;
  type: ColType;
  /** SQL for a new row when the record leaves the field out. */
  fallback: string;
}

export interface TableSpec {
  table: string;
  key: string;
  columns: Column[];
  /** Columns set to now() on every write. */
  touch?: string[];
}

function valueExpr(col: Column, row = "r"): string {
  switch (col.type) {
    case "jsonb":
      return `${row}->'${col.name}'`;
    case "text[]":
      return `ARRAY(SELECT jsonb_array_elements_text(${row}->'${col.name}'))`;
    default:
      return `(${row}->>'${col.name}')::${col.type}`;
  }
}

/**
 * INSERT of new keys (statement 1), a lock of the existing ones (statement 2) and their UPDATE
 * (statement 3); run them in one transaction. Keys are inserted and locked in key order, so two
 * concurrent batches with overlapping keys wait for each other instead of deadlocking.
 */
export function upsertStatements(spec: TableSpec): { insert: string; lock: string; update: string } {
  const cols = spec.columns;
  const touch = spec.touch ?? [];
  const insert = `INSERT INTO "${spec.table}" ("${spec.key}", ${[...cols.map((c) => `"${c.name}"`), ...touch.map((t) => `"${t}"`)].join(", ")})
SELECT r->>'${spec.key}', ${[
    ...cols.map((c) => `CASE WHEN r ? '${c.name}' THEN ${valueExpr(c)} ELSE ${c.fallback} END`),
    ...touch.map(() => "now()"),
  ].join(", ")}
FROM jsonb_array_elements($1::jsonb) AS r
ORDER BY r->>'${spec.key}'
ON CONFLICT ("${spec.key}") DO NOTHING
RETURNING "${spec.key}" AS key`;
  const lock = `SELECT 1 FROM "${spec.table}" WHERE "${spec.key}" = ANY($1::text[]) ORDER BY "${spec.key}" FOR UPDATE`;
  const update = `UPDATE "${spec.table}" AS t SET ${[
    ...cols.map((c) => `"${c.name}" = CASE WHEN s.r ? '${c.name}' THEN ${valueExpr(c, "s.r")} ELSE t."${c.name}" END`),
    ...touch.map((x) => `"${x}" = now()`),
  ].join(", ")}
FROM jsonb_array_elements($1::jsonb) AS s(r)
WHERE t."${spec.key}" = s.r->>'${spec.key}' AND NOT (s.r->>'${spec.key}' = ANY($2::text[]))
RETURNING 1`;
  return { insert, lock, update };
}

/** Merges records with the same key (later fields win), keeping first-seen order. */
export function mergeByKey<T extends Record<string, unknown>>(records: T[], key: keyof T): T[] {
  const merged = new Map<unknown, T>();
  for (const record of records) {
    const seen = merged.get(record[key]);
    merged.set(record[key], seen ? { ...seen, ...record } : record);
  }
  return [...merged.values()];
}
