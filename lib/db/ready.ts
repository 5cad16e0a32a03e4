/**
 * Opens the process's database and applies pending migrations: what the start script, the worker
 * and every CLI command do first. Then the events partitions of the current and next months, so
 * the first events of a month never wait in the default partition (lib/data/event-partitions.ts).
 */
import { prepareEventPartitions } from "@/lib/data/event-partitions";
import { log } from "@/lib/log";
import { type Database, getDatabase } from "./client";
import { migrate } from "./migrate";

export async function databaseReady(): Promise<Database> {
  const database = await getDatabase();
  const { applied } = await migrate(database);
  if (applied.length > 0) log.info("applied migrations", { applied });
  await prepareEventPartitions({ database });
  return database;
}
