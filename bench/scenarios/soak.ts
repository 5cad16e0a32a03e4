/**
 * npm run bench -- soak [--minutes 30] [--customers 20000] [--rate 120]: two web processes started as
 * `npm start` starts them (../service.ts: scripts/start.ts, RUN_WORKERS=none) and one `npm run worker`
 * on one scratch PostgreSQL database (BENCH_DATABASE_URL, default the local server), behind the
 * round-robin proxy of the tests (tests/integration/support/round-robin-proxy.ts), under mixed
 * traffic for --minutes (issue 23, "Soak"):
 * - content (a best-sellers recommender for a random customer) and search (a smart-search touchpoint,
 *   random prefixes of catalogue words) at --rate requests per second together (2:1), from paced
 *   keep-alive loops;
 * - the studio API at a low rate (one request every 2 s: touchpoints, strategies, campaigns, models);
 * - an intake batch of 500 events every 15 s;
 * - one campaign send (to all customers with e-mail consent, the frequency cap turned off) and
 *   one export always running: each started again when the last finished.
 * Reports errors (non-2xx answers, connection errors, the proxy's 502s), each process's RSS slope
 * (MB per 10 minutes, least squares over the samples after the first tenth of the run), and p50/p99
 * per 5-minute window per kind of request. Writes bench/results/soak.json, with each process's RSS
 * per minute, and the worker's own memory lines (MEMORY_LOG_SECONDS: V8 heap used and reserved,
 * external, array buffers) per minute and as slopes, to tell where it grows.
 * Diagnostics of the worker's memory: `--heap-snapshots true` (two heap snapshots, summarised and
 * compared: ../support/heap-summary.ts); `--worker-b-env NAME=value,...` a second worker with
 * those settings (both take jobs from the same queues), e.g. MALLOC_ARENA_MAX=2 against the
 * allocator's default, compared within one run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { ingestBatch } from "@/lib/data/ingest-batch";
import type { IntakeKind } from "@/lib/data/schemas";
import {
  BUILT_IN_FIT,
  customerId,
  type ShopSize,
  syntheticCustomers,
  syntheticEvents,
  syntheticItems,
} from "@/lib/data/synthetic";
import { openPostgres } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { aiSearchRule } from "@/lib/recommend/rule-constants";
import { startRoundRobinProxy } from "../../tests/integration/support/round-robin-proxy";
import { benchSettings, machine, parseOptions, type Scenario, scratchPostgres } from "../lib";
import { type Service, startService } from "../service";
import { heapGrowth, summarizeHeapSnapshot } from "../support/heap-summary";

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const WINDOW_MS = 5 * 60_000;
const RSS_EVERY_MS = 10_000;
const STUDIO_EVERY_MS = 2000;
const INTAKE_EVERY_MS = 15_000;
const INTAKE_BATCH = 500;
/** Customers (not synthetic) each campaign is sent to. */
const RECIPIENTS = 5000;
const LOOPS = 8;
const KINDS = ["content", "search", "studio", "intake", "jobs"] as const;
type Kind = (typeof KINDS)[number];

const ZOptions = z.object({
  minutes: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  customers: z.coerce.number().int().min(1000).max(5_000_000).default(20_000),
  items: z.coerce.number().int().min(10).max(1_000_000).default(2000),
  events: z.coerce.number().int().min(0).max(50_000_000).default(200_000),
  rate: z.coerce.number().positive().max(10_000).default(120),
  /** Heap snapshots of the worker after the warm-up and near the end, summarised and compared. */
  "heap-snapshots": z.enum(["true", "false"]).default("false"),
  /**
   * A second worker with these settings added ("NAME=value,NAME=value", e.g. MALLOC_ARENA_MAX=2):
   * both take jobs from the same queues, so their memory compares within one run.
   */
  "worker-b-env": z
    .string()
    .regex(/^([A-Z_][A-Z0-9_]*=[^,]*)(,[A-Z_][A-Z0-9_]*=[^,]*)*$/, "NAME=value pairs, comma-separated")
    .optional(),
});
type Options = z.infer<typeof ZOptions>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

interface Sample {
  at: number;
  kind: Kind;
  ms: number;
}

/** Traffic through the proxy: one keep-alive agent, every answer timed and checked. */
class Traffic {
  readonly samples: Sample[] = [];
  readonly errors: string[] = [];
  errorCount = 0;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  constructor(
    private readonly port: number,
    private readonly started: number,
  ) {}

  call(kind: Kind, method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const began = performance.now();
    // biome-ignore lint/suspicious/noExplicitAny: answers are JSON read by the scenario
    return new Promise<{ status: number; json: any }>((resolve) => {
      const fail = (what: string) => {
        this.errorCount++;
        if (this.errors.length < 50) this.errors.push(`${new Date().toISOString()} ${method} ${path}: ${what}`);
        resolve({ status: 0, json: {} });
      };
      const req = request(
        {
          host: "127.0.0.1",
          port: this.port,
          method,
          path: `/api/latest${path}`,
          agent: this.agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", (e) => fail(`cut: ${e.message}`));
          res.on("end", () => {
            const ms = performance.now() - began;
            this.samples.push({ at: Date.now() - this.started, kind, ms });
            const text = Buffer.concat(chunks).toString();
            let json: unknown = {};
            try {
              json = JSON.parse(text);
            } catch {}
            if ((res.statusCode ?? 0) >= 300) fail(`${res.statusCode} ${text.slice(0, 200)}`);
            else resolve({ status: res.statusCode ?? 0, json });
          });
        },
      );
      req.on("error", (e) => fail(e.message));
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Least-squares slope of (minute, MB) points, in MB per 10 minutes. */
export function slopePer10Min(points: { minute: number; mb: number }[]): number | null {
  if (points.length < 3) return null;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.minute, 0) / n;
  const my = points.reduce((s, p) => s + p.mb, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  if (sxx === 0) return null;
  const sxy = points.reduce((s, p) => s + (p.minute - mx) * (p.mb - my), 0);
  return round((sxy / sxx) * 10, 2);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
}

async function load(url: string, options: Options, say: (line: string) => void) {
  const database = await openPostgres(url);
  try {
    await migrate(database);
    const size: ShopSize = {
      items: options.items,
      customers: options.customers,
      events: options.events,
      seed: 42,
      end: new Date(new Date().toISOString().slice(0, 10)),
    };
    const write = async (kind: IntakeKind, records: Iterable<Record<string, unknown>>) => {
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        const result = await ingestBatch({ kind, records: batch, synthetic: true, database });
        if (result.errors.length > 0) throw new Error(`${kind}: ${result.errors[0]!.detail}`);
        batch = [];
      };
      for (const record of records) {
        batch.push(record);
        if (batch.length === 5000) await flush();
      }
      if (batch.length) await flush();
    };
    await write("items", syntheticItems(BUILT_IN_FIT, size));
    await write("customers", syntheticCustomers(BUILT_IN_FIT, size));
    await write("events", syntheticEvents(BUILT_IN_FIT, size));
    await database.sql.exec("ANALYZE");
    say(`loaded ${options.items} items, ${options.customers} customers, ${options.events} events`);
  } finally {
    await database.close();
  }
}

/** One of the worker's `memory` log lines (lib/memory-log.ts), at a minute of the run. */
type MemoryLine = {
  minute: number;
  rss_mb: number;
  heap_used_mb: number;
  heap_total_mb: number;
  external_mb: number;
  array_buffers_mb: number;
};

/**
 * A worker process; its `memory` lines (every RSS_EVERY_MS) go to `memory`, its warnings and
 * errors to this process's stderr, its other lines nowhere.
 */
function startWorker(
  settings: Record<string, string>,
  memory: { started: number; lines: MemoryLine[] },
  snapshotDir?: string,
): ChildProcess {
  const flags = snapshotDir ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshotDir}`] : [];
  const child = spawn(process.execPath, [...flags, "--import", "tsx", join(process.cwd(), "scripts", "worker.ts")], {
    env: { ...process.env, LOG_LEVEL: "info", MEMORY_LOG_SECONDS: String(RSS_EVERY_MS / 1000), ...settings },
    stdio: ["ignore", "ignore", "pipe"],
  });
  createInterface({ input: child.stderr! }).on("line", (text) => {
    let line: { level?: string; msg?: string } & Partial<MemoryLine>;
    try {
      line = JSON.parse(text);
    } catch {
      process.stderr.write(`${text}\n`);
      return;
    }
    if (line.msg === "memory" && memory.started) {
      const { rss_mb, heap_used_mb, heap_total_mb, external_mb, array_buffers_mb } = line as MemoryLine;
      memory.lines.push({
        minute: (Date.now() - memory.started) / 60_000,
        rss_mb,
        heap_used_mb,
        heap_total_mb,
        external_mb,
        array_buffers_mb,
      });
    } else if (line.level === "warn" || line.level === "error") process.stderr.write(`${text}\n`);
  });
  // The bench ending any way but a kill -9 takes the worker with it.
  process.once("exit", () => child.kill("SIGKILL"));
  return child;
}

const MEMORY_FIELDS = ["rss_mb", "heap_used_mb", "heap_total_mb", "external_mb", "array_buffers_mb"] as const;

/** What of a worker grew (V8's live heap, its reserve, or memory outside it): slopes and the series per minute. */
function memoryKinds(lines: MemoryLine[], warmUp: number) {
  if (!lines.length) return undefined;
  const after = lines.filter((p) => p.minute >= warmUp);
  return {
    slopes_mb_per_10min: Object.fromEntries(
      MEMORY_FIELDS.map((f) => [f, slopePer10Min(after.map((p) => ({ minute: p.minute, mb: p[f] })))]),
    ),
    per_minute: perMinute(lines, [...MEMORY_FIELDS]),
  };
}

/** Points averaged per whole minute of the run: the series kept in the results. */
export function perMinute<T extends { minute: number }>(points: T[], fields: (keyof T)[]): Record<string, number>[] {
  const byMinute = new Map<number, T[]>();
  for (const p of points) {
    const m = Math.floor(p.minute);
    byMinute.set(m, [...(byMinute.get(m) ?? []), p]);
  }
  return [...byMinute.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([minute, ps]) => ({
      minute,
      ...Object.fromEntries(fields.map((f) => [f, round(ps.reduce((sum, p) => sum + Number(p[f]), 0) / ps.length)])),
    }));
}

/**
 * The worker's heap snapshots (written on SIGUSR2, after a full GC), once both are complete:
 * each summarised, and what grew from the first to the second.
 */
async function summarizeSnapshots(dir: string, say: (line: string) => void) {
  const files = () =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".heapsnapshot"))
      .sort()
      .map((f) => join(dir, f));
  // A snapshot is written in pieces: wait until two are there and their sizes hold still.
  let sizes = "";
  for (let i = 0; i < 120; i++) {
    const found = files();
    const now = found.map((f) => statSync(f).size).join(",");
    if (found.length >= 2 && now === sizes) break;
    sizes = now;
    await sleep(2000);
  }
  const [first, last] = [files()[0], files().at(-1)];
  if (!first || !last || first === last) return { error: `expected two heap snapshots in ${dir}` };
  const early = summarizeHeapSnapshot(first, 80);
  const late = summarizeHeapSnapshot(last, 80);
  const growth = heapGrowth(early, late);
  say(
    `worker live heap: ${early.total_mb} MB -> ${late.total_mb} MB; grew most: ${JSON.stringify(growth.slice(0, 5))}`,
  );
  return { early_mb: early.total_mb, late_mb: late.total_mb, growth, early_top: early.kinds, late_top: late.kinds };
}

async function touchpoint(t: Traffic, token: string, type: string, strategy: Record<string, unknown>) {
  const s = await t.call("studio", "POST", "/touchpoint-studio/rules/strategies", token, strategy);
  const positions = await t.call("studio", "GET", "/touchpoint-studio/rules/position", token);
  const made = await t.call("studio", "POST", "/touchpoint-studio/rules/touchpoints", token, {
    touchpoint_name: `soak ${type}`,
    touchpoint_type: type,
    position: positions.json.positions[0].position_id,
    number_of_positions: type === "smart-search" ? 0 : 4,
    default_strategy: s.json.strategy_id,
    strategies: [],
    is_active: true,
    is_draft: false,
  });
  const id = made.json.touchpoint_id as string;
  for (let i = 0; i < 1200; i++) {
    const state = await t.call("studio", "GET", `/touchpoint-studio/rules/touchpoints/${id}`, token);
    if (state.json.is_ready && !state.json.is_calculating) return id;
    await sleep(250);
  }
  throw new Error(`touchpoint ${id} did not become ready`);
}

/** One send after another (a new campaign each time) until `running()` is false: sends finished. */
async function sendLoop(t: Traffic, tokens: Record<string, string>, running: () => boolean, done: string[]) {
  for (let n = 1; running(); n++) {
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19);
    const created = await t.call("jobs", "POST", "/campaigning-studio/campaignings/", tokens.marketer!, {
      campaign_name: `Soak ${n}`,
      audiences: ["all_customers"],
      audiences_type: "GENERIC",
      channel_type: "email",
      is_abc: false,
      sender: "Shop",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [
        {
          channel_message_text: "Hi {ph_customer.first_name}, new lanterns are in: https://shop.example/new",
          channel_subject: "News for {ph_customer.first_name}",
          start_time: later(7),
          end_time: later(8),
          abc_audience_percent: 100,
        },
      ],
    });
    const id = created.json.campaign_details?.[0]?.campaign_id as string | undefined;
    if (!id) return;
    for (const approver of [tokens.advanced!, tokens.super!]) {
      const state = await t.call("jobs", "GET", `/campaigning-studio/campaignings/${id}`, approver);
      if (state.json.status !== "Not approved") break;
      await t.call("jobs", "PUT", `/campaigning-studio/campaignings/${id}/approve`, approver);
    }
    await t.call("jobs", "POST", "/campaigning-studio/campaignings/send-instant", tokens.advanced!, {
      campaign_id: id,
    });
    while (running()) {
      const state = await t.call("jobs", "GET", `/campaigning-studio/campaignings/${id}`, tokens.marketer!);
      if (state.status === 0) break;
      if (state.json.status === "Sent" || state.json.status === "Not sent") {
        const reason = (state.json.campaign_details?.[0]?.fail_reason ?? state.json.fail_reason) as string | null;
        done.push(reason ? `${state.json.status}: ${reason}` : String(state.json.status));
        break;
      }
      await sleep(3000);
    }
  }
}

async function exportLoop(t: Traffic, tokens: Record<string, string>, running: () => boolean, done: string[]) {
  while (running()) {
    const started = await t.call(
      "jobs",
      "GET",
      "/customer-studio/audiences/all_customers/export?file_extension=csv&extended=true",
      tokens.advanced!,
    );
    const id = started.json.export?.export_id as string | undefined;
    if (!id) return;
    while (running()) {
      const state = await t.call("jobs", "GET", `/customer-studio/exports/${id}`, tokens.advanced!);
      if (state.status === 0) break;
      if (["done", "failed", "expired"].includes(state.json.status)) {
        done.push(String(state.json.status));
        break;
      }
      await sleep(3000);
    }
  }
}

/** Loops each keeping `perSecond` requests a second (fewer when answers are slower). */
async function paced(perSecond: number, running: () => boolean, send: (n: number) => Promise<unknown>) {
  const gap = 1000 / perSecond;
  let next = performance.now();
  for (let n = 0; running(); n++) {
    await send(n);
    next += gap;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    else next = performance.now();
  }
}

async function run(args: string[]) {
  const options = parseOptions(args, ZOptions);
  const say = (line: string) => console.log(`  ${line}`);
  const scratch = await scratchPostgres(benchSettings().databaseUrl ?? LOCAL_POSTGRES);
  const dataDir = mkdtempSync(join(tmpdir(), "lumen-bench-soak-"));
  const services: Service[] = [];
  let worker: ChildProcess | undefined;
  let workerB: ChildProcess | undefined;
  try {
    await load(scratch.url, options, say);
    // One secret for every process, as in production: tokens of one web process are accepted by
    // the other, and the worker signs the links in campaign messages (it does not make one itself).
    const authSecret = process.env.AUTH_SECRET ?? randomBytes(32).toString("hex");
    const settings = { DATABASE_URL: scratch.url, DATA_DIR: dataDir, RUN_WORKERS: "none", AUTH_SECRET: authSecret };
    // One after the other: the first builds the app when the sources changed.
    services.push(await startService(settings, say));
    services.push(await startService(settings, say));
    const snapshotDir = options["heap-snapshots"] === "true" ? join(dataDir, "heap") : undefined;
    if (snapshotDir) mkdirSync(snapshotDir);
    const workerMemory = { started: 0, lines: [] as MemoryLine[] };
    const workerBMemory = { started: 0, lines: [] as MemoryLine[] };
    worker = startWorker(settings, workerMemory, snapshotDir);
    const bEnv = options["worker-b-env"];
    if (bEnv)
      workerB = startWorker(
        { ...settings, ...Object.fromEntries(bEnv.split(",").map((kv) => kv.split("=", 2))) },
        workerBMemory,
      );
    const proxy = await startRoundRobinProxy({
      upstreams: services.map((s, i) => ({ name: `web_${"ab"[i]}`, port: Number(new URL(s.url).port) })),
    });
    const first = services[0]!;
    const tokens = {
      marketer: await first.token("marketer@example.com"),
      advanced: await first.token("advanced@example.com"),
      super: await first.token("super@example.com"),
    };
    const setup = new Traffic(proxy.port, Date.now());
    const recommender = await touchpoint(setup, tokens.marketer, "smart-recommender", {
      strategy_name: "soak best-sellers",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [{ rule_type: "best-sellers", positions: [0, 1, 2, 3], values: [] }],
    });
    const search = await touchpoint(setup, tokens.marketer, "smart-search", {
      strategy_name: "soak search",
      strategy_type: "smart-search",
      strategy_subtype: "search-bar",
      segments: ["all_customers"],
      rules: [aiSearchRule({ tenant_id: "default", filter_columns: "item_name", limit: 10, match_score: 0 })],
    });
    // One send after another to the same customers: the frequency cap (3 a week) would leave them out.
    await setup.call("studio", "PUT", "/campaigning-studio/settings", tokens.super, {
      required_approvals: 1,
      large_audience_size: null,
      large_audience_required_approvals: null,
      frequency_cap_messages: 0,
    });
    // More recipients for the sends (beside the synthetic shop's consenting customers), through the API.
    for (let from = 0; from < RECIPIENTS; from += 1000) {
      await setup.call("intake", "POST", "/data/customers", tokens.advanced, {
        customers: Array.from({ length: 1000 }, (_, k) => ({
          customer_id: `soak-recipient-${from + k}`,
          first_name: `Reader${from + k}`,
          email: `soak-${from + k}@example.test`,
          email_consent: true,
        })),
      });
    }
    if (setup.errorCount) throw new Error(`setting up: ${setup.errors.join("\n")}`);
    setup.close();
    const items = [
      ...syntheticItems(BUILT_IN_FIT, {
        items: Math.min(options.items, 500),
        customers: 1,
        events: 0,
        seed: 42,
        end: new Date(),
      }),
    ];
    const words = [...new Set(items.flatMap((i) => String(i.item_name).toLowerCase().split(/\s+/)))].filter(
      (w) => w.length > 2,
    );
    const customers = options.customers;
    const customer = (n: number) => customerId((n * 7919) % customers, customers);

    say(`traffic for ${options.minutes} minutes through the proxy (${options.rate} content+search requests/s)`);
    const started = Date.now();
    workerMemory.started = started;
    workerBMemory.started = started;
    const traffic = new Traffic(proxy.port, started);
    const endAt = started + options.minutes * 60_000;
    const running = () => Date.now() < endAt;
    const rss: Record<string, { minute: number; mb: number }[]> = {
      web_a: [],
      web_b: [],
      worker: [],
      ...(workerB ? { worker_b: [] } : {}),
      bench_and_proxy: [],
    };
    const pids: Record<string, number | undefined> = {
      web_a: services[0]!.pid,
      web_b: services[1]!.pid,
      worker: worker.pid,
      ...(workerB ? { worker_b: workerB.pid } : {}),
      bench_and_proxy: process.pid,
    };
    const sampleRss = () => {
      for (const [name, pid] of Object.entries(pids)) {
        const mb = pid ? rssMb(pid) : undefined;
        if (mb !== undefined) rss[name]!.push({ minute: (Date.now() - started) / 60_000, mb });
      }
    };
    sampleRss();
    const rssTimer = setInterval(sampleRss, RSS_EVERY_MS);
    const snapshotTimers = snapshotDir
      ? [Math.max(2, options.minutes / 10), Math.max(2.5, options.minutes - 0.5)].map((minute) =>
          setTimeout(() => {
            say(`heap snapshot of the worker at minute ${minute}`);
            if (worker?.pid) process.kill(worker.pid, "SIGUSR2");
          }, minute * 60_000),
        )
      : [];
    // Access tokens expire (TOKEN_TTL_SECONDS, default an hour): renewed at half their life, as a
    // client does (a 60-minute run once ended in 924 answers 401 to its first tokens).
    const ttlSeconds = Number(process.env.TOKEN_TTL_SECONDS || 3600);
    const renewTokens = setInterval(() => {
      void (async () => {
        for (const role of ["marketer", "advanced", "super"] as const) {
          tokens[role] = await first.token(`${role}@example.com`);
        }
        say("tokens renewed");
      })().catch((error) => say(`renewing the tokens failed: ${String(error)}`));
    }, ttlSeconds * 500);
    const progress = setInterval(
      () =>
        say(
          `${((Date.now() - started) / 60_000).toFixed(1)} min: ${traffic.samples.length} requests, ${traffic.errorCount} errors`,
        ),
      60_000,
    );
    const sends: string[] = [];
    const exports: string[] = [];
    const perLoop = options.rate / LOOPS;
    try {
      await Promise.all([
        ...Array.from({ length: LOOPS }, (_, loop) =>
          paced(perLoop, running, (n) => {
            const k = n * LOOPS + loop;
            if (k % 3 === 2) {
              const word = words[k % words.length]!;
              const term = word.slice(0, 2 + (k % Math.max(1, word.length - 1)));
              return traffic.call(
                "search",
                "GET",
                `/touchpoint-studio/touchpoints/${search}/content?term=${encodeURIComponent(term)}`,
                tokens.marketer,
                undefined,
                { identity_value: customer(k) },
              );
            }
            return traffic.call(
              "content",
              "GET",
              `/touchpoint-studio/touchpoints/${recommender}/content`,
              tokens.marketer,
              undefined,
              { identity_value: customer(k) },
            );
          }),
        ),
        paced(1000 / STUDIO_EVERY_MS, running, (n) => {
          const paths = [
            "/touchpoint-studio/rules/touchpoints",
            "/touchpoint-studio/rules/strategies",
            "/campaigning-studio/campaignings/",
            "/touchpoint-studio/models",
          ];
          return traffic.call("studio", "GET", paths[n % paths.length]!, tokens.marketer);
        }),
        paced(1000 / INTAKE_EVERY_MS, running, (n) =>
          traffic.call("intake", "POST", "/data/events", tokens.advanced, {
            events: Array.from({ length: INTAKE_BATCH }, (_, i) => ({
              event_type: i % 10 === 0 ? "purchase" : "view",
              customer_id: customer(n * INTAKE_BATCH + i),
              item_id: String(items[(n * 31 + i) % items.length]!.item_id),
              timestamp: new Date(Date.now() - i * 1000).toISOString().slice(0, 19),
              ...(i % 10 === 0 ? { quantity: 1, price: 5, order_id: `soak-${n}-${i}` } : {}),
            })),
          }),
        ),
        sendLoop(traffic, tokens, running, sends),
        exportLoop(traffic, tokens, running, exports),
      ]);
    } finally {
      clearInterval(rssTimer);
      clearInterval(renewTokens);
      clearInterval(progress);
      for (const timer of snapshotTimers) clearTimeout(timer);
      sampleRss();
      traffic.close();
    }
    await proxy.close();

    const seconds = (Date.now() - started) / 1000;
    const windows: Record<string, unknown>[] = [];
    // Whole windows only: the run's last moments past its minutes (a request or two) are no window
    // to compare with the first.
    for (let from = 0; from + WINDOW_MS <= seconds * 1000 + 1000; from += WINDOW_MS) {
      const inWindow = traffic.samples.filter((s) => s.at >= from && s.at < from + WINDOW_MS);
      const perKind = Object.fromEntries(
        KINDS.map((kind) => {
          const ms = inWindow
            .filter((s) => s.kind === kind)
            .map((s) => s.ms)
            .sort((a, b) => a - b);
          return [kind, { requests: ms.length, p50_ms: percentile(ms, 0.5), p99_ms: percentile(ms, 0.99) }];
        }),
      );
      windows.push({
        from_min: from / 60_000,
        to_min: Math.min(seconds / 60, (from + WINDOW_MS) / 60_000),
        ...perKind,
      });
    }
    const warmUp = options.minutes / 10;
    const memory = Object.fromEntries(
      Object.entries(rss).map(([name, points]) => [
        name,
        {
          start_mb: round(points[0]?.mb ?? 0),
          end_mb: round(points.at(-1)?.mb ?? 0),
          max_mb: round(Math.max(0, ...points.map((p) => p.mb))),
          slope_mb_per_10min: slopePer10Min(points.filter((p) => p.minute >= warmUp)),
          // Whether growth levels off: the same over the second half of the run only.
          second_half_slope_mb_per_10min: slopePer10Min(points.filter((p) => p.minute >= options.minutes / 2)),
          samples: points.length,
          per_minute_mb: perMinute(points, ["mb"]).map((p) => p.mb),
        },
      ]),
    );
    const workerMemoryKinds = memoryKinds(workerMemory.lines, warmUp);
    const workerBMemoryKinds = memoryKinds(workerBMemory.lines, warmUp);
    const workerHeap = snapshotDir ? await summarizeSnapshots(snapshotDir, say) : undefined;
    const counts = Object.fromEntries(KINDS.map((k) => [k, traffic.samples.filter((s) => s.kind === k).length]));
    const results = {
      seconds: round(seconds),
      requests: counts,
      content_search_per_s: round((counts.content! + counts.search!) / seconds),
      errors: traffic.errorCount,
      first_errors: traffic.errors,
      proxy: { ...proxy.stats, failed: proxy.stats.failed.slice(0, 20) },
      sends_finished: sends,
      exports_finished: exports,
      windows,
      rss: memory,
      ...(workerMemoryKinds ? { worker_memory: workerMemoryKinds } : {}),
      ...(workerBMemoryKinds ? { worker_b_memory: workerBMemoryKinds } : {}),
      ...(workerHeap ? { worker_heap: workerHeap } : {}),
    };
    for (const w of windows) say(JSON.stringify(w));
    say(
      `errors ${traffic.errorCount}; RSS slope (MB/10 min): ${Object.entries(memory)
        .map(([n, m]) => `${n} ${m.slope_mb_per_10min}`)
        .join(", ")}`,
    );
    const p99s = windows.map((w) => (w.content as { p99_ms: number }).p99_ms);
    return {
      parameters: {
        ...options,
        machine: machine(),
        setup:
          "two web processes (scripts/start.ts, RUN_WORKERS=none) + one scripts/worker.ts on one scratch PostgreSQL database, behind tests/integration/support/round-robin-proxy.ts in the bench process; traffic generated in the bench process on the same cores; seeded synthetic shop (lib/data/synthetic.ts, seed 42) loaded through the intake code before the start",
        window_minutes: WINDOW_MS / 60_000,
        worker_log_level: "info (its memory lines every 10 s; before 2026-11-28 evening runs: warn)",
        ...(bEnv ? { worker_b: `a second scripts/worker.ts with ${bEnv}` } : {}),
        rss_slope: `least squares over samples every ${RSS_EVERY_MS / 1000} s after the first tenth of the run`,
      },
      results,
      baseline: null,
      ratio: {
        errors: traffic.errorCount,
        sends_or_exports_failed: [...sends, ...exports].filter((s) => s !== "Sent" && s !== "done").length,
        max_rss_slope_mb_per_10min: Math.max(...Object.values(memory).map((m) => Math.abs(m.slope_mb_per_10min ?? 0))),
        content_p99_last_over_first_window: p99s.length > 1 && p99s[0] ? round(p99s.at(-1)! / p99s[0], 2) : null,
      },
    };
  } finally {
    await Promise.all(services.map((s) => s.stop()));
    for (const w of [worker, workerB]) {
      if (w && w.exitCode === null) {
        const exited = new Promise((r) => w.once("exit", r));
        w.kill("SIGTERM");
        await exited;
      }
    }
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const soak: Scenario = {
  name: "soak",
  description:
    "two web processes and a worker on one PostgreSQL behind a round-robin proxy under mixed traffic for --minutes (default 30): errors, RSS slope per process, p99 per 5-minute window",
  run,
};
