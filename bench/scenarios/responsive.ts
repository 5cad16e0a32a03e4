/**
 * responsive (issue 26, "the embedded default never stops answering"): does the service as
 * `npm start` runs it (../service.ts: scripts/start.ts in a child process) keep answering while it
 * works? On the embedded database (PGlite: no DATABASE_URL, a fresh temporary DATA_DIR, deleted at
 * the end) and, with --database postgres|both, on PostgreSQL (a scratch database on
 * BENCH_DATABASE_URL, else the local server, dropped at the end; the job workers then run in their
 * separate process, as by default).
 *
 * Two probe clients (../support/prober.ts) run through every phase, each strictly one request at a
 * time on one keep-alive connection of its own, a new request 200 ms after the previous one started
 * (at once when it took longer), 30 s timeout:
 * - GET /api/health (no auth), whose event_loop (the web thread's event-loop delay) is recorded;
 * - the content route of a smart-recommender carousel (best-sellers, random-products) made live
 *   through the API, with identity_type/identity_value headers cycling over 100 customer ids read
 *   through the API. It is made once the demo's own touchpoints exist: the demo creates them only
 *   on a database without strategies (lib/touchpoints/create-demo-touchpoints.ts), and those are
 *   what builds the recommendation models at start-up, so a touchpoint made earlier would change
 *   what start-up does. Until then only health is probed.
 *
 * Phases (a request counts in the phase in which it completes; the preparation between phases,
 * such as reading ids, is not measured; each phase after start-up begins when the service's
 * 60-s event-loop window has just reset, so its figures do not reach back into the phase before):
 * - startup: from "Lumen is ready" with DEMO_DATA=true until the service has printed "demo shop
 *   loaded" and "recommendation models loaded" (the build queued by the demo's touchpoints);
 * - intake: --events synthetic events (views and purchases of the demo's customers and items,
 *   seeded, ids `synthetic-bench-*`) POSTed to /data/events in batches of 10,000, one at a time;
 * - export: an extended CSV export of all_customers, polled every second until done (--export-customers
 *   N first loads N synthetic customers with e-mail, one in five consenting, through /data/customers,
 *   measured as a phase of its own, "customers");
 * - campaign: an e-mail campaign to all_customers (created by the marketer, approved by advanced,
 *   and super if a second approval is required), send-instant, polled every second until Sent or
 *   Not sent (no SMTP_URL: messages go to the outbox).
 *
 * Baseline, after the service runs: a bare node:http server in its own process per prober
 * answering that prober's last answer bytes, probed by the same prober code for 10 s (after a 1 s
 * warm-up not counted: the service's probers pay their connection and warm-up once in thousands of
 * requests, the baseline's would be its p99) with the same interval, headers and timeout.
 * Ratio = service p99 / bare p99 per prober and phase.
 *
 * Also recorded per phase: the service's "event loop stalled" log lines (what ran during each), its
 * error lines, and this process's own event-loop delay (on a 2-core machine the service's threads
 * compete with the probe client; a delayed client inflates the latencies it measures).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import { z } from "zod";
import { mulberry32 } from "@/lib/data/prng";
import { benchSettings, machine, parseOptions, type Scenario, type ScenarioReport, scratchPostgres } from "../lib";
import { type Service, startFixedServer, startService, touchpointReady } from "../service";
import { type Prober, type ProbeSummary, startProber } from "../support/prober";
import { type DelaySummary, type LoopFigures, ServiceLoop } from "../support/service-loop";

const PHASES = ["startup", "intake", "export", "campaign"] as const;
/** "customers" is the --export-customers load before the export: measured as a phase of its own. */
type Phase = (typeof PHASES)[number] | "customers";
type Kind = "pglite" | "postgres";

const ZOptions = z.object({
  database: z.enum(["pglite", "postgres", "both"]).default("pglite"),
  /** startup always runs (the others need the demo shop); the list picks the phases after it. */
  phases: z
    .string()
    .default(PHASES.join(","))
    .transform((s) => s.split(",").map((x) => x.trim()))
    .pipe(z.array(z.enum(PHASES)).min(1)),
  events: z.coerce.number().int().min(1).default(100_000),
  "export-customers": z.coerce.number().int().min(0).default(0),
});
type Options = z.infer<typeof ZOptions>;

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const INTERVAL_MS = 200;
const TIMEOUT_MS = 30_000;
const BATCH = 10_000;
const STATUS_EVERY_MS = 30_000;
const STARTUP_TIMEOUT_MS = 20 * 60_000;
const PHASE_TIMEOUT_MS = 30 * 60_000;
const BASELINE_MS = 10_000;
/** Before the baseline's measured 10 s: the connection made and the client's code warm. */
const BASELINE_WARM_UP_MS = 1000;
const PROBE_IDENTITIES = 100;
const TARGETS = { gap_ms: 1000, health_p99_ms: 100, content_p99_ms: 50, event_loop_p99_ms: 10, event_loop_max_ms: 100 };
const TARGETS_TEXT = `never ${TARGETS.gap_ms} ms without an answer (either prober); health p99 < ${TARGETS.health_p99_ms} ms; content p99 < ${TARGETS.content_p99_ms} ms; event-loop delay p99 < ${TARGETS.event_loop_p99_ms} ms and max < ${TARGETS.event_loop_max_ms} ms`;

type Say = (line: string) => void;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => Math.round(ms / 100) / 10;

// ---------------------------------------------------------------------------------------------
// What the service says about itself: /api/health's event_loop and its log lines.

interface Stall {
  stalled_ms: number;
  running?: string[];
  ended_during_stall?: string[];
}

/** The service's log lines over one phase: "event loop stalled" warnings and errors. */
class ServiceLog {
  private stalls: Stall[] = [];
  private errors: string[] = [];
  demo: Record<string, unknown> | undefined;

  constructor(private readonly say: Say) {}

  see(line: string): void {
    if (!line.startsWith("{")) return;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    if (entry.msg === "event loop stalled") {
      const stall = entry as unknown as Stall;
      this.stalls.push(stall);
      if (stall.stalled_ms >= 1000)
        this.say(`service: event loop stalled ${stall.stalled_ms} ms: ${line.slice(0, 400)}`);
    } else if (entry.level === "error") {
      // Printed already: startService echoes every line that mentions an error.
      this.errors.push(line.slice(0, 1000));
    } else if (entry.msg === "demo shop loaded") {
      this.demo = { source: entry.source, items: entry.items, customers: entry.customers, events: entry.events };
    }
  }

  stallCount(): number {
    return this.stalls.length;
  }

  cut() {
    const worst = [...this.stalls].sort((a, b) => b.stalled_ms - a.stalled_ms).slice(0, 5);
    const figures = {
      stalls_over_200ms: this.stalls.length,
      longest_stall_ms: worst[0]?.stalled_ms ?? 0,
      worst_stalls: worst,
      errors_logged: this.errors.length,
      first_errors: this.errors.slice(0, 10),
    };
    this.stalls = [];
    this.errors = [];
    return figures;
  }
}

/** This (the probing) process's own event-loop delay: a busy client would delay its probes. */
function clientDelay(h: IntervalHistogram): DelaySummary {
  const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - 10) * 10) / 10);
  const figures = { p50_ms: ms(h.percentile(50)), p99_ms: ms(h.percentile(99)), max_ms: ms(h.max) };
  h.reset();
  return figures;
}

// ---------------------------------------------------------------------------------------------
// A phase: probers cut at its start and end, a status line every 30 s, the targets judged.

interface Watch {
  kind: Kind;
  say: Say;
  health: Prober;
  content?: Prober;
  /** Headers of the content prober's n-th request (kept for the baseline). */
  contentHeaders?: (n: number) => Record<string, string>;
  loop: ServiceLoop;
  log: ServiceLog;
  client: IntervalHistogram;
}

interface PhaseResult {
  seconds: number;
  health: ProbeSummary;
  content: ProbeSummary | null;
  event_loop: LoopFigures;
  service_log: ReturnType<ServiceLog["cut"]>;
  client_event_loop: DelaySummary;
  measured: Record<string, unknown>;
  targets: Record<string, boolean | null>;
}

function judge(health: ProbeSummary, content: ProbeSummary | null, loop: LoopFigures) {
  const under = (x: number | null | undefined, limit: number) => (x === null || x === undefined ? null : x < limit);
  const targets: Record<string, boolean | null> = {
    never_1_s_without_an_answer:
      content === null ? null : health.longest_gap_ms < TARGETS.gap_ms && content.longest_gap_ms < TARGETS.gap_ms,
    health_never_1_s_without_an_answer: health.longest_gap_ms < TARGETS.gap_ms,
    health_p99_under_100_ms: health.p99_ms < TARGETS.health_p99_ms,
    content_p99_under_50_ms: content ? content.p99_ms < TARGETS.content_p99_ms : null,
    event_loop_p99_under_10_ms: under(loop.p99_ms, TARGETS.event_loop_p99_ms),
    event_loop_max_under_100_ms: under(loop.max_ms, TARGETS.event_loop_max_ms),
  };
  const judged = Object.values(targets).filter((v) => v !== null);
  return { ...targets, all_met: judged.length > 0 && judged.every(Boolean) && content !== null };
}

function probeText(name: string, s: ProbeSummary | undefined) {
  if (!s) return `${name} not yet`;
  return `${name} ${s.answered}/${s.requests} ok, p99 ${s.p99_ms} ms, max ${s.max_ms} ms, gap ${s.longest_gap_ms} ms`;
}

function statusLine(watch: Watch, phase: Phase, started: number): string {
  return `[${watch.kind} ${phase} +${Math.round((performance.now() - started) / 1000)} s] ${probeText("health", watch.health.peek())} | ${probeText("content", watch.content?.peek())} | service stalls > 200 ms: ${watch.log.stallCount()}`;
}

/** Waits (at most 65 s) until the service's recent event-loop window has just begun. */
async function freshWindow(watch: Watch): Promise<void> {
  const deadline = performance.now() + 65_000;
  let last = watch.loop.windowAge();
  while (performance.now() < deadline) {
    await sleep(100);
    const age = watch.loop.windowAge();
    // The age fell (a reset) or is small: a new window began.
    if (age !== undefined && ((last !== undefined && age < last) || age <= 1)) return;
    last = age;
  }
}

async function runPhase(
  watch: Watch,
  phase: Phase,
  body: () => Promise<Record<string, unknown>>,
): Promise<PhaseResult> {
  // A phase starts with a fresh window of the service's figures (they reset every 60 s), so the
  // window a short phase is judged by does not reach back into what ran before it.
  if (phase !== "startup") await freshWindow(watch);
  // What happened between phases is not measured.
  watch.health.cut();
  watch.content?.cut();
  watch.loop.cut(phase === "startup");
  watch.log.cut();
  clientDelay(watch.client);
  const started = performance.now();
  watch.say(`[${watch.kind}] ${phase}: started`);
  const status = setInterval(() => watch.say(statusLine(watch, phase, started)), STATUS_EVERY_MS);
  let measured: Record<string, unknown>;
  try {
    measured = await body();
  } finally {
    clearInterval(status);
  }
  const health = watch.health.cut();
  const content = watch.content?.cut() ?? null;
  const loop = watch.loop.cut(phase === "startup");
  const result: PhaseResult = {
    seconds: seconds(performance.now() - started),
    health,
    content,
    event_loop: loop,
    service_log: watch.log.cut(),
    client_event_loop: clientDelay(watch.client),
    measured,
    targets: judge(health, content, loop),
  };
  watch.say(`[${watch.kind}] ${phase}: done in ${result.seconds} s; ${JSON.stringify(measured)}`);
  watch.say(`  ${probeText("health", health)} | ${probeText("content", content ?? undefined)}`);
  watch.say(
    `  service event loop (${loop.basis}${phase === "startup" ? "" : `, windows begun up to ${loop.windows_left_out.reached_back_s} s before the phase left out`}): p99 ${loop.p99_ms} ms, max ${loop.max_ms} ms; stalls > 200 ms logged: ${result.service_log.stalls_over_200ms} (longest ${result.service_log.longest_stall_ms} ms); probe client's own event loop p99 ${result.client_event_loop.p99_ms} ms, max ${result.client_event_loop.max_ms} ms`,
  );
  watch.say(`  targets: ${JSON.stringify(result.targets)}`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Talking to the service.

async function post(service: Service, path: string, body: string, token: string) {
  const started = performance.now();
  const response = await fetch(`${service.url}/api/latest${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
    signal: AbortSignal.timeout(PHASE_TIMEOUT_MS),
  });
  const json = (await response.json().catch(() => ({}))) as {
    upserted?: number;
    errors?: { index: number; detail: string }[];
  };
  return { status: response.status, ms: performance.now() - started, json };
}

/** Up to `n` rows of a list route, 100 a page. */
async function listAll<T>(service: Service, token: string, path: string, key: string, n: number): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; offset < n; offset += 100) {
    const page = (await service.api("GET", `${path}?offset=${offset}&limit=100`, undefined, token))[key] as T[];
    rows.push(...page);
    if (page.length < 100) break;
  }
  return rows.slice(0, n);
}

/** Waits until the demo's touchpoints exist (see the header: ours must not come first). */
async function demoStrategies(service: Service, token: string): Promise<void> {
  const deadline = performance.now() + 10 * 60_000;
  while (performance.now() < deadline) {
    const list = await service.api("GET", "/touchpoint-studio/rules/strategies?limit=1", undefined, token);
    if ((list.count as number) > 0) return;
    await sleep(500);
  }
  throw new Error("the demo created no strategies within 10 minutes of loading");
}

/** A live smart-recommender carousel of rules that work on any data. */
async function probeTouchpoint(service: Service, token: string): Promise<string> {
  const positions = (await service.api("GET", "/touchpoint-studio/rules/positions?limit=1", undefined, token))
    .positions as { position_id: string }[];
  const strategy = await service.api(
    "POST",
    "/touchpoint-studio/rules/strategies",
    {
      strategy_name: "Bench responsive probe",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [
        { rule_type: "best-sellers", positions: [0, 1, 2], values: [] },
        { rule_type: "random-products", positions: [3, 4], values: [] },
      ],
    },
    token,
  );
  const touchpoint = await service.api(
    "POST",
    "/touchpoint-studio/rules/touchpoints",
    {
      touchpoint_name: "Bench responsive probe",
      touchpoint_type: "smart-recommender",
      position: positions[0]!.position_id,
      default_strategy: strategy.strategy_id,
      number_of_positions: 5,
      is_active: true,
      is_draft: false,
    },
    token,
  );
  return touchpointReady(service, token, touchpoint.touchpoint_id as string, STARTUP_TIMEOUT_MS / 1000);
}

/**
 * Waits (at most the probe timeout) until the content prober's first request completed: when it
 * started between phases, its first request (the touchpoint served for the first time) belongs to
 * neither. Answers that request's latency.
 */
async function firstContentRequest(watch: Watch): Promise<number | null> {
  const deadline = performance.now() + TIMEOUT_MS + 1000;
  while (watch.content && watch.content.peek().requests === 0 && performance.now() < deadline) await sleep(50);
  return watch.content?.peek().max_ms ?? null;
}

/** Makes the probe touchpoint once the demo's exist and starts the content prober on it. */
async function startContentProbe(service: Service, token: string, watch: Watch, readyAt: number) {
  await demoStrategies(service, token);
  const id = await probeTouchpoint(service, token);
  const customers = await listAll<{ customer_id: string }>(
    service,
    token,
    "/data/customers",
    "customers",
    PROBE_IDENTITIES,
  );
  const identities =
    customers.length > 0
      ? customers.map((c) => ({ identity_type: "customer_id", identity_value: c.customer_id }))
      : Array.from({ length: PROBE_IDENTITIES }, (_, i) => ({
          identity_type: "cookie_id",
          identity_value: `bench-cookie-${i}`,
        }));
  watch.contentHeaders = (n) => ({ authorization: `Bearer ${token}`, ...identities[n % identities.length]! });
  watch.content = startProber({
    name: "content",
    url: `${service.url}/api/latest/touchpoint-studio/touchpoints/${id}/content`,
    headers: watch.contentHeaders,
    intervalMs: INTERVAL_MS,
    timeoutMs: TIMEOUT_MS,
  });
  const after = seconds(performance.now() - readyAt);
  watch.say(
    `[${watch.kind}] content prober started ${after} s after ready (touchpoint ${id}, ${identities.length} ${identities[0]!.identity_type}s)`,
  );
  return { touchpoint_id: id, started_after_ready_s: after, identities: identities.length };
}

// ---------------------------------------------------------------------------------------------
// The phases.

/**
 * Start-up: until the demo shop and the models it led to are loaded, or STARTUP_TIMEOUT_MS. A line
 * not printed by then is recorded as missing (the probes' figures are kept either way).
 */
async function startup(service: Service, token: string, watch: Watch, readyAt: number) {
  const at = (msg: string) =>
    service.waitFor(new RegExp(`"msg":"${msg}"`), STARTUP_TIMEOUT_MS).then(
      () => performance.now(),
      () => null,
    );
  const lines = ["demo shop loaded", "recommendation models built", "recommendation models loaded"];
  const demoLoaded = at(lines[0]!);
  const probe = demoLoaded.then((t) => {
    if (t === null) throw new Error(`no "${lines[0]}" within ${STARTUP_TIMEOUT_MS / 60_000} minutes`);
    return startContentProbe(service, token, watch, readyAt);
  });
  probe.catch(() => {}); // awaited after the phase
  const [demo, build, load] = await Promise.all([demoLoaded, at(lines[1]!), at(lines[2]!)]);
  const span = (from: number | null, to: number | null) => (from === null || to === null ? null : seconds(to - from));
  const missing = lines.filter((_, i) => [demo, build, load][i] === null);
  if (missing.length > 0)
    watch.say(
      `[${watch.kind}] startup: not printed within ${STARTUP_TIMEOUT_MS / 60_000} minutes: ${missing.join(", ")}`,
    );
  return {
    measured: {
      ready_to_demo_loaded_s: span(readyAt, demo),
      demo_loaded_to_models_built_s: span(demo, build),
      models_built_to_loaded_s: span(build, load),
      ready_to_models_loaded_s: span(readyAt, load),
      missing_log_lines: missing,
      demo: watch.log.demo ?? null,
    },
    probe,
  };
}

interface ShopIds {
  customers: string[];
  items: { item_id: string; product_price: number }[];
}

/** Seeded synthetic views (75%) and purchases (25%) of the shop's customers and items, as request bodies. */
function eventBodies(n: number, ids: ShopIds): string[] {
  const random = mulberry32(26);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const now = Date.now();
  const bodies: string[] = [];
  for (let from = 0; from < n; from += BATCH) {
    const events = Array.from({ length: Math.min(BATCH, n - from) }, (_, k) => {
      const i = from + k;
      const item = pick(ids.items);
      const purchase = random() < 0.25;
      return {
        event_id: `synthetic-bench-responsive-${i}`,
        event_type: purchase ? "purchase" : "view",
        customer_id: pick(ids.customers),
        item_id: item.item_id,
        timestamp: new Date(now - 86_400_000 - Math.floor(random() * 29 * 86_400_000)).toISOString().slice(0, 19),
        ...(purchase
          ? {
              quantity: 1 + Math.floor(random() * 3),
              price: item.product_price,
              order_id: `synthetic-bench-order-${i}`,
            }
          : {}),
      };
    });
    bodies.push(JSON.stringify({ events }));
  }
  return bodies;
}

async function intake(service: Service, token: string, bodies: string[], events: number) {
  const started = performance.now();
  const batches: number[] = [];
  const failed: string[] = [];
  let rejected = 0;
  for (const body of bodies) {
    const answer = await post(service, "/data/events", body, token);
    batches.push(Math.round(answer.ms));
    if (answer.status !== 200) failed.push(`HTTP ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
    rejected += answer.json.errors?.length ?? 0;
  }
  const ms = performance.now() - started;
  return {
    events,
    batches: bodies.length,
    batch_ms: batches,
    events_per_s: Math.round(events / (ms / 1000)),
    rejected_events: rejected,
    failed_batches: failed,
  };
}

/**
 * N synthetic customers with an e-mail address, one in five with e-mail consent, through the API:
 * --export-customers 500000 gives a 500,000-row export and a campaign to 100,000 of them (plus
 * the demo shop's own consenting customers).
 */
async function loadCustomers(service: Service, token: string, n: number, say: Say) {
  const started = performance.now();
  for (let from = 0; from < n; from += BATCH) {
    const customers = Array.from({ length: Math.min(BATCH, n - from) }, (_, k) => ({
      customer_id: `synthetic-bench-customer-${from + k}`,
      first_name: `First${from + k}`,
      last_name: `Last${from + k}`,
      email: `synthetic-bench-${from + k}@example.test`,
      email_consent: (from + k) % 5 === 0,
      segment_id: "synthetic-bench",
      segment_name: "Synthetic (bench)",
    }));
    const answer = await post(service, "/data/customers", JSON.stringify({ customers }), token);
    if (answer.status !== 200 || answer.json.errors?.length)
      throw new Error(`loading customers: HTTP ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
    say(`extra customers: ${Math.min(n, from + BATCH).toLocaleString("en")}/${n.toLocaleString("en")}`);
  }
  return seconds(performance.now() - started);
}

/** Polls `read` every second until `done` says so; the last value read. */
async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = performance.now() + PHASE_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`${what} did not finish in ${PHASE_TIMEOUT_MS / 60_000} minutes`);
    await sleep(1000);
  }
}

async function exportAll(service: Service, token: string) {
  const started = performance.now();
  const answer = await service.api(
    "GET",
    "/customer-studio/audiences/all_customers/export?file_extension=csv&extended=true",
    undefined,
    token,
  );
  const id = (answer.export as { export_id: string }).export_id;
  const done = await pollUntil(
    () => service.api("GET", `/customer-studio/exports/${id}`, undefined, token),
    (e) => ["done", "failed", "expired"].includes(e.status as string),
    `export ${id}`,
  );
  return {
    export_id: id,
    status: done.status,
    rows: done.rows_done,
    rows_total: done.rows_total,
    file_bytes: done.file_bytes,
    error: done.error || undefined,
    export_s: seconds(performance.now() - started),
  };
}

const localTime = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString().slice(0, 19);

/** An e-mail campaign to all_customers, created by the marketer and approved: its first group's id. */
async function approvedCampaign(service: Service, tokens: Record<"marketer" | "advanced" | "super", string>) {
  const created = await service.api(
    "POST",
    "/campaigning-studio/campaignings/",
    {
      campaign_name: "Bench responsive",
      audiences: ["all_customers"],
      audiences_type: "GENERIC",
      channel_type: "email",
      is_abc: false,
      sender: "Shop",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [
        {
          channel_message_text:
            "Hi {ph_customer.first_name}, our winter sale has started. See https://shop.example/sale",
          channel_subject: "Winter sale for {ph_customer.first_name}",
          start_time: localTime(7 * 86_400_000),
          end_time: localTime(7 * 86_400_000 + 8 * 3_600_000),
          abc_audience_percent: 100,
        },
      ],
    },
    tokens.marketer,
  );
  const id = (created.campaign_details as { campaign_id: string }[])[0]!.campaign_id;
  for (const approver of [tokens.advanced, tokens.super]) {
    const state = await service.api("GET", `/campaigning-studio/campaignings/${id}`, undefined, approver);
    if (state.status !== "Not approved") break;
    await service.api("PUT", `/campaigning-studio/campaignings/${id}/approve`, undefined, approver);
  }
  return id;
}

async function sendCampaign(service: Service, token: string, id: string) {
  const started = performance.now();
  await service.api("POST", "/campaigning-studio/campaignings/send-instant", { campaign_id: id }, token);
  const statuses: Record<string, number> = {};
  const done = await pollUntil(
    () => service.api("GET", `/campaigning-studio/campaignings/${id}`, undefined, token),
    (c) => {
      statuses[c.status as string] ??= seconds(performance.now() - started);
      return c.status === "Sent" || c.status === "Not sent";
    },
    `campaign ${id}`,
  );
  return {
    campaign_id: id,
    status: done.status,
    status_first_seen_s: statuses,
    send_s: seconds(performance.now() - started),
  };
}

async function recipientsOf(service: Service, token: string, id: string): Promise<number> {
  const report = await service.api(
    "GET",
    `/campaigning-studio/insights/delivery-report?campaign_id=${encodeURIComponent(id)}`,
    undefined,
    token,
  );
  return Number((report.campaigns as { metrics: { targeted: string } }[])[0]?.metrics.targeted ?? 0);
}

// ---------------------------------------------------------------------------------------------
// One database.

async function openTarget(
  kind: Kind,
  say: Say,
): Promise<{ settings: Record<string, string>; drop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "lumen-bench-responsive-"));
  const removeDir = async () => rmSync(dir, { recursive: true, force: true });
  if (kind === "pglite") {
    say(`PGlite in ${dir}`);
    return { settings: { DATA_DIR: dir }, drop: removeDir };
  }
  const server = benchSettings().databaseUrl ?? LOCAL_POSTGRES;
  const scratch = await scratchPostgres(server);
  say(`PostgreSQL: database ${new URL(scratch.url).pathname.slice(1)} on ${new URL(server).host}`);
  return {
    settings: { DATABASE_URL: scratch.url, DATA_DIR: dir },
    drop: async () => {
      await removeDir();
      await scratch.drop();
    },
  };
}

interface DatabaseRun {
  phases: Partial<Record<Phase, PhaseResult | { error: string }>>;
  content_probe: Record<string, unknown> | null;
  extra_customers_load_s?: number;
  bodies: { health?: string; content?: string };
  contentHeaders?: (n: number) => Record<string, string>;
}

/** The phases after start-up, each recorded (an error too) without stopping the others. */
async function laterPhases(service: Service, watch: Watch, options: Options, run: DatabaseRun) {
  const tokens = {
    marketer: await service.token("marketer@example.com"),
    advanced: await service.token("advanced@example.com"),
    super: await service.token("super@example.com"),
  };
  const steps: Record<Exclude<Phase, "startup" | "customers">, () => Promise<PhaseResult>> = {
    intake: async () => {
      const ids: ShopIds = {
        customers: (
          await listAll<{ customer_id: string }>(service, tokens.advanced, "/data/customers", "customers", 1000)
        ).map((c) => c.customer_id),
        items: await listAll(service, tokens.advanced, "/data/items", "items", 1000),
      };
      const bodies = eventBodies(options.events, ids);
      return runPhase(watch, "intake", () => intake(service, tokens.advanced, bodies, options.events));
    },
    export: async () => {
      const n = options["export-customers"];
      if (n > 0) {
        run.phases.customers = await runPhase(watch, "customers", async () => {
          run.extra_customers_load_s = await loadCustomers(service, tokens.advanced, n, watch.say);
          return { customers: n, load_s: run.extra_customers_load_s };
        });
      }
      return runPhase(watch, "export", () => exportAll(service, tokens.advanced));
    },
    campaign: async () => {
      const id = await approvedCampaign(service, tokens);
      const result = await runPhase(watch, "campaign", () => sendCampaign(service, tokens.advanced, id));
      result.measured.recipients = await recipientsOf(service, tokens.advanced, id);
      watch.say(`  recipients: ${result.measured.recipients}`);
      return result;
    },
  };
  for (const phase of PHASES) {
    if (phase === "startup" || !options.phases.includes(phase)) continue;
    try {
      run.phases[phase] = await steps[phase]();
    } catch (error) {
      watch.say(`[${watch.kind}] ${phase} failed: ${(error as Error).message}`);
      run.phases[phase] = { error: (error as Error).message };
      if (/has exited/.test((error as Error).message)) break;
    }
  }
}

async function runOn(kind: Kind, options: Options, say: Say): Promise<DatabaseRun> {
  const target = await openTarget(kind, say);
  const run: DatabaseRun = { phases: {}, content_probe: null, bodies: {} };
  try {
    const service = await startService(
      { ...target.settings, DEMO_DATA: "true", LOG_LEVEL: "info", TOKEN_TTL_SECONDS: "86400" },
      say,
    );
    const readyAt = performance.now();
    const loop = new ServiceLoop();
    const watch: Watch = {
      kind,
      say,
      loop,
      log: new ServiceLog((l) => say(`[${kind}] ${l}`)),
      client: monitorEventLoopDelay({ resolution: 10 }),
      health: startProber({
        name: "health",
        url: `${service.url}/api/health`,
        intervalMs: INTERVAL_MS,
        timeoutMs: TIMEOUT_MS,
        onAnswer: (body) => loop.see(body),
      }),
    };
    watch.client.enable();
    service.onLine((line) => watch.log.see(line));
    try {
      say(`[${kind}] Lumen is ready at ${service.url}; probing health`);
      let probe: Promise<Record<string, unknown>> | undefined;
      run.phases.startup = await runPhase(watch, "startup", async () => {
        const token = await service.token("advanced@example.com");
        const started = await startup(service, token, watch, readyAt);
        probe = started.probe;
        return started.measured;
      });
      const probedInStartup = watch.content !== undefined;
      // Made once the demo's touchpoints exist; its calculation can queue behind theirs (which wait
      // for the model build), so the content prober may start only after start-up.
      run.content_probe = await probe!.catch((error: Error) => {
        say(`[${kind}] the content prober could not start: ${error.message}`);
        return { error: error.message };
      });
      if (!probedInStartup && watch.content && !("error" in run.content_probe)) {
        const ms = await firstContentRequest(watch);
        run.content_probe.first_request_ms = ms;
        say(`[${kind}] the content prober's first request took ${ms} ms`);
      }
      await laterPhases(service, watch, options, run);
    } finally {
      run.bodies = { health: watch.health.lastBody(), content: watch.content?.lastBody() };
      run.contentHeaders = watch.contentHeaders;
      watch.health.stop();
      watch.content?.stop();
      watch.client.disable();
      await service.stop();
    }
  } finally {
    await target.drop();
  }
  return run;
}

// ---------------------------------------------------------------------------------------------
// Baseline, report.

/** The bare floor: one node:http server per prober answering its bytes, probed the same way for 10 s. */
async function baseline(run: DatabaseRun, say: Say) {
  const health = await startFixedServer(run.bodies.health ?? '{"status":"ok"}');
  const content = await startFixedServer(run.bodies.content ?? run.bodies.health ?? '{"content":[]}');
  try {
    const common = { intervalMs: INTERVAL_MS, timeoutMs: TIMEOUT_MS };
    const probers = [
      startProber({ name: "health", url: `${health.url}/api/health`, ...common }),
      startProber({
        name: "content",
        url: `${content.url}/api/latest/touchpoint-studio/touchpoints/bench/content`,
        headers: run.contentHeaders,
        ...common,
      }),
    ];
    await sleep(BASELINE_WARM_UP_MS);
    for (const p of probers) p.cut();
    await sleep(BASELINE_MS);
    const [h, c] = probers.map((p) => p.stop()) as [ProbeSummary, ProbeSummary];
    say(`baseline (bare node:http, ${BASELINE_MS / 1000} s): ${probeText("health", h)} | ${probeText("content", c)}`);
    return {
      health: h,
      content: c,
      answer_bytes: { health: run.bodies.health?.length ?? null, content: run.bodies.content?.length ?? null },
    };
  } finally {
    await health.stop();
    await content.stop();
  }
}

type BaselineResult = Awaited<ReturnType<typeof baseline>>;

function ratios(runs: Record<string, DatabaseRun>, base: BaselineResult) {
  const of = (s: ProbeSummary | null, b: ProbeSummary) =>
    s ? Math.round((s.p99_ms / Math.max(b.p99_ms, 0.1)) * 10) / 10 : null;
  return Object.fromEntries(
    Object.entries(runs).map(([kind, run]) => [
      kind,
      Object.fromEntries(
        Object.entries(run.phases).map(([phase, r]) => [
          phase,
          "error" in r
            ? null
            : {
                health_p99_vs_bare: of(r.health, base.health),
                content_p99_vs_bare: of(r.content, base.content),
                targets_met: r.targets.all_met,
              },
        ]),
      ),
    ]),
  );
}

function printTable(runs: Record<string, DatabaseRun>, base: BaselineResult) {
  const cell = (x: unknown, w: number) => String(x ?? "-").padStart(w);
  const head = `${"database".padEnd(9)}${"phase".padEnd(9)}${"prober".padEnd(8)}${cell("requests", 9)}${cell("answered", 9)}${cell("failed", 7)}${cell("p50 ms", 9)}${cell("p99 ms", 9)}${cell("max ms", 9)}${cell("gap ms", 9)}${cell("loop p99", 9)}${cell("loop max", 9)}  targets`;
  const row = (db: string, phase: string, name: string, s: ProbeSummary | null, extra = "") =>
    `${db.padEnd(9)}${phase.padEnd(9)}${name.padEnd(8)}${s ? `${cell(s.requests, 9)}${cell(s.answered, 9)}${cell(s.failed, 7)}${cell(s.p50_ms, 9)}${cell(s.p99_ms, 9)}${cell(s.max_ms, 9)}${cell(s.longest_gap_ms, 9)}` : cell("not probed", 9)}${extra}`;
  console.log(`\n  targets (issue 26): ${TARGETS_TEXT}\n  ${head}`);
  for (const [kind, run] of Object.entries(runs)) {
    for (const [phase, r] of Object.entries(run.phases)) {
      if ("error" in r) {
        console.log(`  ${kind.padEnd(9)}${phase.padEnd(9)}failed: ${r.error.slice(0, 200)}`);
        continue;
      }
      const t = r.targets;
      const failed = Object.entries(t)
        .filter(([k, v]) => v === false && k !== "all_met")
        .map(([k]) => k);
      const verdict = t.all_met ? "all met" : `missed: ${failed.join(", ") || "content not probed"}`;
      const loop = `${cell(r.event_loop.p99_ms, 9)}${cell(r.event_loop.max_ms, 9)}  ${verdict}`;
      console.log(`  ${row(kind, phase, "health", r.health, loop)}`);
      console.log(`  ${row(kind, phase, "content", r.content)}`);
    }
  }
  console.log(`  ${row("bare", "10 s", "health", base.health)}`);
  console.log(`  ${row("bare", "10 s", "content", base.content)}\n`);
}

export const responsive: Scenario = {
  name: "responsive",
  description:
    "health and content answered every 200 ms through start-up with the demo shop, event intake, an export and a campaign send (issue 26), vs a bare node:http server",
  async run(args): Promise<ScenarioReport> {
    const options = parseOptions(args, ZOptions);
    const say: Say = (l) => console.log(`  ${l}`);
    if (!options.phases.includes("startup")) say("startup always runs first (the other phases need the demo shop)");
    say(`targets (issue 26): ${TARGETS_TEXT}`);
    const kinds: Kind[] = options.database === "both" ? ["pglite", "postgres"] : [options.database];
    const runs: Record<string, DatabaseRun> = {};
    for (const kind of kinds) runs[kind] = await runOn(kind, options, say);
    const first = Object.values(runs)[0]!;
    const base = await baseline(first, say);
    printTable(runs, base);
    const demo = Object.fromEntries(
      Object.entries(runs).map(([kind, run]) => {
        const startup = run.phases.startup;
        return [kind, startup && !("error" in startup) ? startup.measured.demo : null];
      }),
    );
    return {
      parameters: {
        machine: machine(),
        databases: kinds,
        phases: ["startup", ...options.phases.filter((p) => p !== "startup")],
        data: {
          demo_shop: demo,
          intake_events: options.events,
          intake_batch: BATCH,
          export_extra_customers: options["export-customers"],
          events:
            "synthetic (seeded): 75% views, 25% purchases of 1,000 of the demo's customers and items read through the API; ids synthetic-bench-*",
        },
        probes: {
          interval_ms: INTERVAL_MS,
          timeout_ms: TIMEOUT_MS,
          connections_per_prober: 1,
          client: "node:http, one keep-alive Agent with maxSockets 1 per prober, in the bench process",
          content_identities: `${PROBE_IDENTITIES} customer ids read through the API, cycled`,
          status_every_s: STATUS_EVERY_MS / 1000,
        },
        service:
          "npm start's scripts/start.ts in a child process: DEMO_DATA=true, LOG_LEVEL=info, TOKEN_TTL_SECONDS=86400; PGlite: fresh DATA_DIR, workers in a thread of the web process; PostgreSQL: scratch database, workers in their separate process",
        targets: TARGETS,
        event_loop:
          "from GET /api/health (the web thread): start-up by since_start at its end; later phases by the worst recent window (reset every 60 s, so it may reach back into the phase before) seen in them",
      },
      results: Object.fromEntries(
        Object.entries(runs).map(([kind, run]) => [
          kind,
          { phases: run.phases, content_probe: run.content_probe, extra_customers_load_s: run.extra_customers_load_s },
        ]),
      ),
      baseline: {
        what: `a bare node:http server in its own process per prober answering that prober's last answer bytes (from the ${kinds[0]} run), probed by the same code for ${BASELINE_MS / 1000} s (after ${BASELINE_WARM_UP_MS / 1000} s not counted: the connection made, the client warm) with the same interval, headers and timeout`,
        ...base,
      },
      ratio: ratios(runs, base),
    };
  },
};
