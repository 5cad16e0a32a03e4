/**
 * Two instances, one database (issue 23): two web processes started as `npm start` starts them
 * (scripts/start.ts, a PORT each, RUN_WORKERS=none) and one `npm run worker`, all on this file's
 * PostgreSQL database, behind a small round-robin proxy (./support/round-robin-proxy.ts). Requests
 * go through the proxy or straight to one process, to show which process answered what.
 * PostgreSQL only: the embedded PGlite database is opened by one process, which then serves alone.
 * The children end with the file, pass or fail (./support/children.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREE_FAILURES } from "@/lib/auth/throttle";
import { getDatabase } from "@/lib/db/client";
import { tokenFor } from "./http";
import { searchStrategyBody } from "./studio";
import { type RoundRobinProxy, startRoundRobinProxy } from "./support/round-robin-proxy";
import { freePort, serviceEnv, startWeb, startWorker, terminate, type WebProcess } from "./support/service-children";
import { until } from "./support/until";

const onPostgres = !!process.env.TEST_DATABASE_URL;
const CUSTOMERS = 3000;

const webs: WebProcess[] = [];
let proxy: RoundRobinProxy;
let env: Record<string, string | undefined>;
let dataDir: string;
let user: string;
let advanced: string;
let superUser: string;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are JSON read by assertions
  body: any;
  headers: Headers;
}

async function api(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base}/api/latest${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, headers: response.headers };
}

async function ok(base: string, method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const answer = await api(base, method, path, { token, body });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body).slice(0, 500)}`).toBeLessThan(300);
  return answer;
}

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 19);
const buy = (customer: string, item: string, order: string) => ({
  event_type: "purchase",
  customer_id: customer,
  item_id: item,
  quantity: 1,
  price: 5,
  timestamp: day(30),
  order_id: order,
});

async function touchpoint(base: string, name: string, strategy: Record<string, unknown>, type = "smart-recommender") {
  const s = await ok(base, "POST", "/touchpoint-studio/rules/strategies", user, strategy);
  const positions = await ok(base, "GET", "/touchpoint-studio/rules/position", user);
  const t = await ok(base, "POST", "/touchpoint-studio/rules/touchpoints", user, {
    touchpoint_name: name,
    touchpoint_type: type,
    position: positions.body.positions[0].position_id,
    number_of_positions: type === "smart-search" ? 0 : 3,
    default_strategy: s.body.strategy_id,
    strategies: [],
    is_active: true,
    is_draft: false,
  });
  return t.body.touchpoint_id as string;
}

function recommender(name: string, rule: string) {
  return {
    strategy_name: name,
    strategy_type: "smart-recommender",
    strategy_subtype: "carousel",
    segments: ["all_customers"],
    rules: [{ rule_type: rule, positions: [0, 1, 2], values: [] }],
  };
}

async function ready(base: string, id: string): Promise<void> {
  await until(
    () => api(base, "GET", `/touchpoint-studio/rules/touchpoints/${id}`, { token: user }),
    (t) => t.status === 200 && t.body.is_ready && !t.body.is_calculating,
    120_000,
    `touchpoint ${id} ready`,
  );
}

const content = (base: string, id: string, identity = "ti-alice", query = "") =>
  api(base, "GET", `/touchpoint-studio/touchpoints/${id}/content${query}`, {
    token: user,
    headers: { identity_value: identity },
  });

beforeAll(async () => {
  if (!onPostgres) return;
  user = await tokenFor("user");
  advanced = await tokenFor("advanced");
  superUser = await tokenFor("super");
  const database = await getDatabase();
  // A scratch DATA_DIR: on PostgreSQL nothing the processes share lives there (exports are rows).
  dataDir = mkdtempSync(join(tmpdir(), "lumen-two-instances-"));
  env = serviceEnv({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    RUN_WORKERS: "none",
    SHUTDOWN_TIMEOUT_MS: "10000",
  });
  // One after the other: the first builds the app when the sources changed.
  for (const name of ["A", "B"]) webs.push(await startWeb({ name, port: await freePort(), env, untilFileEnds: true }));
  startWorker({ env, untilFileEnds: true });
  proxy = await startRoundRobinProxy({ upstreams: webs.map(({ name, port }) => ({ name, port })) });

  await ok(proxy.url, "POST", "/data/items", advanced, {
    items: ["a", "b", "c", "d", "e", "f"].map((x, i) => ({
      item_id: `ti-${x}`,
      item_name: `Lantern ${x}`,
      product_price: 5 + i,
      stock: 10,
    })),
  });
  for (let from = 0; from < CUSTOMERS; from += 1000) {
    await ok(proxy.url, "POST", "/data/customers", advanced, {
      customers: Array.from({ length: 1000 }, (_, k) => ({
        customer_id: `ti-c${from + k}`,
        first_name: `First${from + k}`,
        email: `ti-${from + k}@example.test`,
        email_consent: true,
      })),
    });
  }
  await ok(proxy.url, "POST", "/data/customers", advanced, {
    customers: ["ti-alice", "x", "y", "p", "q", "r", "s"].map((c) => ({
      customer_id: c === "ti-alice" ? c : `ti-${c}`,
    })),
  });
}, 900_000);

afterAll(async () => {
  await proxy?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(onPostgres)("two web processes and a worker on one PostgreSQL (skipped on PGlite: one process)", () => {
  it("a touchpoint created through one process serves from the other at once", async () => {
    const [a, b] = webs as [WebProcess, WebProcess];
    const id = await touchpoint(a.url, "two instances best-sellers", recommender("ti best", "best-sellers"));
    // B knows it from its first request: nothing kept per process stands in the way.
    expect((await api(b.url, "GET", `/touchpoint-studio/rules/touchpoints/${id}`, { token: user })).status).toBe(200);
    await ready(a.url, id);
    const fromB = await content(b.url, id);
    expect(fromB.status, JSON.stringify(fromB.body)).toBe(200);
    const fromA = await content(a.url, id);
    expect(fromB.body.content.length).toBe(3);
    expect(fromB.body.content.map((c: { item: { item_id: string } }) => c.item.item_id)).toEqual(
      fromA.body.content.map((c: { item: { item_id: string } }) => c.item.item_id),
    );
    // A search touchpoint made through B answers on A.
    const search = await touchpoint(
      b.url,
      "two instances search",
      searchStrategyBody("ti search", "item_name"),
      "smart-search",
    );
    await ready(b.url, search);
    const found = await content(a.url, search, "ti-alice", "?term=lantern");
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.content.length).toBeGreaterThan(0);
  }, 180_000);

  it("a model built by the worker serves on both web processes within a second", async () => {
    const [a, b] = webs as [WebProcess, WebProcess];
    await ok(proxy.url, "POST", "/data/events", advanced, {
      events: [
        buy("ti-alice", "ti-a", "1"),
        ...["x", "y"].flatMap((c) => [buy(`ti-${c}`, "ti-a", c), buy(`ti-${c}`, "ti-b", c)]),
      ],
    });
    // Its calculation (by the worker) builds the first models.
    const id = await touchpoint(
      proxy.url,
      "two instances community",
      recommender("ti community", "ai-community-based"),
    );
    await ready(proxy.url, id);
    const firstItem = async (web: WebProcess) => {
      const answer = await content(web.url, id);
      expect(answer.status).toBe(200);
      const slot = answer.body.content[0];
      return slot && !slot.filled_by.is_fallback && slot.filled_by.rule_type === "ai-community-based"
        ? (slot.item.item_id as string)
        : null;
    };
    await until(
      () => Promise.all(webs.map(firstItem)),
      (items) => items.every((i) => i === "ti-b"),
      60_000,
      "first model",
    );

    // Four more buy a with c; a build asked through the API (any process) runs on the worker.
    await ok(proxy.url, "POST", "/data/events", advanced, {
      events: ["p", "q", "r", "s"].flatMap((c) => [buy(`ti-${c}`, "ti-a", c), buy(`ti-${c}`, "ti-c", c)]),
    });
    const { sql } = await getDatabase();
    const newest = async () =>
      (
        await sql.query<{ model_id: string; built: Date | null }>(
          "SELECT model_id, date_built AS built FROM rec_models WHERE status = 'ready' ORDER BY date_built DESC LIMIT 1",
        )
      )[0];
    const before = await newest();
    await ok(proxy.url, "POST", "/touchpoint-studio/models", advanced, {});
    const built = await until(newest, (m) => !!m && m.model_id !== before?.model_id, 120_000, "the worker's build");
    const pending = new Set([a, b]);
    const servedAt: Record<string, number> = {};
    const deadline = Date.now() + 5000;
    while (pending.size && Date.now() < deadline) {
      for (const web of [...pending]) {
        if ((await firstItem(web)) === "ti-c") {
          servedAt[web.name] = Date.now() - built!.built!.getTime();
          pending.delete(web);
        }
      }
      if (pending.size) await new Promise((r) => setTimeout(r, 20));
    }
    expect(pending.size, `both serve the new build (${JSON.stringify(servedAt)} ms after it was stored)`).toBe(0);
    console.log(`the worker's build served ${JSON.stringify(servedAt)} ms after it was stored`);
    for (const ms of Object.values(servedAt)) expect(ms).toBeLessThan(1000);
  }, 240_000);

  it("the sign-in throttle holds across both: their admissions together stay within the limit", async () => {
    const attempts = 2 * FREE_FAILURES + 4;
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      const web = webs[i % 2]!;
      const answer = await api(web.url, "POST", "/auth/token", {
        body: { grant_type: "password", username: "nobody-two-instances@example.test", password: `wrong-${i}` },
      });
      statuses.push(answer.status);
    }
    const checked = statuses.filter((s) => s === 401).length;
    // Kept in memory per process, each would check FREE_FAILURES: twice as many together.
    expect(checked, JSON.stringify(statuses)).toBe(FREE_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBe(attempts - FREE_FAILURES);
  }, 120_000);

  it("an idempotency key replayed on the other process gets the stored answer, with no second effect", async () => {
    const [a, b] = webs as [WebProcess, WebProcess];
    const body = recommender("ti idempotent", "best-sellers");
    const headers = { "idempotency-key": `two-instances-${Date.now()}` };
    const first = await api(a.url, "POST", "/touchpoint-studio/rules/strategies", { token: user, body, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await api(b.url, "POST", "/touchpoint-studio/rules/strategies", { token: user, body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.strategy_id).toBe(first.body.strategy_id);
    const list = await ok(proxy.url, "GET", "/touchpoint-studio/rules/strategies?limit=100", user);
    const named = list.body.strategies.filter((s: { strategy_name: string }) => s.strategy_name === "ti idempotent");
    expect(named.length).toBe(1);
  });

  it("a campaign send and an export run while both serve: every content request through the proxy succeeds", async () => {
    const id = await touchpoint(proxy.url, "two instances while busy", recommender("ti busy", "best-sellers"));
    await ready(proxy.url, id);
    const created = await ok(proxy.url, "POST", "/campaigning-studio/campaignings/", user, {
      campaign_name: "Two instances",
      audiences: ["all_customers"],
      audiences_type: "GENERIC",
      channel_type: "email",
      is_abc: false,
      sender: "Shop",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [
        {
          channel_message_text: "Hello {ph_customer.first_name}",
          channel_subject: "News",
          start_time: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 19),
          end_time: new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 19),
          abc_audience_percent: 100,
        },
      ],
    });
    const campaign = created.body.campaign_details[0].campaign_id as string;
    for (const approver of [advanced, superUser]) {
      const state = await ok(proxy.url, "GET", `/campaigning-studio/campaignings/${campaign}`, approver);
      if (state.body.status !== "Not approved") break;
      await ok(proxy.url, "PUT", `/campaigning-studio/campaignings/${campaign}/approve`, approver);
    }

    let busy = true;
    const statuses = new Map<number, number>();
    const load = Array.from({ length: 3 }, async () => {
      while (busy) {
        const answer = await content(proxy.url, id, `ti-c${Math.floor(Math.random() * CUSTOMERS)}`);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    });
    try {
      await ok(proxy.url, "POST", "/campaigning-studio/campaignings/send-instant", advanced, { campaign_id: campaign });
      const started = await ok(
        proxy.url,
        "GET",
        "/customer-studio/audiences/all_customers/export?file_extension=csv&extended=true",
        advanced,
      );
      const exportId = started.body.export.export_id as string;
      const exported = await until(
        () => ok(proxy.url, "GET", `/customer-studio/exports/${exportId}`, advanced),
        (e) => ["done", "failed", "expired"].includes(e.body.status),
        180_000,
        "the export",
      );
      expect(exported.body.status, JSON.stringify(exported.body)).toBe("done");
      expect(exported.body.rows_done).toBeGreaterThanOrEqual(CUSTOMERS);
      const sent = await until(
        () => ok(proxy.url, "GET", `/campaigning-studio/campaignings/${campaign}`, user),
        (c) => c.body.status === "Sent" || c.body.status === "Not sent",
        180_000,
        "the send",
      );
      expect(sent.body.status, JSON.stringify(sent.body)).toBe("Sent");
    } finally {
      busy = false;
      await Promise.all(load);
    }
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(10);
  }, 420_000);

  it("a rolling restart under load drops no request", async () => {
    const id = await touchpoint(proxy.url, "two instances rolling", recommender("ti rolling", "best-sellers"));
    await ready(proxy.url, id);
    const search = await touchpoint(
      proxy.url,
      "two instances rolling search",
      searchStrategyBody("ti rs", "item_name"),
      "smart-search",
    );
    await ready(proxy.url, search);
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    let n = 0;
    /** One request through the proxy: keep-alive or a fresh connection each time. */
    const request = (method: string, path: string, token: string, fresh: boolean, body?: string) =>
      new Promise<void>((resolve) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: proxy.port,
            method,
            path: `/api/latest${path}`,
            agent: fresh ? false : keepAlive,
            headers: {
              authorization: `Bearer ${token}`,
              identity_value: `ti-c${n++ % CUSTOMERS}`,
              ...(fresh ? { connection: "close" } : {}),
              ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
              if (res.statusCode === 200) answered++;
              else
                failures.push(`${method} ${path}: ${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`);
              resolve();
            });
            res.on("error", (e) => {
              failures.push(`${method} ${path}: cut (${e.message})`);
              resolve();
            });
          },
        );
        req.on("error", (e) => {
          failures.push(`${method} ${path}: ${e.message}`);
          resolve();
        });
        req.end(body);
      });
    const loop = async (fresh: boolean) => {
      for (let i = 0; running; i++) {
        if (i % 5 === 4) {
          const event = { event_type: "view", customer_id: `ti-c${i % CUSTOMERS}`, item_id: "ti-a", timestamp: day(0) };
          await request("POST", "/data/events", advanced, fresh, JSON.stringify({ events: [event] }));
        } else if (i % 2 === 0) await request("GET", `/touchpoint-studio/touchpoints/${id}/content`, user, fresh);
        else await request("GET", `/touchpoint-studio/touchpoints/${search}/content?term=lan`, user, fresh);
      }
    };
    const loops = [loop(false), loop(false), loop(false), loop(true), loop(true)];
    const exits: (number | null)[] = [];
    try {
      await new Promise((r) => setTimeout(r, 2000));
      for (const index of [0, 1]) {
        const web = webs[index]!;
        exits.push(await terminate(web.child));
        const before = answered;
        // While it is down the other answers everything.
        await new Promise((r) => setTimeout(r, 1000));
        expect(answered).toBeGreaterThan(before);
        webs[index] = await startWeb({
          name: web.name,
          port: web.port,
          env,
          untilFileEnds: true,
          readyWithinMs: 180_000,
        });
        await new Promise((r) => setTimeout(r, 2000));
      }
    } finally {
      running = false;
      await Promise.all(loops);
      keepAlive.destroy();
    }
    console.log(
      `rolling restart: ${answered} answered, ${failures.length} failed; proxy ${JSON.stringify({ ...proxy.stats, failed: proxy.stats.failed.length })}`,
    );
    expect(exits).toEqual([0, 0]);
    expect(failures).toEqual([]);
    expect(proxy.stats.failed).toEqual([]);
    expect(proxy.stats.cut).toBe(0);
    expect(answered).toBeGreaterThan(100);
  }, 600_000);
});
