/**
 * Intake through the web process's intake thread (lib/data/intake-thread), as `npm start` runs it:
 * the same answers as intake on the calling thread, errors included, with the thread's own
 * connections to the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import { type IntakeThread, runningIntakeThread } from "@/lib/data/intake-thread/running";
import { startIntakeThread } from "@/lib/data/intake-thread/start-intake-thread";
import { db, getDatabase } from "@/lib/db/client";
import { identityFacts, startIdentityIndex, stopIdentityIndex } from "@/lib/recommend/identity-index";
import { call, tokenFor } from "./http";

let thread: IntakeThread;
beforeAll(async () => {
  thread = await startIntakeThread({ database: await getDatabase(), connections: 2 });
});
afterAll(async () => {
  await thread.stop();
});

describe("intake in the intake thread", () => {
  it("is the one the routes use while it runs", () => {
    expect(runningIntakeThread()).toBe(thread);
  });

  it("keeps the good records and reports the bad ones by index", async () => {
    const token = await tokenFor("advanced");
    const res = await call(items.POST, {
      path: "/data/items",
      token,
      body: {
        items: [
          { item_id: "thr-1", item_name: "Red mug", product_price: 4.5 },
          { item_name: "no id" },
          { item_id: "thr-2", product_price: -3 },
          { item_id: "thr-3", item_name: "Blue mug" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: 4, upserted: 2 });
    expect(res.body.errors.map((e: { index: number }) => e.index)).toEqual([1, 2]);
    expect(res.body.errors[0].detail).toContain("item_id");
    const prisma = await db();
    expect(await prisma.item.count({ where: { item_id: { in: ["thr-1", "thr-2", "thr-3"] } } })).toBe(2);
    const run = await prisma.importRun.findFirst({ where: { kind: "items" }, orderBy: { date_started: "desc" } });
    expect(run).toMatchObject({ source: "api" });
  });

  it("answers malformed JSON with 400 and a body of the wrong shape with 422 at the field", async () => {
    const token = await tokenFor("advanced");
    const headers = { "content-type": "application/json" };
    const broken = await call(events.POST, { path: "/data/events", token, headers, rawBody: '{"events": [' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("malformed_json");
    const empty = await call(events.POST, { path: "/data/events", token, headers, rawBody: "  " });
    expect(empty.status).toBe(400);
    const wrong = await call(events.POST, { path: "/data/events", token, body: { events: "many" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].loc).toEqual(["body", "events"]);
    const tooMany = await call(events.POST, {
      path: "/data/events",
      token,
      body: { events: Array.from({ length: 10_001 }, () => ({})) },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0].msg).toContain("10000");
  });

  it("writes events once: a batch sent again counts zero", async () => {
    const token = await tokenFor("advanced");
    const batch = {
      events: Array.from({ length: 500 }, (_, i) => ({
        event_type: "view",
        customer_id: `thr-c-${i % 7}`,
        item_id: `thr-${1 + (i % 3)}`,
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      })),
    };
    const first = await call(events.POST, { path: "/data/events", token, body: batch });
    expect(first.body.errors.slice(0, 2)).toEqual([]);
    expect(first.body).toMatchObject({ received: 500, upserted: 500 });
    const again = await call(events.POST, { path: "/data/events", token, body: batch });
    expect(again.body).toMatchObject({ received: 500, upserted: 0, errors: [] });
  });

  it("a customer written in the thread is known to this thread's identity index at once", async () => {
    await startIdentityIndex();
    const token = await tokenFor("advanced");
    const res = await call(customers.POST, {
      path: "/data/customers",
      token,
      body: { customers: [{ customer_id: "thr-known", email: "thr-known@example.com", email_consent: true }] },
    });
    expect(res.body).toMatchObject({ upserted: 1, errors: [] });
    try {
      expect(identityFacts("thr-known")).toMatchObject({ is_customer: true });
    } finally {
      await stopIdentityIndex();
    }
  });
});
