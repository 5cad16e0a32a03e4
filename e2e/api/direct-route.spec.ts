/**
 * The content route is answered by the custom server's direct route (lib/http/direct-routes.ts);
 * the same request sent with X-Lumen-Route: next goes through Next's router to the same handler.
 * Both must answer alike: status, body, the headers that matter.
 */
import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD } from "../support/accounts";
import { expect, test } from "../support/contract";

async function tokenOf(request: APIRequestContext, username = "advanced@example.com"): Promise<string> {
  const res = await request.post("/api/latest/auth/token", {
    data: { grant_type: "password", username, password: DEMO_PASSWORD },
  });
  return (await res.json()).access_token as string;
}

test("the direct route and Next's router answer the content route alike", async ({ request }) => {
  const token = await tokenOf(request);
  const auth = { Authorization: `Bearer ${token}` };
  const tag = `dr${Date.now().toString(36)}`;
  const items = Array.from({ length: 3 }, (_, i) => ({
    item_id: `${tag}-${i}`,
    item_name: `Route lamp ${i}`,
    stock: 3,
  }));
  expect((await request.post("/api/latest/data/items", { headers: auth, data: { items } })).status()).toBe(200);
  const positions = await (
    await request.get("/api/latest/touchpoint-studio/rules/positions?limit=1", { headers: auth })
  ).json();
  const strategy = await request.post("/api/latest/touchpoint-studio/rules/strategies", {
    headers: auth,
    data: {
      strategy_name: `Route ${tag}`,
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [
        {
          rule_type: "selected-products",
          positions: [0, 1],
          values: items.slice(0, 2).map((i) => ({ column_name: "item_id", comparator: "=", value: i.item_id })),
        },
      ],
    },
  });
  expect(strategy.status(), await strategy.text()).toBe(201);
  const created = await request.post("/api/latest/touchpoint-studio/rules/touchpoints", {
    headers: auth,
    data: {
      touchpoint_name: `Route ${tag}`,
      touchpoint_type: "smart-recommender",
      position: positions.positions[0].position_id,
      default_strategy: (await strategy.json()).strategy_id,
      number_of_positions: 2,
      is_active: true,
      is_draft: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).touchpoint_id as string;
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/latest/touchpoint-studio/rules/touchpoints/${id}`, { headers: auth })).json())
          .is_ready,
      { timeout: 30_000 },
    )
    .toBe(true);

  const both = async (path: string, headers: Record<string, string>) => {
    const direct = await request.get(path, { headers });
    const next = await request.get(path, { headers: { ...headers, "X-Lumen-Route": "next" } });
    return { direct, next };
  };
  const cases: [string, Record<string, string>][] = [
    [
      `/api/latest/touchpoint-studio/touchpoints/${id}/content`,
      { ...auth, identity_value: "default", "X-Request-Id": `${tag}-ok` },
    ],
    [
      `/api/latest/touchpoint-studio/touchpoints/${id}/content`,
      { ...auth, identity_value: items[2]!.item_id, "X-Request-Id": `${tag}-product` },
    ],
    [`/api/latest/touchpoint-studio/touchpoints/${id}/content?offset=-1`, { ...auth, "X-Request-Id": `${tag}-422` }],
    [
      `/api/latest/touchpoint-studio/touchpoints/touchpoint-id-${"0".repeat(32)}/content`,
      { ...auth, "X-Request-Id": `${tag}-404` },
    ],
    [`/api/latest/touchpoint-studio/touchpoints/${id}/content`, { "X-Request-Id": `${tag}-401` }],
  ];
  const statuses: number[] = [];
  for (const [path, headers] of cases) {
    const { direct, next } = await both(path, headers);
    expect(direct.status(), path).toBe(next.status());
    statuses.push(direct.status());
    expect(await direct.json()).toEqual(await next.json());
    for (const name of ["content-type", "x-request-id"]) {
      expect(direct.headers()[name], name).toBe(next.headers()[name]);
    }
    expect(direct.headers()["x-request-id"]).toBe(headers["X-Request-Id"]);
  }
  expect(statuses).toEqual([200, 200, 422, 404, 401]);

  // A publishable key answers alike on both paths: the key, its origins, CORS headers, preflights.
  const shop = "https://shop.example";
  const made = await request.post("/api/latest/settings/api-clients", {
    headers: { Authorization: `Bearer ${await tokenOf(request, "super@example.com")}` },
    data: { name: `Shop pages ${tag}`, scopes: ["content"], allowed_origins: [shop] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const pk = (await made.json()).publishable_key as string;
  expect(pk).toMatch(/^pk_/);
  const content = `/api/latest/touchpoint-studio/touchpoints/${id}/content`;
  const keyCases: [string, Record<string, string>, number][] = [
    [content, { Authorization: `Bearer ${pk}`, Origin: shop, identity_value: "default" }, 200],
    [`${content}?key=${pk}`, { Origin: shop }, 200],
    [`${content}?key=${pk}`, { Origin: "https://evil.example" }, 403],
    [content, { Authorization: `Bearer pk_${"0".repeat(43)}` }, 401],
  ];
  for (const [path, headers, status] of keyCases) {
    const { direct, next } = await both(path, headers);
    expect(direct.status(), path).toBe(status);
    expect(next.status(), path).toBe(status);
    expect(await direct.json()).toEqual(await next.json());
    expect(direct.headers()["access-control-allow-origin"]).toBe(next.headers()["access-control-allow-origin"]);
    if (status === 200 && headers.Origin) {
      // Next adds its own Vary values (rsc, Accept-Encoding...); Origin is in both.
      expect(direct.headers().vary).toContain("Origin");
      expect(next.headers().vary).toContain("Origin");
    }
  }
  const preflight = async (route?: string) =>
    request.fetch(`${content}?key=${pk}`, {
      method: "OPTIONS",
      headers: { Origin: shop, "Access-Control-Request-Method": "GET", ...(route ? { "X-Lumen-Route": route } : {}) },
    });
  const [directPreflight, nextPreflight] = [await preflight(), await preflight("next")];
  expect(directPreflight.status()).toBe(204);
  expect(nextPreflight.status()).toBe(204);
  expect(directPreflight.headers()["access-control-allow-origin"]).toBe(shop);
  expect(nextPreflight.headers()["access-control-allow-origin"]).toBe(shop);
  // The key reads no customer data.
  const customers = await request.get("/api/latest/data/customers", { headers: { Authorization: `Bearer ${pk}` } });
  expect(customers.status()).toBe(403);
  expect((await customers.json()).code).toBe("insufficient_scope");
});
