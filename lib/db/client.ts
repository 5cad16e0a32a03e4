/**
 * The one database handle of a process: PGlite under DATA_DIR when DATABASE_URL is unset,
 * PostgreSQL through @prisma/adapter-pg when it is set. Same schema, same migrations, same code.
 *
 * The handle is process-wide (../process-wide.ts): the start script, Next's bundled route
 * handlers and the job worker run in one process and must share one PGlite instance (it allows a
 * single connection and a single opener of its data directory).
 */
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { PrismaClient } from "./generated/client";

export type DbKind = "pglite" | "postgres";

/** Runs SQL on the raw driver: multi-statement scripts (migrations) and pg-boss. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: DbKind;
  prisma: Prisma;
  sql: SqlRunner;
  /** Runs fn on one connection inside BEGIN/COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /** The PGlite instance, when embedded (pg-boss attaches to it). */
  pglite?: PGlite;
  /** The connection string, when on PostgreSQL (pg-boss opens its own pool). */
  url?: string;
  close(): Promise<void>;
}

function makePrisma(adapter: PrismaPGlite | PrismaPg) {
  return new PrismaClient({
    adapter,
    // Secrets never leave by accident: selected only where a lib operation asks for them.
    omit: { user: { password_hash: true }, apiClient: { secret_hash: true } },
  });
}
export type Prisma = ReturnType<typeof makePrisma>;

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir });
  const prisma = makePrisma(new PrismaPGlite(pglite));
  return {
    kind: "pglite",
    prisma,
    pglite,
    sql: {
      exec: async (s) => {
        await pglite.exec(s);
      },
      query: async <T>(s: string, p?: unknown[]) => (await pglite.query<T>(s, p)).rows,
    },
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          exec: async (s) => {
            await tx.exec(s);
          },
          query: async <T>(s: string, p?: unknown[]) => (await tx.query<T>(s, p)).rows,
        }),
      ),
    close: async () => {
      await prisma.$disconnect();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closed (restart, failover, a dropped database) is replaced on
  // the next query; without a listener its error would end the process.
  pool.on("error", (error) => log.warn("an idle database connection was closed", { error: error.message }));
  const prisma = makePrisma(new PrismaPg(pool));
  return {
    kind: "postgres",
    prisma,
    url,
    sql: {
      exec: async (s) => {
        await pool.query(s);
      },
      query: async <T>(s: string, p?: unknown[]) => (await pool.query(s, p as unknown[])).rows as T[],
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({
          exec: async (s) => {
            await client.query(s);
          },
          query: async <T>(s: string, p?: unknown[]) => (await client.query(s, p as unknown[])).rows as T[],
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

const slot = processWide("database", () => ({
  current: undefined as Promise<Database> | undefined,
  /** The database once open (synchronous fast paths of hot routes). */
  open: undefined as Database | undefined,
}));

function track(opening: Promise<Database>): Promise<Database> {
  slot.open = undefined;
  opening.then(
    (database) => {
      if (slot.current === opening) slot.open = database;
    },
    () => {},
  );
  return opening;
}

/** The process's database, opened on first use from the settings. */
export function getDatabase(): Promise<Database> {
  if (!slot.current) {
    const { DATABASE_URL, DATA_DIR } = env();
    slot.current = track(DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite(DATA_DIR));
  }
  return slot.current;
}

/** The process's database if it is open already, else undefined (no waiting). */
export function openDatabase(): Database | undefined {
  return slot.open;
}

export async function db(): Promise<Prisma> {
  return (await getDatabase()).prisma;
}

/** Installs a database opened elsewhere (tests, the start script). */
export function setDatabase(database: Database | undefined): void {
  slot.current = database ? Promise.resolve(database) : undefined;
  slot.open = database;
}

export async function closeDatabase(): Promise<void> {
  const current = slot.current;
  slot.current = undefined;
  slot.open = undefined;
  if (current) await (await current).close();
}
