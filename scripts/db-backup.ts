/**
 * npm run db:backup -- <backup dir>   (the embedded database in DATA_DIR)
 * npm run db:restore -- <backup dir>  (into DATA_DIR, which must be empty or absent)
 *
 * PGlite survives its process being killed (tests/integration/crash-recovery.test.ts: the data
 * directory opens again with every committed transaction), but nothing here shows that it
 * survives a power cut or an operating system crash mid-write: keep backups. A backup opens the
 * data directory as its host (its socket is the lock: no other process can open it meanwhile),
 * runs CHECKPOINT so every committed page is in the files, and copies the files while it holds
 * the lock; the copy is written beside the target and renamed, so an interrupted backup never
 * looks like a whole one. The service must be stopped for it (the running service is the host).
 * A restore copies a backup into a new data directory and migrates it to this release's schema.
 * On PostgreSQL use pg_dump and pg_restore. Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { openPglite } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { env } from "@/lib/env";

const [mode, file] = process.argv.slice(2).filter((a) => a !== "--");

/** Data directory entries that are no data: the host's socket (and its lock file). */
const notData = (path: string) => !/\.s\.PGSQL\.\d+(\.lock)?$/.test(path);

async function backup(dataDir: string, target: string): Promise<string> {
  if (!existsSync(dataDir)) throw new Error(`DATA_DIR ${dataDir} does not exist`);
  if (existsSync(target)) throw new Error(`${target} exists already: name a new backup`);
  const database = await openPglite(dataDir);
  try {
    if (!database.embedded) {
      throw new Error(`a running service hosts ${dataDir}: stop it (SIGTERM) first, then run the backup again`);
    }
    await database.sql.exec("CHECKPOINT");
    const partial = `${target}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(dataDir, partial, { recursive: true, filter: notData });
    renameSync(partial, target);
    return `backed up ${dataDir} to ${target}`;
  } finally {
    await database.close();
  }
}

async function restore(source: string, dataDir: string): Promise<string> {
  if (!existsSync(join(source, "PG_VERSION"))) throw new Error(`${source} is not a backup (no PG_VERSION in it)`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`DATA_DIR ${dataDir} is not empty: restore into a new directory (set DATA_DIR)`);
  }
  cpSync(source, dataDir, { recursive: true });
  const database = await openPglite(dataDir);
  try {
    // A backup made by an older release is brought up to this one's schema.
    const { applied } = await migrate(database);
    return `restored ${source} into ${dataDir} (${applied.length} migrations applied now)`;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  if ((mode !== "backup" && mode !== "restore") || !file) {
    console.error(
      "Usage: npm run db:backup -- <backup dir> | npm run db:restore -- <backup dir> (DATA_DIR: the data directory)",
    );
    return 2;
  }
  const settings = env();
  if (settings.DATABASE_URL) {
    console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump, restore with pg_restore.");
    return 2;
  }
  const dataDir = resolve(settings.DATA_DIR);
  try {
    console.log(mode === "backup" ? await backup(dataDir, resolve(file)) : await restore(resolve(file), dataDir));
    return 0;
  } catch (error) {
    console.error(`db:${mode} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exit(await main());
