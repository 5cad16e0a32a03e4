/**
 * Opens the process's database and applies pending migrations: what the start script, the worker
 * and every CLI command do first.
 */
import { log } from "@/lib/log";
import { type Database, getDatabase } from "./client";
import { migrate } from "./migrate";

export async function databaseReady(): Promise<Database> {
  const database = await getDatabase();
  const { applied } = await migrate(database);
  if (applied.length > 0) log.info("applied migrations", { applied });
  return database;
}
