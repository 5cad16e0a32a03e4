/**
 * SIGTERM through the real `npm start` on the embedded default (issue 23, "Lose nothing"): the
 * start script (scripts/start.ts) on a fresh PGlite DATA_DIR, its workers in a thread of its own.
 * A slow request under way when SIGTERM comes (a batch of 10,000 events: real intake work, over a
 * second here) finishes with 200 and its events are stored; impressions and search events
 * counted in memory just before are in the database once the process has exited 0; the data
 * directory then opens again in this process. Runs in the PGlite run only: on PostgreSQL the
 * embedded default is not what it checks (tests/integration/two-instances.test.ts covers SIGTERM
 * of web processes on PostgreSQL).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/lib/db/client";
import { searchStrategyBody } from "./studio";
import { freePort, serviceEnv, startWeb, terminate } from "./support/service-children";

const onPglite = !process.env.TEST_DATABASE_URL;
const PASSWORD = "sigterm-test-password";
const SLOW_EVENTS = 10_000;
const VISITORS = 25;

let dir: string | undefined;
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function api(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}/api/latest${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are JSON read by assertions
  const json = (await response.json()) as any;
  expect(response.status, `${method} ${path}: ${JSON.stringify(json).slice(0, 400)}`).toBeLessThan(300);
  return json;
}

async function touchpoint(base: string, token: string, type: string, strategy: Record<string, unknown>) {
  const s = await api(base, "POST", "/touchpoint-studio/rules/strategies", token, strategy);
  const positions = await api(base, "GET", "/touchpoint-studio/rules/position", token);
  const t = await api(base, "POST", "/touchpoint-studio/rules/touchpoints", token, {
    touchpoint_name: `sigterm ${type}`,
    touchpoint_type: type,
    position: positions.positions[0].position_id,
    number_of_positions: type === "smart-search" ? 0 : 3,
    default_strategy: s.strategy_id,
    strategies: [],
    is_active: true,
    is_draft: false,
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const state = await api(base, "GET", `/touchpoint-studio/rules/touchpoints/${t.touchpoint_id}`, token);
    if (state.is_ready && !state.is_calculating) return t.touchpoint_id as string;
    if (Date.now() > deadline) throw new Error(`touchpoint not ready: ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(onPglite)("SIGTERM of npm start on the embedded database (PGlite run only)", () => {
  it("finishes the slow request in flight, writes the buffered counts, exits 0 and the data directory reopens", async () => {
    dir = mkdtempSync(join(tmpdir(), "lumen-sigterm-"));
    const env = serviceEnv({
      DATA_DIR: dir,
      DATABASE_URL: undefined,
      DEMO_USERS: "true",
      DEMO_PASSWORD: PASSWORD,
      SHUTDOWN_TIMEOUT_MS: "30000",
    });
    const web = await startWeb({ name: "embedded", port: await freePort(), env });
    const grant = (username: string) =>
      api(web.url, "POST", "/auth/token", undefined, { grant_type: "password", username, password: PASSWORD });
    const user = (await grant("marketer@example.com")).access_token as string;
    const advanced = (await grant("advanced@example.com")).access_token as string;

    await api(web.url, "POST", "/data/items", advanced, {
      items: ["a", "b", "c", "d"].map((x, i) => ({
        item_id: `st-${x}`,
        item_name: `Kettle ${x}`,
        product_price: 5 + i,
      })),
    });
    const recommender = await touchpoint(web.url, user, "smart-recommender", {
      strategy_name: "sigterm best-sellers",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [{ rule_type: "best-sellers", positions: [0, 1, 2], values: [] }],
    });
    const search = await touchpoint(web.url, user, "smart-search", searchStrategyBody("sigterm search", "item_name"));
    const slowBody = JSON.stringify({
      events: Array.from({ length: SLOW_EVENTS }, (_, i) => ({
        event_type: "view",
        customer_id: `st-slow-${i % 500}`,
        item_id: `st-${"abcd"[i % 4]}`,
        timestamp: new Date(Date.now() - i * 1000).toISOString().slice(0, 19),
      })),
    });

    // Counted in memory (impressions, search events), answered, not yet written (every 5 s).
    const content = (id: string, identity: string, query = "") =>
      fetch(`${web.url}/api/latest/touchpoint-studio/touchpoints/${id}/content${query}`, {
        headers: { authorization: `Bearer ${user}`, identity_value: identity },
      });
    const answers = await Promise.all(
      Array.from({ length: VISITORS }, (_, i) => [
        content(recommender, `st-visitor-${i}`),
        content(search, `st-visitor-${i}`, `?term=kettle${"abcd"[i % 4]}`),
      ]).flat(),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    const started = Date.now();
    const slow = fetch(`${web.url}/api/latest/data/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${advanced}`, "content-type": "application/json" },
      body: slowBody,
    }).then(async (response) => ({ status: response.status, body: await response.json(), ms: Date.now() - started }));
    await new Promise((r) => setTimeout(r, 200)); // under way
    const signalledAfter = Date.now() - started;
    const code = await terminate(web.child, 90_000);
    const answer = await slow;
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
    expect(answer.body.errors).toEqual([]);
    // The SIGTERM came while it ran: it was answered after the signal (a fixed floor, 1 s, failed
    // a CI run whose machine wrote the 10,000 events in 919 ms).
    expect(answer.ms).toBeGreaterThan(signalledAfter);
    expect(code).toBe(0);

    // The data directory opens again, here, with everything written.
    const database = await openPglite(dir);
    try {
      expect(database.embedded).toBeDefined();
      const [counts] = await database.sql.query<{ slow: number; searches: number; impressions: number }>(
        `SELECT (SELECT COUNT(*)::int FROM events WHERE customer_id LIKE 'st-slow-%') AS slow,
                (SELECT COUNT(*)::int FROM events WHERE event_type = 'search' AND customer_id LIKE 'st-visitor-%') AS searches,
                (SELECT COALESCE(SUM(impressions), 0)::int FROM touchpoint_impressions WHERE touchpoint_id IN ($1, $2)) AS impressions`,
        [recommender, search],
      );
      expect(counts).toEqual({ slow: SLOW_EVENTS, searches: VISITORS, impressions: expect.any(Number) });
      expect(counts!.impressions).toBeGreaterThanOrEqual(VISITORS);
    } finally {
      await database.close();
    }
  }, 900_000);
});
