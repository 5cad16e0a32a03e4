/**
 * Property-based fuzzing of every route with a body, query or path params, driven by each
 * operation's zod schemas (./support/fuzz-arbitraries.ts): values of the schema's shape full of
 * hostile strings, with one node malformed (wrong type, oversized, deeply nested, extra keys),
 * malformed JSON, odd content types and headers. Each request goes to the real handler with a
 * super user's token and must answer: never a 5xx, within HANG_MS; a 4xx in the one error
 * envelope; and a refused POST/PUT/DELETE leaves the main tables exactly as they were.
 *
 * FUZZ_CASES (default 15) cases per route (a third of them on routes that hash a password),
 * FUZZ_SEED (default fixed) to reproduce a run, FUZZ_TIMES=1 to log each route's time and slow cases.
 * Routes whose success starts heavy work (send-instant, exports, model builds, approval,
 * recalculation, downloads) get only input their schema refuses or ids that do not exist.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/auth/api-clients";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/http/ids";
import { MB, type Operation } from "@/lib/http/operation";
import { call, tokenFor } from "./http";
import { fuzzed, headerValue, hostileString, malformedJson } from "./support/fuzz-arbitraries";
import { concretePath, loadRouteTable, opKey, paramNames, type RouteEntry } from "./support/route-table";

const CASES = Number(process.env.FUZZ_CASES ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? 20_020);
/** A request taking longer than this is a hang. */
const HANG_MS = 20_000;
/** The longest URL a request can have: Node's HTTP server answers 431 above 16 KB of headers. */
const MAX_URL = 16 * 1024;

/** Operations whose success starts heavy work or sends: fuzzed with refused input and unknown ids only. */
const INVALID_ONLY = new Set([
  "POST /campaigning-studio/campaignings/send-instant",
  "PUT /campaigning-studio/campaignings/{campaign_id}/approve",
  "POST /touchpoint-studio/models",
  "GET /customer-studio/audiences/{audience_id}/export",
  "POST /customer-studio/audiences/{audience_id}/recalculate",
  "GET /customer-studio/exports/{export_id}/download",
]);

/**
 * Tables a refused request must leave exactly as they were (content compared). Rows written by
 * background work (calculations, impressions, jobs) and bookkeeping (rate limits, idempotency
 * keys) are not compared; touchpoints and audiences only by count (their calculation state moves).
 */
const COMPARED = [
  "users",
  "api_clients",
  "items",
  "customers",
  "customer_cookies",
  "events",
  "discounts",
  "positions",
  "strategies",
  "touchpoint_strategies",
  "promotions",
  "campaigns",
  "campaign_groups",
  "email_templates",
  "suppressions",
];
/** Routes that hash a password or secret on most cases (about 0.3 s each): a third of the cases. */
const HASHING = new Set([
  "POST /auth/token",
  "PUT /settings/users/me/password",
  "POST /settings/users",
  "PUT /settings/users/{user_id}/password",
  "POST /settings/api-clients",
]);

const COUNTED = ["touchpoints", "audiences", "audience_exports", "campaign_sends"];

/** Keys that name a prototype or an inherited member: each must be a plain key wherever it comes. */
const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];
/** Bodies made only of them, at the top and nested (JSON text: an object literal would set the prototype). */
const PROTOTYPE_BODIES = [
  '{"__proto__":{"polluted":true,"admin":true}}',
  '{"constructor":{"prototype":{"polluted":true}},"toString":"x","hasOwnProperty":1}',
  '[{"__proto__":{"polluted":true}}]',
];

let table: RouteEntry[] = [];
let token = "";
const fixtures: Record<string, string> = {};
const counts = new Map<string, number>();

async function snapshot(): Promise<Record<string, string>> {
  const prisma = await db();
  const parts = [
    ...COMPARED.map(
      (t) =>
        `SELECT '${t}' AS t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS v FROM ${t} x`,
    ),
    ...COUNTED.map((t) => `SELECT '${t}' AS t, count(*)::text AS v FROM ${t}`),
  ];
  const rows = await prisma.$queryRawUnsafe<{ t: string; v: string }[]>(parts.join(" UNION ALL "));
  return Object.fromEntries(rows.map((r) => [r.t, r.v]));
}

async function made(res: { status: number; body: Record<string, unknown> }, key: string): Promise<string> {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body[key]);
}

/** One of each object the routes name by id, so fuzzed edits reach past "not found". */
async function makeFixtures() {
  const route = (key: string) => table.find((e) => e.op && opKey(e.op) === key)!.handler;
  const post = (key: string, path: string, body: unknown) => call(route(key), { path, token, body });
  fixtures.position_id = await made(
    await post("POST /touchpoint-studio/rules/positions", "/touchpoint-studio/rules/positions", {
      position_name: "Fuzz slot",
    }),
    "position_id",
  );
  fixtures.strategy_id = await made(
    await post("POST /touchpoint-studio/rules/strategies", "/touchpoint-studio/rules/strategies", {
      strategy_name: "Fuzz strategy",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [{ rule_type: "random-products", positions: [0, 1, 2], values: [] }],
    }),
    "strategy_id",
  );
  fixtures.touchpoint_id = await made(
    await post("POST /touchpoint-studio/rules/touchpoints", "/touchpoint-studio/rules/touchpoints", {
      touchpoint_name: "Fuzz carousel",
      touchpoint_type: "smart-recommender",
      position: fixtures.position_id,
      default_strategy: fixtures.strategy_id,
      number_of_positions: 3,
    }),
    "touchpoint_id",
  );
  fixtures.template_id = await made(
    await post("POST /campaigning-studio/templates", "/campaigning-studio/templates", {
      name: "Fuzz template",
      html: "<p>Hi {ph_customer.first_name}</p>",
    }),
    "template_id",
  );
  fixtures.audience_id = await made(
    await post("POST /customer-studio/audiences", "/customer-studio/audiences", {
      audience_name: "Fuzz audience",
      status: "created",
      filters: [],
    }),
    "audience_id",
  );
  const campaign = await post("POST /campaigning-studio/campaignings/", "/campaigning-studio/campaignings/", {
    campaign_name: "Fuzz campaign",
    audiences: ["all_customers"],
    audiences_type: "GENERIC",
    channel_type: "sms",
    is_abc: false,
    sender: "Shop",
    recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
    campaign_details: [
      {
        channel_message_text: "Hi {ph_customer.first_name}",
        start_time: "2026-12-01T10:00:00",
        end_time: "2026-12-01T18:00:00",
        abc_audience_percent: 100,
      },
    ],
  });
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  fixtures.campaign_id = campaign.body.campaign_details[0].campaign_id;
  fixtures.suppression_id = await made(
    await post("POST /campaigning-studio/suppressions", "/campaigning-studio/suppressions", {
      channel: "email",
      address: "fuzz-suppressed@example.com",
    }),
    "suppression_id",
  ).catch(() => newId("suppression"));
  // Users and clients the settings routes may change or revoke (never the caller's own account).
  const prisma = await db();
  fixtures.user_id = (
    await prisma.user.create({
      data: { id: newId("user"), email: "fuzz-victim@example.com", role: "user", password_hash: "not-a-hash" },
    })
  ).id;
  fixtures.client_id = (await createApiClient({ name: "Fuzz victim", role: "user", createdBy: "fuzz" })).id;
}

type Case = {
  params: Record<string, string>;
  query: unknown;
  body: { json: unknown } | { text: string } | { oversized: true } | undefined;
  headers: Record<string, string>;
};

const CONTENT_TYPES = [
  "text/plain",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "application/merge-patch+json",
  "multipart/form-data; boundary=x",
  "application/JSON",
];

function caseFor(entry: RouteEntry, op: Operation): fc.Arbitrary<Case> {
  const invalidOnly = INVALID_ONLY.has(opKey(op));
  const idLike = fc.constantFrom(
    ...["position", "strategy", "touchpoint", "campaign", "audience"].map((k) => newId(k)),
  );
  const params = Object.fromEntries(
    paramNames(entry.path).map((name) => {
      const own = fixtures[name];
      const options = [hostileString, idLike];
      return [
        name,
        own && !invalidOnly ? fc.oneof(fc.constant(own), fc.constant(own), ...options) : fc.oneof(...options),
      ];
    }),
  );
  const bodySchema = op.docBody ?? op.body;
  let body: fc.Arbitrary<Case["body"]> = fc.constant(undefined);
  if (bodySchema) {
    let json = fuzzed(bodySchema, { brokenOnly: invalidOnly });
    // Heavy routes: only bodies their schema refuses (a valid one would start the work).
    if (invalidOnly) json = json.filter((v) => !bodySchema.safeParse(v).success);
    body = fc.oneof(
      { arbitrary: json.map((v) => ({ json: v })), weight: 8 },
      { arbitrary: malformedJson.map((text) => ({ text })), weight: 2 },
      { arbitrary: fc.constant({ oversized: true as const }), weight: 1 },
    );
  }
  return fc.record({
    params: fc.record(params) as fc.Arbitrary<Record<string, string>>,
    query: op.query ? fuzzed(op.query, { brokenOnly: invalidOnly }) : fc.constant(undefined),
    body,
    headers: fc.record(
      {
        "idempotency-key": headerValue,
        "x-request-id": headerValue,
        "content-type": fc.constantFrom(...CONTENT_TYPES),
        accept: fc.constantFrom("text/html", "*/*", "application/xml"),
      },
      { requiredKeys: [] },
    ),
  });
}

/** The query of a case as URL parameters (arrays as repeated keys, objects as JSON). */
function queryPairs(query: unknown): [string, string][] | string {
  if (query === undefined) return [];
  if (query === null || typeof query !== "object" || Array.isArray(query)) return String(query);
  const text = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
  return Object.entries(query).flatMap(([k, v]): [string, string][] =>
    v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, text(x)]) : [[k, text(v)]],
  );
}

function bodyText(op: Operation, body: Case["body"]): string | undefined {
  if (!body) return undefined;
  if ("text" in body) return body.text;
  if ("oversized" in body) return JSON.stringify({ padding: "a".repeat(op.bodyLimit ?? MB) });
  return body.json === undefined ? undefined : JSON.stringify(body.json);
}

async function send(
  entry: RouteEntry,
  op: Operation,
  c: Case,
): Promise<{ status: number; text: string; headers: Headers }> {
  const url = new URL(`http://localhost/api/latest${concretePath(entry.path, c.params)}`);
  const pairs = queryPairs(c.query);
  if (typeof pairs === "string") url.search = pairs.slice(0, MAX_URL);
  else
    for (const [k, v] of pairs) {
      // Node's HTTP server refuses a request line over 16 KB (431) before any route runs.
      if (url.href.length + k.length * 3 + v.length * 9 > MAX_URL) break;
      url.searchParams.append(k, v);
    }
  const headers = new Headers(c.headers);
  headers.set("authorization", `Bearer ${token}`);
  const text = bodyText(op, c.body);
  if (text === undefined) headers.delete("content-type");
  else if (!c.headers["content-type"]) headers.set("content-type", "application/json");
  const request = new Request(url, { method: entry.method, headers, body: text });
  const answer = entry.handler(request, { params: Promise.resolve(c.params) }).then(async (r) => ({
    status: r.status,
    text: await r.text(),
    headers: r.headers,
  }));
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with an answer, or undefined. */
function problemWith(
  op: Operation,
  res: { status: number; text: string; headers: Headers },
  before: Record<string, string> | undefined,
  after: Record<string, string> | undefined,
): string | undefined {
  if (res.status >= 500) return `${res.status}: ${res.text.slice(0, 300)}`;
  if (INVALID_ONLY.has(opKey(op)) && res.status < 400) return `${res.status} for input meant to be refused`;
  if (res.status >= 400) {
    let body: { detail?: unknown; code?: unknown; errors?: unknown };
    try {
      body = JSON.parse(res.text);
    } catch {
      return `${res.status} without a JSON body: ${res.text.slice(0, 200)}`;
    }
    if (typeof body.detail !== "string" || typeof body.code !== "string") return `${res.status} not the error envelope`;
    const errors = body.errors;
    if (errors !== undefined) {
      const ok =
        Array.isArray(errors) &&
        errors.every(
          (e) => Array.isArray((e as { loc?: unknown }).loc) && typeof (e as { msg?: unknown }).msg === "string",
        );
      if (!ok) return `${res.status} with malformed errors: ${JSON.stringify(errors).slice(0, 200)}`;
    }
    if (!res.headers.get("x-request-id")) return `${res.status} without X-Request-Id`;
    if (before && after) {
      const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
      if (changed.length > 0) return `${res.status} (${body.code}) but wrote to ${changed.join(", ")}`;
    }
  }
  return undefined;
}

const describeCase = (c: Case) =>
  JSON.stringify(c, (_, v) =>
    typeof v === "string" && v.length > 120 ? `${v.slice(0, 120)}...(${v.length})` : v,
  ).slice(0, 1_500);

beforeAll(async () => {
  table = (await loadRouteTable()).filter((e) => e.op && (e.op.params || e.op.query || e.op.body));
  // Deletions last, so the objects the other routes edit are there while they are fuzzed.
  table.sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
  token = await tokenFor("super");
  await makeFixtures();
}, 120_000);

afterAll(() => {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  console.info(`fuzz: ${counts.size} routes x ${CASES} cases = ${total} requests (seed ${SEED})`);
});

describe("fuzzed requests", () => {
  it("see a write when there is one (the check can fail)", async () => {
    const before = await snapshot();
    const create = table.find((e) => e.op && opKey(e.op) === "POST /touchpoint-studio/rules/positions")!;
    const res = await call(create.handler, {
      path: "/touchpoint-studio/rules/positions",
      token,
      body: { position_name: "Seen" },
    });
    expect(res.status).toBe(201);
    expect(await snapshot()).not.toEqual(before);
  });

  it("take __proto__, constructor and Object.prototype's names as plain keys, in queries and bodies", async () => {
    const problems: string[] = [];
    const query = PROTOTYPE_KEYS.map((k) => `${k}=x&${k}=y&${k}[polluted]=1`).join("&");
    let sent = 0;
    for (const entry of table) {
      const op = entry.op!;
      if (!op.query && !op.body) continue;
      const params = Object.fromEntries(paramNames(entry.path).map((name) => [name, newId("proto")]));
      const bodies = op.body ? PROTOTYPE_BODIES : [undefined];
      for (const text of bodies) {
        const c: Case = { params, query, body: text === undefined ? undefined : { text }, headers: {} };
        const mutating = entry.method !== "GET";
        const before = mutating ? await snapshot() : undefined;
        const res = await send(entry, op, c);
        const after = mutating && res.status >= 400 ? await snapshot() : undefined;
        const problem = problemWith(op, res, before, after);
        if (problem) problems.push(`${entry.method} ${entry.path} ${text ?? ""}: ${problem}`);
        sent++;
      }
    }
    console.info(`fuzz: prototype keys, ${sent} requests`);
    expect(problems).toEqual([]);
    // Nothing reached a prototype.
    const plain = {} as Record<string, unknown>;
    expect([plain.polluted, plain.x, plain.admin, Object.getPrototypeOf(plain) === Object.prototype]).toEqual([
      undefined,
      undefined,
      undefined,
      true,
    ]);
    expect(Object.keys(Object.prototype)).toEqual([]);
  }, 300_000);

  it("never get a 5xx or a hang, refusals use the error envelope, and a refused write writes nothing", async () => {
    const problems: string[] = [];
    for (const [index, entry] of table.entries()) {
      const op = entry.op!;
      const key = `${entry.method} ${entry.path}`;
      const mutating = entry.method !== "GET";
      let run = 0;
      const t0 = Date.now();
      await fc.assert(
        fc.asyncProperty(caseFor(entry, op), async (c) => {
          run++;
          const before = mutating ? await snapshot() : undefined;
          let problem: string | undefined;
          const t1 = Date.now();
          try {
            const res = await send(entry, op, c);
            if (process.env.FUZZ_TIMES && Date.now() - t1 > 300)
              console.info(`slow ${Date.now() - t1} ms ${key} ${res.status} ${describeCase(c).slice(0, 400)}`);
            const after = mutating && res.status >= 400 ? await snapshot() : undefined;
            problem = problemWith(op, res, before, after);
          } catch (error) {
            problem = `threw ${(error as Error).message}`;
          }
          if (problem && problems.filter((p) => p.startsWith(key)).length < 3) {
            problems.push(`${key}: ${problem}\n    case: ${describeCase(c)}`);
          }
        }),
        { seed: SEED + index, numRuns: HASHING.has(key) ? Math.ceil(CASES / 3) : CASES, endOnFailure: true },
      );
      counts.set(key, run);
      if (process.env.FUZZ_TIMES) console.info(`${Date.now() - t0} ms ${key}`);
    }
    expect(problems).toEqual([]);
    expect(counts.size).toBe(table.length);
  }, 600_000);
});
