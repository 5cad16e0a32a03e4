/**
 * The one database handle of a process: PGlite under DATA_DIR when DATABASE_URL is unset,
 * PostgreSQL when it is set, both through pg and @prisma/adapter-pg: PGlite runs in a thread of
 * its own behind a PostgreSQL wire-protocol socket (./embedded), so a long statement never holds
 * the thread that answers requests, and the code is the same for both databases.
 *
 * The handle is process-wide (../process-wide.ts): the start script and Next's bundled route
 * handlers run in one process and share one pool.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import { ByteaText } from "./bytea-text";
import { type EmbeddedHost, SOCKET_PORT, startEmbedded } from "./embedded/host";
import { PrismaClient } from "./generated/client";

/** "pglite": the embedded database (one backend: one process hosts it, statements take turns). */
export type DbKind = "pglite" | "postgres";

/** Runs SQL on the raw driver: multi-statement scripts (migrations) and pg-boss. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * A bytea column (the first) of each row, decoded by the caller where it wants the bytes: pg
   * turns a bytea into a Buffer of its own (from the hex text the server sends), which a caller
   * then copies; loading a 444 MB model made 444 MB of such short-lived Buffers, memory outside
   * the heap whose growth sets off full collections of this thread. `each` is given each row's
   * value as it is read (the text is the caller's to keep). Returns the number of rows.
   */
  queryBytes(sql: string, params: unknown[], each: (value: ByteaText) => void): Promise<number>;
}

export interface Database {
  kind: DbKind;
  prisma: Prisma;
  sql: SqlRunner;
  /** Runs fn on one connection inside BEGIN/COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /** The connection string (pg-boss and LISTEN open their own connections). */
  url: string;
  /** The embedded database's thread, when this process hosts it. */
  embedded?: EmbeddedHost;
  close(): Promise<void>;
}

/**
 * On the embedded database a transaction's BEGIN waits its turn behind other connections'
 * statements and transactions (one backend): waiting is normal there, not a lost connection, so
 * Prisma's defaults (2 s to start, 5 s to run) are raised. PostgreSQL keeps them.
 */
const EMBEDDED_TRANSACTIONS = { maxWait: 60_000, timeout: 120_000 };

function makePrisma(adapter: PrismaPg, kind: DbKind = "postgres") {
  return new PrismaClient({
    adapter,
    ...(kind === "pglite" ? { transactionOptions: EMBEDDED_TRANSACTIONS } : {}),
    // Secrets never leave by accident: selected only where a lib operation asks for them.
    omit: { user: { password_hash: true }, apiClient: { secret_hash: true } },
  });
}
export type Prisma = ReturnType<typeof makePrisma>;

/**
 * A pool of its own on a database another part of the process opened already (a worker thread
 * connecting to the embedded database's socket, or to PostgreSQL): never hosts PGlite itself.
 */
export function connectTo(kind: DbKind, url: string, max: number): Database {
  return overPool(kind, url, max);
}

function overPool(kind: DbKind, url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closed (restart, failover, a dropped database) is replaced on
  // the next query; without a listener its error would end the process.
  pool.on("error", (error) => log.warn("an idle database connection was closed", { error: error.message }));
  const prisma = makePrisma(new PrismaPg(pool), kind);
  const runner = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    exec: async (s) => {
      await client.query(s);
    },
    query: async <T>(s: string, p?: unknown[]) => (await client.query(s, p as unknown[])).rows as T[],
    queryBytes: async (s, p, each) => {
      // The value's text as it arrived (no Buffer made by pg), handed on as its row is read.
      const types = {
        getTypeParser: () => (text: string) => {
          each(new ByteaText(text));
          return null;
        },
      };
      const config = { text: s, values: p, rowMode: "array", types } as unknown as pg.QueryArrayConfig;
      return (await client.query(config)).rows.length;
    },
  });
  return {
    kind,
    prisma,
    url,
    sql: runner(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(runner(client));
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

/** The connection string of an embedded database's socket. */
export function embeddedUrl(socketDir: string): string {
  return `postgresql://postgres@localhost:${SOCKET_PORT}/postgres?host=${encodeURIComponent(socketDir)}`;
}

/**
 * The embedded database: hosted in a thread of this process, or reached through the socket of
 * the process that hosts it. Without dataDir, an in-memory database (tests), optionally loaded
 * from a tar written by `embedded.dump`.
 */
export async function openPglite(dataDir?: string, options: { loadFrom?: string } = {}): Promise<Database> {
  const embedded = await startEmbedded({ dataDir, loadFrom: options.loadFrom });
  const database = overPool("pglite", embeddedUrl(embedded.socketDir), 10);
  const closePool = database.close;
  return {
    ...database,
    embedded: embedded.host,
    close: async () => {
      await closePool();
      await embedded.host?.close();
    },
  };
}

export async function openPostgres(url: string): Promise<Database> {
  return overPool("postgres", url, 10);
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
  if (!current) return;
  const database = await current;
  // Its read replica's pool (./replica.ts) goes with it. Imported here, not at the top: replica.ts
  // imports this file.
  await (await import("./replica")).detachReplica(database);
  await database.close();
}
