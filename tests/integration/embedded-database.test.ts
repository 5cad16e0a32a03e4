/**
 * What the app relies on from its database connection, proven on both databases: on PGlite that
 * is the embedded database's thread and its wire-protocol socket (lib/db/embedded), where every
 * connection takes turns on PGlite's one backend.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { getDatabase, openPglite } from "@/lib/db/client";
import { socketDirFor } from "@/lib/db/embedded/host";

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: (await getDatabase()).url });
  await c.connect();
  return c;
}

describe("the database connection", () => {
  it("runs concurrent statements of different texts, some failing, each with its own parameters", async () => {
    const { sql } = await getDatabase();
    let wrong = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: 600 }, async (_, i) => {
        if (i % 4 === 0) {
          await sql.query(`SELECT 1 / ($1::int - $1::int) AS k${i % 3}`, [i]).catch(() => failed++);
          return;
        }
        const rows = await sql.query<{ v: number; k: number }>(`SELECT $1::int AS v, ${i % 7} AS k`, [i]);
        if (rows[0]?.v !== i || rows[0]?.k !== i % 7) wrong++;
      }),
    );
    expect({ wrong, failed }).toEqual({ wrong: 0, failed: 150 });
  });

  it("keeps a transaction's statements together: concurrent transactions, some rolled back", async () => {
    const database = await getDatabase();
    await database.sql.exec("CREATE TABLE IF NOT EXISTS conn_probe (id int PRIMARY KEY, v int NOT NULL)");
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        database
          .transaction(async (sql) => {
            await sql.query("INSERT INTO conn_probe VALUES ($1, $1)", [i]);
            const seen = await sql.query<{ v: number }>("SELECT v FROM conn_probe WHERE id = $1", [i]);
            if (seen[0]?.v !== i) throw new Error(`read ${seen[0]?.v} for ${i}`);
            if (i % 4 === 0) throw new Error("roll back");
          })
          .catch((error: Error) => {
            if (error.message !== "roll back") throw error;
          }),
      ),
    );
    const rows = await database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM conn_probe");
    expect(rows[0]?.n).toBe(30);

    // Prisma's interactive transactions over the same pool.
    const prisma = database.prisma;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        prisma.$transaction(async (tx) => {
          await tx.systemState.create({ data: { key: `tx-${i}`, value: { i } } });
          const back = await tx.systemState.findUnique({ where: { key: `tx-${i}` } });
          expect(back?.value).toEqual({ i });
        }),
      ),
    );
    expect(await prisma.systemState.count({ where: { key: { startsWith: "tx-" } } })).toBe(10);
  });

  it("serialises transactions on one advisory lock, and SET LOCAL ends with its transaction", async () => {
    const database = await getDatabase();
    const order: string[] = [];
    const first = database.transaction(async (sql) => {
      await sql.query("SELECT pg_advisory_xact_lock(4242)");
      await sql.query("SET LOCAL statement_timeout = '4321ms'");
      const inside = await sql.query<{ statement_timeout: string }>("SHOW statement_timeout");
      order.push(`first in (${inside[0]?.statement_timeout})`);
      await new Promise((r) => setTimeout(r, 300));
      order.push("first out");
    });
    await new Promise((r) => setTimeout(r, 50));
    const second = database.transaction(async (sql) => {
      await sql.query("SELECT pg_advisory_xact_lock(4242)");
      order.push("second in");
    });
    await Promise.all([first, second]);
    expect(order).toEqual(["first in (4321ms)", "first out", "second in"]);
    const after = await database.sql.query<{ statement_timeout: string }>("SHOW statement_timeout");
    expect(after[0]?.statement_timeout).not.toBe("4321ms");
  });

  it("rolls back a transaction whose connection dies, and the others go on", async () => {
    const database = await getDatabase();
    await database.sql.exec("CREATE TABLE IF NOT EXISTS conn_lost (id int PRIMARY KEY)");
    const c = await client();
    c.on("error", () => {});
    await c.query("BEGIN");
    await c.query("INSERT INTO conn_lost VALUES (1)");
    // Killed mid-transaction (no ROLLBACK, no Terminate message).
    (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const rows = await database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM conn_lost");
    expect(rows[0]?.n).toBe(0);
    await database.sql.query("INSERT INTO conn_lost VALUES (2)");
  });

  it("opens a new connection while another holds a transaction (its first statement waits)", async () => {
    const database = await getDatabase();
    const order: string[] = [];
    await database
      .transaction(async (sql) => {
        await sql.query("SELECT 1");
        const c = await client(); // would time out if the handshake waited for this transaction
        order.push("connected");
        const waiting = c.query("SELECT 2 AS v").then((r) => order.push(`read ${r.rows[0].v}`));
        await new Promise((r) => setTimeout(r, 200));
        order.push("committing");
        return { c, waiting };
      })
      .then(async ({ c, waiting }) => {
        await waiting;
        await c.end();
      });
    expect(order[0]).toBe("connected");
    expect(order).toContain("read 2");
  });

  it("reads bytea rows into the caller's buffer: large rows across reads, empty ones, each its own", async () => {
    const { sql } = await getDatabase();
    const sizes = [3_000_000, 5, 0, 1_500_000, 7];
    const expected = sizes.map((n, row) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + row * 7) % 256)));
    const got: Buffer[] = [];
    const rows = await sql.queryBytes(
      "SELECT decode(v, 'hex') FROM unnest($1::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n",
      [expected.map((b) => b.toString("hex"))],
      (value) => {
        const bytes = Buffer.alloc(value.length + 2, 0xee);
        expect(value.copyTo(bytes, 1)).toBe(value.length);
        got.push(bytes);
        // The same bytes decoded a piece at a time (as a model is loaded between time slices).
        const pieces = Buffer.alloc(value.length);
        let at = 0;
        for (let start = 0; start < value.length; start += 99_991) {
          at += value.copyTo(pieces, at, start, Math.min(start + 99_991, value.length));
        }
        expect(at).toBe(value.length);
        expect(pieces.equals(bytes.subarray(1, -1))).toBe(true);
      },
    );
    expect(rows).toBe(sizes.length);
    expect(got.map((b) => b.length)).toEqual(sizes.map((n) => n + 2));
    got.forEach((bytes, i) => {
      expect(bytes.subarray(1, -1).equals(expected[i]!)).toBe(true);
      // Written where asked, nothing past it.
      expect([bytes[0], bytes[bytes.length - 1]]).toEqual([0xee, 0xee]);
    });
  });

  it("a long statement leaves this thread free", async () => {
    const { sql } = await getDatabase();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await sql.query("SELECT pg_sleep(1)");
    clearInterval(timer);
    // On a database in this thread the timer could not fire at all while the statement ran.
    expect(ticks).toBeGreaterThan(20);
  });
});

// Each test makes and migrates fresh data directories (a few seconds each on a quiet machine,
// over a minute seen on a loaded one): correctness, not speed, is checked here. They use no
// database of the run's, so the PGlite run alone has them (the PostgreSQL run would repeat them).
describe.runIf(!process.env.TEST_DATABASE_URL)("the embedded database's data directory", { timeout: 240_000 }, () => {
  it("is hosted again after its process is killed (SIGKILL): the thread died with it, the socket is replaced", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lumen-killed-"));
    let child: ReturnType<typeof spawn> | undefined;
    try {
      child = spawn(process.execPath, ["--import", "tsx", "tests/integration/support/embedded-host.ts", dir], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const host = child;
      await new Promise<void>((ready, fail) => {
        host.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && ready());
        host.once("exit", (code) => fail(new Error(`the host exited (${code}) before it was ready`)));
      });
      const exited = new Promise((r) => host.once("exit", r));
      host.kill("SIGKILL");
      await exited;
      expect(existsSync(join(socketDirFor(dir), ".s.PGSQL.5432"))).toBe(true); // left behind
      const again = await openPglite(dir);
      expect(again.embedded).toBeDefined(); // hosts it: nobody else answers on the old socket
      const rows = await again.sql.query<{ v: string }>("SELECT v FROM killed");
      expect(rows).toEqual([{ v: "committed before the kill" }]);
      await again.close();
    } finally {
      child?.kill("SIGKILL"); // a failed test must not leave its host running
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is hosted once: a second opener connects to the host's socket, a stale socket is replaced", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lumen-embedded-"));
    try {
      const host = await openPglite(dir);
      expect(host.embedded).toBeDefined();
      await host.sql.exec("CREATE TABLE shared (v text); INSERT INTO shared VALUES ('from the host')");
      const second = await openPglite(dir);
      expect(second.embedded).toBeUndefined();
      expect(await second.sql.query("SELECT v FROM shared")).toEqual([{ v: "from the host" }]);
      await second.close();
      await host.close();

      // A process killed while hosting leaves its socket file behind.
      const socket = join(socketDirFor(dir), ".s.PGSQL.5432");
      writeFileSync(socket, "");
      const again = await openPglite(dir);
      expect(again.embedded).toBeDefined();
      expect(await again.sql.query("SELECT v FROM shared")).toEqual([{ v: "from the host" }]);
      await again.close();
      expect(existsSync(socket)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
