/**
 * A real PostgreSQL streaming replica for tests (tests/integration/read-replica.test.ts): made by
 * `pg_basebackup -R` from the test server (TEST_DATABASE_URL) into a temporary directory, started
 * with the cluster's own pg_ctl on a free port (as the postgres user when the tests run as root:
 * PostgreSQL refuses to run as root), stopped and removed by stop() (and at process exit, should
 * the test die first).
 *
 * Streaming needs the source server's pg_hba.conf to admit replication connections (the keyword
 * `replication` is not matched by `all`): e.g. `host replication postgres 127.0.0.1/32 trust`,
 * plus wal_level replica (the default) and a free WAL sender (max_wal_senders). When the test
 * server refuses, a private primary is made instead (initdb in the same temporary directory, whose
 * default pg_hba admits local replication): the routing under test is the same, only the primary
 * is not the shared server. The replica logs every statement (log_statement = all, with the client's
 * application_name and database), which the test reads to see which server ran a read.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface ReplicaServer {
  /** An admin connection string of the primary (database postgres). */
  primaryUrl: string;
  /** True when the test server refused replication and a private primary was made. */
  privatePrimary: boolean;
  /** Why the test server could not be the primary (privatePrimary only). */
  privateReason?: string;
  /** The replica's connection string for one database. */
  replicaUrl(database: string): string;
  /** Everything the replica logged so far (every statement, `app=<application_name> db=<database>`). */
  log(): string;
  /** Replay stops (pg_wal_replay_pause) or goes on: the replica lags on purpose. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the replica (it becomes unreachable) and starts it again. */
  halt(): void;
  restart(): void;
  /** Stops every server started here and removes the directory. */
  stop(): void;
}

/** Why this machine cannot make a replica (then the test skips, outside CI), or undefined. */
export type Made = { server: ReplicaServer } | { skip: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

interface Runner {
  run(command: string, args: string[]): void;
  /** The uid and gid PostgreSQL's files belong to. */
  owner?: { uid: number; gid: number };
}

function runnerFor(bin: string): Runner | string {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot) {
    return { run: (command, args) => execFileSync(join(bin, command), args, { stdio: "pipe", timeout: 120_000 }) };
  }
  const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (id.status !== 0) return "the tests run as root and there is no postgres user to run PostgreSQL as";
  if (spawnSync("runuser", ["--help"]).error) return "the tests run as root and runuser is missing";
  return {
    owner: { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) },
    run: (command, args) =>
      execFileSync("runuser", ["-u", "postgres", "--", join(bin, command), ...args], {
        stdio: "pipe",
        timeout: 120_000,
      }),
  };
}

function failure(error: unknown): string {
  const e = error as { stderr?: Buffer; message?: string };
  return (e.stderr?.toString() || e.message || String(error)).trim();
}

/** Settings appended to a server's postgresql.conf (later lines win). */
function settings(dir: string, port: number, extra: string[]): string {
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    "fsync = off",
    "ssl = off",
    ...extra,
    "",
  ].join("\n");
}

export async function makeReplica(sourceUrl: string): Promise<Made> {
  const source = new URL(sourceUrl);
  const admin = new pg.Client({ connectionString: sourceUrl });
  await admin.connect();
  const version = Number((await admin.query("SHOW server_version_num")).rows[0].server_version_num);
  await admin.end();
  const bin = `/usr/lib/postgresql/${Math.floor(version / 10000)}/bin`;
  for (const tool of ["pg_basebackup", "pg_ctl", "initdb"]) {
    if (!existsSync(join(bin, tool)))
      return { skip: `${join(bin, tool)} is missing (the server's own version is needed)` };
  }
  const runner = runnerFor(bin);
  if (typeof runner === "string") return { skip: runner };

  const dir = mkdtempSync(join(tmpdir(), "lumen-replica-"));
  chmodSync(dir, 0o700);
  if (runner.owner) chownSync(dir, runner.owner.uid, runner.owner.gid);
  const started: string[] = [];
  const stopAll = () => {
    for (const data of started.splice(0).reverse()) {
      try {
        runner.run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Not running any more: nothing to stop.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stopAll);
  const write = (path: string, text: string, append = false) => {
    writeFileSync(path, append && existsSync(path) ? readFileSync(path, "utf8") + text : text);
    if (runner.owner) chownSync(path, runner.owner.uid, runner.owner.gid);
  };
  const start = (data: string, logFile: string) => {
    runner.run("pg_ctl", ["-D", data, "-l", logFile, "-w", "-t", "60", "start"]);
    if (!started.includes(data)) started.push(data);
  };

  try {
    const replica = join(dir, "replica");
    const backup = (host: string, port: string, user: string) =>
      runner.run("pg_basebackup", [
        "-h",
        host,
        "-p",
        port,
        "-U",
        user,
        "-D",
        replica,
        "-R",
        "-X",
        "stream",
        "-c",
        "fast",
      ]);
    let primaryUrl = sourceUrl;
    let privateReason: string | undefined;
    try {
      backup(source.hostname, source.port || "5432", decodeURIComponent(source.username) || "postgres");
    } catch (error) {
      const why = failure(error);
      if (!/pg_hba\.conf|replication/i.test(why)) throw error;
      privateReason = why.split("\n")[0];
      rmSync(replica, { recursive: true, force: true });
      const primary = join(dir, "primary");
      const port = await freePort();
      runner.run("initdb", ["-D", primary, "-U", "postgres", "-A", "trust", "--no-sync"]);
      write(
        join(primary, "postgresql.conf"),
        settings(dir, port, ["wal_level = replica", "max_wal_senders = 4"]),
        true,
      );
      start(primary, join(dir, "primary.log"));
      primaryUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
      backup("127.0.0.1", String(port), "postgres");
    }
    const port = await freePort();
    // A Debian cluster keeps its configuration in /etc (not copied): the replica gets files of its own.
    if (!existsSync(join(replica, "pg_hba.conf"))) {
      write(join(replica, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
      write(join(replica, "pg_ident.conf"), "");
    }
    write(
      join(replica, "postgresql.conf"),
      settings(dir, port, [
        "hot_standby = on",
        "log_statement = 'all'",
        "log_line_prefix = 'app=%a db=%d '",
        "logging_collector = off",
      ]),
      true,
    );
    const logFile = join(dir, "replica.log");
    start(replica, logFile);
    const replicaUrl = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    const onReplica = async (sql: string) => {
      const client = new pg.Client({ connectionString: replicaUrl("postgres") });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    return {
      server: {
        primaryUrl,
        privatePrimary: privateReason !== undefined,
        privateReason,
        replicaUrl,
        log: () => readFileSync(logFile, "utf8"),
        pauseReplay: () => onReplica("SELECT pg_wal_replay_pause()"),
        resumeReplay: () => onReplica("SELECT pg_wal_replay_resume()"),
        halt: () => runner.run("pg_ctl", ["-D", replica, "-m", "fast", "-w", "stop"]),
        restart: () => start(replica, logFile),
        stop: () => {
          process.removeListener("exit", stopAll);
          stopAll();
        },
      },
    };
  } catch (error) {
    process.removeListener("exit", stopAll);
    stopAll();
    throw new Error(`could not make a replica: ${failure(error)}`);
  }
}
