/**
 * API clients' scopes and publishable keys through the real route handlers: what a pk_ key may
 * read (content and search) and may not (customers, exports, intake, outbox, strategies: 403
 * insufficient_scope), origins and CORS, the query-parameter key, rate limits per visitor and key,
 * client_credentials tokens carrying scopes, data:write clients, the studio default; and the
 * content route answered alike by the custom server's direct route and by Next's adapter.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NodeNextRequest, NodeNextResponse } from "next/dist/server/base-http/node";
import { sendResponse } from "next/dist/server/send-response";
import { NextRequestAdapter, signalFromNodeResponse } from "next/dist/server/web/spec-extension/adapters/next-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as me from "@/app/api/latest/auth/me/route";
import * as token from "@/app/api/latest/auth/token/route";
import * as customersOf from "@/app/api/latest/customer-studio/audiences/[audience_id]/customers/route";
import * as exportOf from "@/app/api/latest/customer-studio/audiences/[audience_id]/export/route";
import * as customers from "@/app/api/latest/data/customers/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as outbox from "@/app/api/latest/messaging/outbox/route";
import * as openapi from "@/app/api/latest/openapi.json/route";
import * as client from "@/app/api/latest/settings/api-clients/[client_id]/route";
import * as clients from "@/app/api/latest/settings/api-clients/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { resetKeyLimits } from "@/lib/auth/key-limits";
import { setEnv } from "@/lib/env";
import { PEER_HEADER } from "@/lib/http/client-address";
import { directRoutes } from "@/lib/http/direct-routes";
import { createApiServer } from "@/lib/http/server";
import { startWorkers } from "@/lib/jobs/registry";
import { contentOp } from "@/lib/touchpoints/operations";
import { call, tokenFor } from "./http";
import { searchStrategyBody, waitForTouchpoint } from "./studio";

const SHOP = "https://shop.example";
let superToken: string;
let touchpointId: string;
let pk: string;
let pkClientId: string;

async function createClient(body: Record<string, unknown>) {
  return call(clients.POST, { path: "/settings/api-clients", token: superToken, body });
}

function contentCall(options: { token?: string; query?: Record<string, string>; headers?: Record<string, string> }) {
  return call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${touchpointId}/content`,
    params: { touchpoint_id: touchpointId },
    token: options.token,
    query: { term: "lamp", ...options.query },
    headers: options.headers,
  });
}

beforeAll(async () => {
  superToken = await tokenFor("super");
  const writer = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  const written = await call(items.POST, {
    path: "/data/items",
    token: writer,
    body: {
      items: [
        { item_id: "SC-LAMP-1", item_name: "Brass Desk Lamp", product_price: 40 },
        { item_id: "SC-LAMP-2", item_name: "Linen Floor Lamp", product_price: 90 },
      ],
    },
  });
  expect(written.status).toBe(200);
  await call(customers.POST, {
    path: "/data/customers",
    token: writer,
    body: { customers: [{ customer_id: "SC-C-1", email: "scoped@example.com" }] },
  });
  const positions = await call(position.GET, { path: "/touchpoint-studio/rules/position", token: writer });
  const strategy = await call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token: writer,
    body: searchStrategyBody("Scoped search", "item_id,item_name"),
  });
  expect(strategy.status, JSON.stringify(strategy.body)).toBe(201);
  const made = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token: writer,
    body: {
      touchpoint_name: "Scoped search bar",
      touchpoint_type: "smart-search",
      is_active: true,
      position: positions.body.positions[0].position_id,
      default_strategy: strategy.body.strategy_id,
      number_of_positions: 0,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  touchpointId = made.body.touchpoint_id;
  await waitForTouchpoint(writer, touchpointId);
  const key = await createClient({ name: "Shop pages", scopes: ["content"], allowed_origins: [`${SHOP}/`] });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  pk = key.body.publishable_key;
  pkClientId = key.body.client_id;
});

describe("creating API clients with scopes", () => {
  it("keeps the studio default and gives no publishable key to other clients", async () => {
    const made = await createClient({ name: "Back office", role: "advanced" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ scopes: ["studio"], allowed_origins: [], publishable_key: null });
    const writer = await createClient({ name: "Feed", role: "advanced", scopes: ["data:write", "content"] });
    expect(writer.body).toMatchObject({ scopes: ["content", "data:write"], publishable_key: null });
  });

  it("gives a content-only client a publishable key, in its answer and in the listing", async () => {
    expect(pk).toMatch(/^pk_[A-Za-z0-9_-]{32,}$/);
    const list = await call(clients.GET, { path: "/settings/api-clients", token: superToken });
    const row = list.body.api_clients.find((c: { client_id: string }) => c.client_id === pkClientId);
    expect(row).toMatchObject({ scopes: ["content"], allowed_origins: [SHOP], publishable_key: pk });
    expect(row.client_secret).toBeUndefined();
  });

  it("refuses unknown scopes, bad origins and origins on a client that is not publishable (422 naming the field)", async () => {
    const unknown = await createClient({ name: "x", scopes: ["everything"] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].loc).toEqual(["body", "scopes", 0]);
    const none = await createClient({ name: "x", scopes: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors[0].loc).toEqual(["body", "scopes"]);
    const path = await createClient({ name: "x", scopes: ["content"], allowed_origins: ["https://shop.example/cart"] });
    expect(path.status).toBe(422);
    expect(path.body.errors[0].loc).toEqual(["body", "allowed_origins", 0]);
    const secret = await createClient({ name: "x", scopes: ["studio"], allowed_origins: [SHOP] });
    expect(secret.status).toBe(422);
    expect(secret.body.errors[0].loc).toEqual(["body", "allowed_origins"]);
  });
});

describe("a publishable key", () => {
  it("reads content and search, as a bearer token or the query parameter key", async () => {
    const viaHeader = await contentCall({ token: pk });
    expect(viaHeader.status, JSON.stringify(viaHeader.body)).toBe(200);
    expect(viaHeader.body.content.map((i: { item_id: string }) => i.item_id)).toEqual(
      expect.arrayContaining(["SC-LAMP-1", "SC-LAMP-2"]),
    );
    const viaQuery = await contentCall({ query: { key: pk } });
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body.content).toEqual(viaHeader.body.content);
  });

  it("is refused outside the content scope with 403 insufficient_scope naming the scope", async () => {
    const refusals = [
      await call(customers.GET, { path: "/data/customers", token: pk }),
      await call(customersOf.GET, {
        path: "/customer-studio/audiences/all_customers/customers",
        params: { audience_id: "all_customers" },
        token: pk,
      }),
      await call(exportOf.GET, {
        path: "/customer-studio/audiences/all_customers/export",
        params: { audience_id: "all_customers" },
        query: { file_extension: "csv" },
        token: pk,
      }),
      await call(outbox.GET, { path: "/messaging/outbox", token: pk }),
      await call(strategies.GET, { path: "/touchpoint-studio/rules/strategies", token: pk }),
      await call(me.GET, { path: "/auth/me", token: pk }),
      await call(clients.GET, { path: "/settings/api-clients", token: pk }),
      // The query parameter too: refused for the scope, not ignored.
      await call(customers.GET, { path: "/data/customers", query: { key: pk } }),
    ];
    for (const res of refusals) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.code).toBe("insufficient_scope");
      expect(res.body.detail).toContain("studio scope");
    }
    for (const [route, kind] of [
      [items.POST, "items"],
      [events.POST, "events"],
      [customers.POST, "customers"],
    ] as const) {
      const res = await call(route, { path: `/data/${kind}`, token: pk, body: { [kind]: [] } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("insufficient_scope");
      expect(res.body.detail).toContain("data:write scope");
    }
  });

  it("answers its allowed origins with CORS headers and refuses others (403 origin_not_allowed)", async () => {
    const allowed = await contentCall({ token: pk, headers: { origin: SHOP } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(allowed.headers.get("vary")).toContain("Origin");
    expect(allowed.headers.get("access-control-expose-headers")).toContain("X-Request-Id");

    const other = await contentCall({ query: { key: pk }, headers: { origin: "https://evil.example" } });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("origin_not_allowed");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();

    // No Origin: a server's request, allowed, and no CORS headers are needed.
    const server = await contentCall({ token: pk });
    expect(server.status).toBe(200);
    expect(server.headers.get("access-control-allow-origin")).toBeNull();

    // An error of an allowed origin is readable by the page too.
    const bad = await contentCall({ token: pk, query: { term: "" }, headers: { origin: SHOP } });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("access-control-allow-origin")).toBe(SHOP);
  });

  it("answers preflights: any origin without a key in the URL, the key's origins with one", async () => {
    const ask = (query: string, origin: string) =>
      content.OPTIONS(
        new Request(`http://localhost/api/latest/touchpoint-studio/touchpoints/${touchpointId}/content${query}`, {
          method: "OPTIONS",
          headers: {
            origin,
            "access-control-request-method": "GET",
            "access-control-request-headers": "authorization, identity_value",
          },
        }),
      );
    const open = await ask("?term=lamp", SHOP);
    expect(open.status).toBe(204);
    expect(open.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(open.headers.get("access-control-allow-methods")).toBe("GET, OPTIONS");
    expect(open.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("identity_value");
    const withKey = await ask(`?term=lamp&key=${pk}`, SHOP);
    expect(withKey.status).toBe(204);
    const refused = await ask(`?term=lamp&key=${pk}`, "https://evil.example");
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("origin_not_allowed");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("is refused when unknown, when sent twice, and at once after its client is revoked", async () => {
    const unknown = await contentCall({ token: `pk_${"x".repeat(43)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("invalid_key");
    const notKey = await contentCall({ query: { key: "lumen-token" } });
    expect(notKey.status).toBe(401);
    expect(notKey.body.code).toBe("invalid_key");
    const twice = await contentCall({ token: pk, query: { key: pk } });
    expect(twice.status).toBe(400);

    const made = await createClient({ name: "Short-lived", scopes: ["content"] });
    const short = made.body.publishable_key as string;
    expect((await contentCall({ token: short })).status).toBe(200);
    const revoked = await call(client.DELETE, {
      method: "DELETE",
      path: `/settings/api-clients/${made.body.client_id}`,
      params: { client_id: made.body.client_id },
      token: superToken,
    });
    expect(revoked.status).toBe(200);
    const after = await contentCall({ token: short });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("invalid_key");
  });

  it("is rate limited per visitor and per key (429 with Retry-After), each visitor on its own", async () => {
    const made = await createClient({ name: "Limited", scopes: ["content"], allowed_origins: [SHOP] });
    const key = made.body.publishable_key as string;
    setEnv("PUBLISHABLE_KEY_VISITOR_RATE", "1"); // a burst of 5, then one a second
    try {
      resetKeyLimits();
      const from = (address: string) => contentCall({ token: key, headers: { [PEER_HEADER]: address, origin: SHOP } });
      const first: number[] = [];
      for (let i = 0; i < 6; i++) first.push((await from("198.51.100.7")).status);
      expect(first.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const limited = await from("198.51.100.7");
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(limited.headers.get("access-control-allow-origin")).toBe(SHOP);
      expect((await from("198.51.100.8")).status).toBe(200);
      // Another key's visitors are not held back by this one's.
      expect((await contentCall({ token: pk, headers: { [PEER_HEADER]: "198.51.100.7" } })).status).toBe(200);

      setEnv("PUBLISHABLE_KEY_VISITOR_RATE", "1000");
      setEnv("PUBLISHABLE_KEY_RATE", "1"); // the key: a burst of 5 across every visitor
      resetKeyLimits();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await from(`203.0.113.${i + 1}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      setEnv("PUBLISHABLE_KEY_VISITOR_RATE", "20");
      setEnv("PUBLISHABLE_KEY_RATE", "2000");
      resetKeyLimits();
    }
  });
});

describe("scoped tokens of the client_credentials grant", () => {
  async function grant(clientId: string, secret: string, scope?: string) {
    return call(token.POST, {
      path: "/auth/token",
      body: {
        grant_type: "client_credentials",
        client_id: clientId,
        client_secret: secret,
        ...(scope ? { scope } : {}),
      },
    });
  }

  it("a data:write client may send intake but not read customers", async () => {
    const made = await createClient({ name: "Feed", role: "advanced", scopes: ["data:write"] });
    const granted = await grant(made.body.client_id, made.body.client_secret);
    expect(granted.status).toBe(200);
    const feed = granted.body.access_token as string;
    const write = await call(items.POST, {
      path: "/data/items",
      token: feed,
      body: { items: [{ item_id: "SC-FEED-1", item_name: "Fed lamp" }] },
    });
    expect(write.status, JSON.stringify(write.body)).toBe(200);
    const read = await call(customers.GET, { path: "/data/customers", token: feed });
    expect(read.status).toBe(403);
    expect(read.body.code).toBe("insufficient_scope");
    expect((await contentCall({ token: feed })).body.code).toBe("insufficient_scope");
  });

  it("a studio client keeps everything its role allows; a narrower token only what it asked for", async () => {
    const made = await createClient({ name: "Studio", role: "advanced" });
    const studio = (await grant(made.body.client_id, made.body.client_secret)).body.access_token as string;
    expect((await call(customers.GET, { path: "/data/customers", token: studio })).status).toBe(200);
    expect((await contentCall({ token: studio })).status).toBe(200);
    const write = await call(items.POST, { path: "/data/items", token: studio, body: { items: [] } });
    expect(write.status).toBe(200);

    const narrow = await grant(made.body.client_id, made.body.client_secret, "content");
    expect(narrow.status).toBe(200);
    const contentOnly = narrow.body.access_token as string;
    expect((await contentCall({ token: contentOnly })).status).toBe(200);
    const refused = await call(customers.GET, { path: "/data/customers", token: contentOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");

    const feed = await createClient({ name: "Feed 2", role: "advanced", scopes: ["data:write"] });
    const beyond = await grant(feed.body.client_id, feed.body.client_secret, "studio");
    expect(beyond.status).toBe(400);
    expect(beyond.body.code).toBe("invalid_scope");
  });

  it("users keep every scope their role allows", async () => {
    const user = await tokenFor("user");
    expect((await call(customers.GET, { path: "/data/customers", token: user })).status).toBe(200);
    expect((await contentCall({ token: user })).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("states each operation's scope and the publishable key", async () => {
    const doc = (await call(openapi.GET, { path: "/openapi.json", token: superToken })).body;
    const contentPath = doc.paths["/touchpoint-studio/touchpoints/{touchpoint_id}/content"].get;
    expect(contentPath["x-scope"]).toBe("content");
    expect(contentPath.description).toMatch(/^Scope: `content`/);
    expect(contentPath.security).toEqual(expect.arrayContaining([{ publishableKeyQuery: [] }]));
    expect(doc.paths["/data/items"].post["x-scope"]).toBe("data:write");
    expect(doc.paths["/data/customers"].get["x-scope"]).toBe("studio");
    expect(doc.components.securitySchemes.publishableKeyQuery).toMatchObject({ in: "query", name: "key" });
  });
});

describe("the content route answered directly and through Next", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const direct = directRoutes([{ operation: contentOp, GET: content.GET }]);
    // Next's handling of the route, minus its router (as tests/integration/http-server.test.ts).
    const fallback = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
      void (async () => {
        const nodeRequest = new NodeNextRequest(req);
        const request = NextRequestAdapter.fromNodeNextRequest(nodeRequest, signalFromNodeResponse(res));
        const params = Promise.resolve({ touchpoint_id: touchpointId });
        const response =
          req.method === "OPTIONS" ? await content.OPTIONS(request) : await content.GET(request, { params });
        await sendResponse(nodeRequest, new NodeNextResponse(res), response);
      })();
    };
    server = createApiServer({ direct, fallback });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("gives the same status, body and CORS headers for keys, origins and preflights", async () => {
    const url = (query: string) => `${base}/api/latest/touchpoint-studio/touchpoints/${touchpointId}/content${query}`;
    const cases: [string, RequestInit][] = [
      [url("?term=lamp"), { headers: { authorization: `Bearer ${pk}`, origin: SHOP } }],
      [url(`?term=lamp&key=${pk}`), { headers: { origin: SHOP } }],
      [url(`?term=lamp&key=${pk}`), { headers: { origin: "https://evil.example" } }],
      [url("?term=lamp"), { headers: { authorization: `Bearer pk_${"y".repeat(43)}` } }],
      [url("?term=lamp"), { headers: { authorization: `Bearer ${superToken}` } }],
      [url(`?term=lamp&key=${pk}`), { method: "OPTIONS", headers: { origin: SHOP } }],
      [url(`?term=lamp&key=${pk}`), { method: "OPTIONS", headers: { origin: "https://evil.example" } }],
      [url("?term=lamp"), { method: "OPTIONS", headers: { origin: SHOP, "access-control-request-method": "GET" } }],
    ];
    const header = (res: Response, name: string) => res.headers.get(name);
    for (const [target, init] of cases) {
      const direct = await fetch(target, init);
      const next = await fetch(target, { ...init, headers: { ...init.headers, "x-lumen-route": "next" } });
      const label = `${init.method ?? "GET"} ${target} ${JSON.stringify(init.headers)}`;
      expect(direct.status, label).toBe(next.status);
      const [a, b] = [await direct.text(), await next.text()];
      expect(a ? JSON.parse(a) : a, label).toEqual(b ? JSON.parse(b) : b);
      for (const name of [
        "access-control-allow-origin",
        "access-control-allow-methods",
        "access-control-allow-headers",
        "access-control-expose-headers",
        "vary",
      ]) {
        expect(header(direct, name), `${label} ${name}`).toBe(header(next, name));
      }
    }
  });
});
