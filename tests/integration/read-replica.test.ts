/**
 * Heavy reads on a read replica (lib/db/replica.ts), with a real PostgreSQL streaming replica made
 * here (./support/pg-replica.ts): funnels and exports run on the replica (its statement log names
 * them, the primary's pg_stat_activity never shows them), only once it has replayed what the
 * primary had committed (an export right after an import sees the import), a lagging replica is
 * waited for at most the bound and then the primary reads, with a log line and /api/health saying
 * so, and an unreachable one likewise; both come back. On the embedded database the setting is
 * ignored with a warning.
 *
 * The replica is PostgreSQL only: on PGlite (TEST_DATABASE_URL unset) those tests skip. Where the
 * machine cannot make a replica (no PostgreSQL tools, no postgres user) they skip with the reason
 * outside CI and fail in CI.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import * as health from "@/app/api/health/route";
import { audienceCustomers } from "@/lib/audiences/audience-customers";
import { estimateAudience } from "@/lib/audiences/audiences";
import { runExport } from "@/lib/audiences/exports/run-export";
import { estimateAudience as estimateCampaignAudience } from "@/lib/campaigns/estimate-audience";
import { deliveryReport } from "@/lib/campaigns/report/delivery-report";
import { ALL_CUSTOMERS } from "@/lib/data/segments";
import { type Database, getDatabase, openPostgres, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import {
  attachReplica,
  detachReplica,
  REPLICA_APPLICATION_NAME,
  type ReplicaRoute,
  readDatabase,
  replicaHealth,
} from "@/lib/db/replica";
import { resetEnvCache, setEnv } from "@/lib/env";
import { stopBoss } from "@/lib/jobs/boss";
import { buildAndStoreModels } from "@/lib/recommend/model-build";
import { withDatabaseName } from "./db";
import { makeReplica, type ReplicaServer } from "./support/pg-replica";

const TEST_URL = process.env.TEST_DATABASE_URL;
const WAIT_MS = 2000;
const RETRY_MS = 1500;

const group = (values: unknown[]) => [
  { filter_group: "demographics", filter_group_order: 0, next_group_connector: "AND", values },
];
/** Customers of the test country, out of all customers. */
const TESTLAND = group([
  {
    filter_name: "country",
    filter_entity: "customer",
    filter_type: "IN",
    filter_order: 0,
    filter_values: ["Testland"],
  },
]);

let server: ReplicaServer | undefined;
let skipReason: string | undefined;
let testPrimary: Database | undefined;
let primary: Database;
let name = "";
let route: ReplicaRoute;
let stderr: MockInstance<typeof process.stderr.write>;
let added = 0;

/** Log lines written (JSON, one per line) since the test began. */
function logLines(): { msg: string; [k: string]: unknown }[] {
  return stderr.mock.calls
    .map((call) => String(call[0]))
    .flatMap((text) => text.split("\n"))
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
}

async function addCustomers(n: number, country = "Testland"): Promise<void> {
  const ids = Array.from({ length: n }, () => `rr-${added++}`);
  await primary.sql.query(
    "INSERT INTO customers (customer_id, first_name, country) SELECT id, 'Synthetic', $2 FROM unnest($1::text[]) id",
    [ids, country],
  );
}

async function primaryCount(): Promise<number> {
  return Number((await primary.sql.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM customers"))[0]!.n);
}

async function replicaCount(): Promise<number> {
  const client = new pg.Client({ connectionString: server!.replicaUrl(name) });
  await client.connect();
  try {
    return Number((await client.query("SELECT COUNT(*)::int AS n FROM customers")).rows[0].n);
  } finally {
    await client.end();
  }
}

/**
 * Scans of the customers table on the primary's test database so far (pg_stat_user_tables). A
 * backend writes its statistics when it ends (and otherwise up to 10 s late), so the other
 * backends of the database (the pools reconnect on their next query) are ended first.
 */
async function primaryCustomerScans(): Promise<number> {
  const client = new pg.Client({ connectionString: primary.url });
  await client.connect();
  try {
    const others = "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()";
    await client.query(`SELECT pg_terminate_backend(pid) ${others}`);
    const until = Date.now() + 10_000;
    while (Number((await client.query(`SELECT COUNT(*)::int AS n ${others}`)).rows[0].n) > 0) {
      if (Date.now() > until) throw new Error("the primary's backends did not end");
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.query("SELECT pg_stat_clear_snapshot()");
    const rows = await client.query(
      "SELECT (COALESCE(seq_scan, 0) + COALESCE(idx_scan, 0))::int AS n FROM pg_stat_user_tables WHERE relname = 'customers'",
    );
    return Number(rows.rows[0].n);
  } finally {
    await client.end();
  }
}

/** Statements the replica logged for the test database from Lumen's replica pool (an entry spans lines). */
function replicaRan(text: string): number {
  return server!
    .log()
    .split(/\n(?=app=)/)
    .filter((entry) => entry.startsWith(`app=${REPLICA_APPLICATION_NAME} db=${name} `) && entry.includes(text)).length;
}

async function newExport(): Promise<string> {
  const id = `export-rr-${randomBytes(4).toString("hex")}`;
  await primary.prisma.audienceExport.create({
    data: {
      export_id: id,
      audience_id: ALL_CUSTOMERS,
      audience_name: "All customers",
      file_extension: "csv",
      requested_by: "user:test",
      recipient_email: "marketer@example.com",
    },
  });
  return id;
}

async function exported(id: string): Promise<{ status: string; rows_done: number }> {
  return primary.prisma.audienceExport.findUniqueOrThrow({ where: { export_id: id } });
}

const needsReplica = (ctx: { skip: (note?: string) => void }) => {
  if (!server) ctx.skip(skipReason);
};

beforeAll(async () => {
  setEnv("LOG_LEVEL", "info");
  stderr = vi.spyOn(process.stderr, "write");
  if (!TEST_URL) {
    skipReason = "a read replica needs PostgreSQL (TEST_DATABASE_URL)";
    return;
  }
  try {
    const made = await makeReplica(TEST_URL);
    if ("skip" in made) throw new Error(made.skip);
    server = made.server;
  } catch (error) {
    if (process.env.CI) throw error;
    skipReason = `this machine cannot make a PostgreSQL replica: ${error instanceof Error ? error.message : error}`;
    console.warn(`read-replica tests skip: ${skipReason}`);
    return;
  }
  if (server.privatePrimary) console.warn(`read-replica tests use a private primary: ${server.privateReason}`);
  name = `lumen_replica_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server.primaryUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  primary = await openPostgres(withDatabaseName(server.primaryUrl, name));
  await migrate(primary);
  testPrimary = await getDatabase();
  setDatabase(primary);
  await addCustomers(30);
  await addCustomers(10, "Elsewhere");
  // The new database reaches the replica through replay: wait until it can be opened there.
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await replicaCount()) === 40) break;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  route = await attachReplica(primary, server.replicaUrl(name), { waitMs: WAIT_MS, retryMs: RETRY_MS });
}, 180_000);

afterAll(async () => {
  stderr?.mockRestore();
  delete process.env.DATABASE_REPLICA_URL;
  setEnv("LOG_LEVEL", "error");
  if (!server) return;
  try {
    await stopBoss();
    await detachReplica(primary);
    if (testPrimary) setDatabase(testPrimary);
    await primary.close();
    const admin = new pg.Client({ connectionString: server.primaryUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  } finally {
    server.stop();
  }
}, 120_000);

describe("heavy reads on a read replica", () => {
  it("a funnel runs on the replica, with the primary's writes of just before", async (ctx) => {
    needsReplica(ctx);
    await addCustomers(3); // committed on the primary just now
    const scans = await primaryCustomerScans();
    const counted = await estimateAudience(TESTLAND as never);
    expect(counted).toMatchObject({ total_customers: 43, audience_size: 33 });
    // The funnel's statement (SUM(CASE WHEN ...) FROM customers c) ran on the replica, not the primary.
    expect(replicaRan("SUM(CASE WHEN")).toBe(1);
    expect(await primaryCustomerScans()).toBe(scans);
    expect(replicaHealth()).toMatchObject({ status: "ok", reads: "replica", reason: null });
  });

  it("an export queued right after an import reads the replica once it has replayed the import", async (ctx) => {
    needsReplica(ctx);
    const batch = "AND c.customer_id > $";
    const before = replicaRan(batch);
    await addCustomers(7); // the "import"
    const id = await newExport();
    const scans = await primaryCustomerScans();
    await runExport(id);
    const after = await primaryCustomerScans();
    expect(await exported(id)).toMatchObject({ status: "done", rows_done: await primaryCount() });
    expect(replicaRan(batch)).toBeGreaterThan(before);
    // The export's count and batches did not touch the primary's customers table.
    expect(after).toBe(scans);
  });

  it("customer lists, the delivery report, campaign estimates and model builds read the replica too", async (ctx) => {
    needsReplica(ctx);
    const list = await audienceCustomers(ALL_CUSTOMERS, { offset: 0, limit: 5 });
    expect(list.count).toBe(await primaryCount());
    expect(replicaRan("ORDER BY c.customer_id LIMIT $")).toBeGreaterThanOrEqual(1);
    await deliveryReport({ from: new Date(Date.now() - 86_400_000), to: new Date() });
    expect(replicaRan("FROM campaign_messages")).toBeGreaterThanOrEqual(1);
    const estimate = await estimateCampaignAudience({
      channelType: "email",
      audiencesType: "GENERIC",
      audiences: [ALL_CUSTOMERS],
    });
    expect(estimate.audience).toBe(await primaryCount());
    expect(replicaRan("excluded_no_consent")).toBeGreaterThanOrEqual(1);
    await buildAndStoreModels({ reason: "read-replica test", database: primary });
    expect(replicaRan("FROM events e LEFT JOIN customer_cookies")).toBe(1);
    expect(replicaRan("FROM items")).toBeGreaterThanOrEqual(1);
  });

  it("a lagging replica is waited for at most the bound, then the primary reads and says so", async (ctx) => {
    needsReplica(ctx);
    await server!.pauseReplay();
    try {
      await addCustomers(5);
      const total = await primaryCount();
      const id = await newExport();
      const scans = await primaryCustomerScans();
      const started = Date.now();
      await runExport(id);
      const waited = Date.now() - started;
      // Within the retry time reads go straight to the primary, without waiting again.
      const quick = Date.now();
      expect(await readDatabase("test")).toBe(primary);
      expect(Date.now() - quick).toBeLessThan(WAIT_MS);
      // Every row of the primary, which the paused replica does not have.
      expect(await exported(id)).toMatchObject({ status: "done", rows_done: total });
      expect(await replicaCount()).toBeLessThan(total);
      expect(waited).toBeGreaterThanOrEqual(WAIT_MS);
      expect(await primaryCustomerScans()).toBeGreaterThan(scans);
      const line = logLines().find((l) => l.msg.startsWith("heavy reads go to the primary"));
      expect(line).toMatchObject({ level: "warn", read: "audience export", status: "lagging" });
      const body = await health.GET(new Request("http://localhost/api/health")).json();
      expect(body.replica).toMatchObject({ status: "lagging", reads: "primary" });
      expect(body.replica.reason).toContain("DATABASE_REPLICA_WAIT_MS");
    } finally {
      await server!.resumeReplay();
    }
    await new Promise((r) => setTimeout(r, RETRY_MS + 50));
    expect(await readDatabase("test")).toBe(route.replica);
    expect(replicaHealth()).toMatchObject({ status: "ok", reads: "replica" });
    expect(logLines().some((l) => l.msg === "heavy reads go to the read replica again")).toBe(true);
  });

  it("an unreachable replica: the primary reads, /api/health says so without naming hosts; then it comes back", async (ctx) => {
    needsReplica(ctx);
    server!.halt();
    try {
      await addCustomers(2);
      const total = await primaryCount();
      const counted = await estimateAudience(TESTLAND as never);
      expect(counted.total_customers).toBe(total);
      const res = health.GET(new Request("http://localhost/api/health"));
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.replica).toMatchObject({ status: "unreachable", reads: "primary" });
      expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|postgres:\/\//);
      // Logged once, by whichever read found it first (the funnel, or health's check in the background).
      expect(logLines().find((l) => l.status === "unreachable")).toMatchObject({
        level: "warn",
        reason: expect.stringContaining("did not answer"),
      });
    } finally {
      server!.restart();
    }
    await new Promise((r) => setTimeout(r, RETRY_MS + 50));
    const until = Date.now() + 10_000;
    while ((await readDatabase("test")) !== route.replica) {
      if (Date.now() > until) throw new Error("the replica did not come back");
      await new Promise((r) => setTimeout(r, RETRY_MS + 50));
    }
    expect(replicaHealth()).toMatchObject({ status: "ok", reads: "replica" });
  });

  it("DATABASE_REPLICA_URL configures the process's replica (with Lumen's application_name)", async (ctx) => {
    needsReplica(ctx);
    await detachReplica(primary);
    setEnv("DATABASE_REPLICA_URL", server!.replicaUrl(name));
    try {
      const chosen = await readDatabase("test");
      expect(chosen).not.toBe(primary);
      expect(new URL(chosen.url).searchParams.get("application_name")).toBe(REPLICA_APPLICATION_NAME);
      expect((await chosen.sql.query<{ r: boolean }>("SELECT pg_is_in_recovery() AS r"))[0]!.r).toBe(true);
    } finally {
      delete process.env.DATABASE_REPLICA_URL;
      resetEnvCache();
      await detachReplica(primary);
      route = await attachReplica(primary, server!.replicaUrl(name), { waitMs: WAIT_MS, retryMs: RETRY_MS });
    }
  });
});

describe("the embedded database", () => {
  it("ignores DATABASE_REPLICA_URL with a warning, and health says so", async (ctx) => {
    if (TEST_URL) ctx.skip("PGlite only");
    const database = await getDatabase();
    setEnv("DATABASE_REPLICA_URL", "postgres://postgres@127.0.0.1:1/none");
    try {
      expect(await readDatabase("test")).toBe(database);
      expect(logLines().find((l) => l.msg.startsWith("DATABASE_REPLICA_URL is ignored"))).toMatchObject({
        level: "warn",
      });
      const body = await health.GET(new Request("http://localhost/api/health")).json();
      expect(body.replica).toMatchObject({ reads: "primary", reason: expect.stringContaining("embedded") });
    } finally {
      delete process.env.DATABASE_REPLICA_URL;
      resetEnvCache();
    }
  });
});
