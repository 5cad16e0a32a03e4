/**
 * The wheel of fortune at spin time: only discounts valid at that moment are prizes (a fallback
 * slot, an ended discount are not), a wheel without a valid prize says so and draws nothing, the
 * invalid-attempt SMS goes out once per link however often it is spun again, and spins are rate
 * limited per link and per address.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as discounts from "@/app/api/latest/data/discounts/route";
import * as items from "@/app/api/latest/data/items/route";
import * as outbox from "@/app/api/latest/messaging/outbox/route";
import * as promotions from "@/app/api/latest/touchpoint-studio/promotions/sms/config/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as oneTouchpoint from "@/app/api/latest/touchpoint-studio/rules/touchpoints/[touchpoint_id]/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as spin from "@/app/w/[token]/spin/route";
import { startWorkers } from "@/lib/jobs/registry";
import { getWheel, NO_PRIZE, spinWheel } from "@/lib/touchpoints/wheel";
import { SPINS_PER_ADDRESS, SPINS_PER_LINK } from "@/lib/touchpoints/wheel-limits";
import { call, tokenFor } from "./http";

let token: string;
let touchpointId: string;
const ITEMS = ["wh-lamp", "wh-mug", "wh-vase"];

const setDiscount = (discount_id: string, item: string, valid_to: string | null) =>
  call(discounts.POST, {
    path: "/data/discounts",
    token,
    body: {
      discounts: [{ discount_id, discount_name: discount_id, item_ids: [item], discount_percent: 20, valid_to }],
    },
  });

async function newLink(phone: string): Promise<string> {
  const sent = await call(promotions.POST, {
    path: "/touchpoint-studio/promotions/sms/config",
    token,
    body: { customer_id: "", touchpoint_id: touchpointId, concept_id: "wheel-test", phone_number: phone },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const box = await call(outbox.GET, { path: "/messaging/outbox", token, query: { channel: "sms" } });
  const sms = box.body.messages.find((m: { recipient: string }) => m.recipient === phone);
  return sms.body.split("/w/")[1];
}

const smsTo = async (phone: string) =>
  (await call(outbox.GET, { path: "/messaging/outbox", token, query: { channel: "sms", limit: 100 } })).body.messages
    .filter((m: { recipient: string }) => m.recipient === phone)
    .map((m: { body: string }) => m.body);

beforeAll(async () => {
  token = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  const positionId = (await call(position.GET, { path: "/touchpoint-studio/rules/position", token })).body.positions[0]
    .position_id;
  await call(items.POST, {
    path: "/data/items",
    token,
    body: { items: ITEMS.map((item_id) => ({ item_id, item_name: `Wheel ${item_id}`, stock: 5 })) },
  });
  const later = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19);
  expect((await setDiscount("wh-live", "wh-lamp", null)).status).toBeLessThan(300);
  expect((await setDiscount("wh-ending", "wh-mug", later)).status).toBeLessThan(300);
  const strategy = await call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token,
    body: {
      strategy_name: "Wheel at spin time",
      strategy_type: "wheel-of-fortune",
      strategy_subtype: "wheel-of-fortune",
      product_hierarchy_level_id: "discount-leaflet",
      segments: ["all_customers"],
      rules: ["wh-live", "wh-ending"].map((discount_id, i) => ({
        rule_type: "discount-leaflet",
        positions: [i],
        values: [{ column_name: "discount_id", comparator: "=", value: discount_id }],
      })),
    },
  });
  expect(strategy.status, JSON.stringify(strategy.body)).toBe(201);
  // Three slots, two rules: the third slot is filled by the fallback, with no discount.
  const t = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token,
    body: {
      touchpoint_name: "Spin-time wheel",
      touchpoint_type: "wheel-of-fortune",
      position: positionId,
      default_strategy: strategy.body.strategy_id,
      number_of_positions: 3,
      is_active: true,
      is_draft: false,
    },
  });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  touchpointId = t.body.touchpoint_id;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await call(oneTouchpoint.GET, { params: { touchpoint_id: touchpointId }, token });
    if (res.body.is_ready && !res.body.is_calculating) break;
    if (Date.now() > deadline) throw new Error("the wheel was not calculated");
    await new Promise((r) => setTimeout(r, 100));
  }
  const configured = await call(promotions.POST, {
    path: "/touchpoint-studio/promotions/sms/config",
    token,
    body: {
      touchpoint_id: touchpointId,
      promotion_base_url: "https://shop.example.com/wheel",
      config: [
        { message_type: "promotion-message", message_template: "Spin: {link}" },
        { message_type: "successful-attempt", message_template: "You won {promotion_long_name}: {link}" },
        { message_type: "invalid-attempt", message_template: "This link was used already." },
      ],
    },
  });
  expect(configured.status, JSON.stringify(configured.body)).toBe(200);
});

describe("the wheel at spin time", () => {
  it("offers only slots with a discount valid now, and draws from those valid when it spins", async () => {
    const link = await newLink("+44 7700 900201");
    const wheel = await getWheel(link);
    expect(wheel.slices.map((s) => s.discount_id).sort()).toEqual(["wh-ending", "wh-live"]);
    // The discount ends after the wheel was shown: the spin cannot hand it out.
    const past = new Date(Date.now() - 60_000).toISOString().slice(0, 19);
    expect((await setDiscount("wh-ending", "wh-mug", past)).status).toBeLessThan(300);
    const result = await spinWheel(link, "192.0.2.1");
    expect(result.ok).toBe(true);
    expect(result.result?.slice).toMatchObject({ item_id: "wh-lamp", discount_id: "wh-live" });
    expect((await getWheel(await newLink("+44 7700 900202"))).slices.map((s) => s.discount_id)).toEqual(["wh-live"]);
  });

  it("says plainly that there is no prize when no discount is valid, and draws nothing", async () => {
    const past = new Date(Date.now() - 60_000).toISOString().slice(0, 19);
    const link = await newLink("+44 7700 900203");
    expect((await setDiscount("wh-live", "wh-lamp", past)).status).toBeLessThan(300);
    try {
      expect((await getWheel(link)).slices).toEqual([]);
      const result = await spinWheel(link, "192.0.2.2");
      expect(result).toEqual({ ok: false, message: NO_PRIZE, result: null });
      expect((await getWheel(link)).spun).toBe(false);
      expect(await smsTo("+44 7700 900203")).toHaveLength(1); // the link's SMS only: no "won"
    } finally {
      await setDiscount("wh-live", "wh-lamp", null);
    }
  });

  it("texts the invalid-attempt message once per link, however often it is spun again", async () => {
    const phone = "+44 7700 900204";
    const link = await newLink(phone);
    const first = await spinWheel(link, "192.0.2.3");
    expect(first.ok).toBe(true);
    const again = await Promise.all([1, 2, 3].map(() => spinWheel(link, "192.0.2.3")));
    for (const a of again) {
      expect(a).toMatchObject({ ok: false, message: "This link was used already." });
      expect(a.result?.slice.item_id).toBe(first.result?.slice.item_id);
    }
    const texts = await smsTo(phone);
    expect(texts.filter((b: string) => b === "This link was used already.")).toHaveLength(1);
    expect(texts.filter((b: string) => b.startsWith("You won"))).toHaveLength(1);
  });

  it("limits spins per link and per address (429 with Retry-After)", async () => {
    const link = await newLink("+44 7700 900205");
    const post = (address: string) =>
      call(spin.POST, {
        method: "POST",
        path: `/w/${link}/spin`,
        params: { token: link },
        headers: { "x-lumen-peer": address },
      });
    for (let i = 0; i < SPINS_PER_LINK; i++) expect((await post(`198.51.100.${i + 1}`)).status).toBe(200);
    const limited = await post("198.51.100.99");
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    const address = "203.0.113.7";
    const links = await Promise.all(
      Array.from({ length: Math.ceil(SPINS_PER_ADDRESS / SPINS_PER_LINK) + 1 }, (_, i) =>
        newLink(`+44 7700 9003${String(i).padStart(2, "0")}`),
      ),
    );
    const statuses: number[] = [];
    for (const l of links) {
      for (let i = 0; i < SPINS_PER_LINK && statuses.length <= SPINS_PER_ADDRESS; i++) {
        const res = await call(spin.POST, {
          method: "POST",
          path: `/w/${l}/spin`,
          params: { token: l },
          headers: { "x-lumen-peer": address },
        });
        statuses.push(res.status);
      }
    }
    expect(statuses.slice(0, SPINS_PER_ADDRESS).every((s) => s === 200)).toBe(true);
    expect(statuses[SPINS_PER_ADDRESS]).toBe(429);
  });
});
