/**
 * Two web processes on one PostgreSQL database, serving the content route over HTTP: a model
 * build finished elsewhere (here the test's process, as a worker would) is announced with NOTIFY
 * and served by both within a second, without a restart. PostgreSQL only: on the embedded
 * database one process serves (its threads: tests/integration/model-builds.test.ts). The web
 * processes end with the test, pass or fail (./support/children.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import { getDatabase } from "@/lib/db/client";
import { startWorkers } from "@/lib/jobs/registry";
import { buildAndStoreModels } from "@/lib/recommend/model-store";
import { call, tokenFor } from "./http";
import { liveCarousel } from "./studio";
import { spawnScript, type TestChild } from "./support/children";

const onPostgres = !!process.env.TEST_DATABASE_URL;
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

let admin: string;
let token: string;

async function post(handler: typeof items.POST, path: string, body: unknown) {
  const res = await call(handler, { path, token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.errors ?? [], JSON.stringify(res.body.errors)).toEqual([]);
}

/** Alice's first slot as a web process serves it over HTTP: the item and whether it was personalised. */
async function firstSlot(web: { port: number }, touchpointId: string): Promise<string | null> {
  const res = await fetch(
    `http://127.0.0.1:${web.port}/api/latest/touchpoint-studio/touchpoints/${touchpointId}/content`,
    { headers: { authorization: `Bearer ${token}`, identity_value: "mi-alice" } },
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    content: { item: { item_id: string }; filled_by: { is_fallback: boolean; rule_type: string | null } }[];
  };
  const slot = body.content[0];
  return slot && !slot.filled_by.is_fallback && slot.filled_by.rule_type === "ai-community-based"
    ? slot.item.item_id
    : null;
}

async function servedWithin(webs: { port: number }[], touchpointId: string, item: string, ms: number) {
  const started = Date.now();
  const pending = new Set(webs);
  while (pending.size && Date.now() - started < ms) {
    for (const web of [...pending]) if ((await firstSlot(web, touchpointId)) === item) pending.delete(web);
    if (pending.size) await new Promise((r) => setTimeout(r, 25));
  }
  return { all: pending.size === 0, ms: Date.now() - started };
}

beforeAll(async () => {
  if (!onPostgres) return;
  admin = await tokenFor("advanced");
  token = await tokenFor("user");
  await startWorkers({ concurrency: 1 });
  await post(items.POST, "/data/items", {
    items: ["a", "b", "c", "d", "e"].map((x, i) => ({
      item_id: `mi-${x}`,
      item_name: `Item ${x}`,
      product_price: 5 + i,
      stock: 10,
    })),
  });
  await post(customers.POST, "/data/customers", {
    customers: ["mi-alice", "x", "y", "p", "q", "r", "s"].map((customer_id) => ({ customer_id })),
  });
});

describe.runIf(onPostgres)("models across web processes", () => {
  it("a build completed elsewhere is served over HTTP by two other processes within a second", async () => {
    // Alice bought a; two others bought a with b.
    await post(events.POST, "/data/events", {
      events: [buy("mi-alice", "mi-a", "1"), ...["x", "y"].flatMap((c) => [buy(c, "mi-a", c), buy(c, "mi-b", c)])],
    });
    // The touchpoint's calculation builds the first models (a touchpoint with learned rules going live).
    const touchpointId = await liveCarousel(token, "instances community", [
      { rule_type: "ai-community-based", positions: [0, 1, 2] },
    ]);

    const database = await getDatabase();
    const children: TestChild[] = [0, 1].map(() =>
      spawnScript("tests/integration/support/model-process.ts", [database.kind, database.url, "http"]),
    );
    const webs = await Promise.all(
      children.map(
        async (child) => JSON.parse(await child.waitForLine((l) => l.includes('"port"'))) as { port: number },
      ),
    );
    // Each loads the newest build as its first request for the touchpoint comes.
    expect((await servedWithin(webs, touchpointId, "mi-b", 30_000)).all).toBe(true);

    // Now four others buy a with c: a new build changes Alice's first item.
    await post(events.POST, "/data/events", {
      events: ["p", "q", "r", "s"].flatMap((c) => [buy(c, "mi-a", c), buy(c, "mi-c", c)]),
    });
    await buildAndStoreModels({ reason: "instances: second build" });
    // Their own look for a newer build comes every 15 s: within a second, only the NOTIFY tells them.
    const second = await servedWithin(webs, touchpointId, "mi-c", 5000);
    expect(second.all, `both web processes serve the new build (${second.ms} ms)`).toBe(true);
    expect(second.ms).toBeLessThan(1000);
  });
});
