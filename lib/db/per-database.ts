/**
 * A process-wide value per database handle (see ../process-wide.ts): caches of what was read from
 * one database are never served from another (tests and benches swap databases in one process).
 */
import { processWide } from "@/lib/process-wide";
import type { Database } from "./client";

export function perDatabase<T extends object>(
  name: string,
  create: (database: Database) => T,
): (database: Database) => T {
  const values = processWide(name, () => new WeakMap<Database, T>());
  return (database) => {
    let value = values.get(database);
    if (!value) {
      value = create(database);
      values.set(database, value);
    }
    return value;
  };
}
