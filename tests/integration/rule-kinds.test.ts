/**
 * Rule kinds computed from the shop's events: trending (recent visitors against the item's own
 * baseline) and best-sellers by each measure (units, orders, buyers, revenue). Small shops made
 * here whose answers can be worked out by hand.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import { getDatabase } from "@/lib/db/client";
import { ruleCandidates } from "@/lib/recommend/rule-candidates";
import type { TRule } from "@/lib/recommend/rule-schemas";
import { call, tokenFor } from "./http";

let token: string;
const now = new Date();
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000 - 3600_000).toISOString().slice(0, 19);

type Event = Record<string, unknown>;
const buy = (item: string, customer: string, d: number, extra: Event = {}): Event => ({
  event_type: "purchase",
  customer_id: customer,
  item_id: item,
  quantity: 1,
  price: 10,
  timestamp: daysAgo(d),
  order_id: `${customer}-${item}-${d}`,
  ...extra,
});
const view = (item: string, cookie: string, d: number): Event => ({
  event_type: "view",
  cookie_id: cookie,
  item_id: item,
  timestamp: daysAgo(d),
});

const candidates = async (rule_type: TRule["rule_type"], values: TRule["values"] = []) =>
  ruleCandidates({ sql: (await getDatabase()).sql, rule: { rule_type, positions: [0], values }, now });

beforeAll(async () => {
  token = await tokenFor("advanced");
  const ids = ["tr-steady", "tr-rising", "tr-rare", "tr-mild", "bs-bulk", "bs-popular", "bs-orders"];
  await call(items.POST, {
    path: "/data/items",
    token,
    body: { items: ids.map((item_id) => ({ item_id, item_name: `Rule kinds ${item_id}`, stock: 10 })) },
  });
  const list: Event[] = [
    // Steady: 2 buyers this week, 8 in the four weeks before: as usual, not trending.
    ...[1, 2].map((n) => buy("tr-steady", `s-new-${n}`, 2)),
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => buy("tr-steady", `s-old-${n}`, 8 + n * 2)),
    // Rising: 5 buyers this week, none before.
    ...[1, 2, 3, 4, 5].map((n) => buy("tr-rising", `r-${n}`, 1 + (n % 5))),
    // Rare: one buyer this week (even with none before, one sale is no trend).
    buy("tr-rare", "rare-1", 1),
    // Mild: 3 buyers this week against 4 in the four weeks before.
    ...[1, 2, 3].map((n) => buy("tr-mild", `m-new-${n}`, 3)),
    ...[1, 2, 3, 4].map((n) => buy("tr-mild", `m-old-${n}`, 10 + n * 3)),
    // Views: tr-mild is looked at by 6 visitors this week, by none before.
    ...[1, 2, 3, 4, 5, 6].map((n) => view("tr-mild", `v-${n}`, 2)),
    // Best-sellers: one buyer of 100 units at 1; five buyers of one unit at 50; one buyer, 3 orders at 10.
    buy("bs-bulk", "bulk-buyer", 40, { quantity: 100, price: 1, order_id: "bulk-1" }),
    ...[1, 2, 3, 4, 5].map((n) => buy("bs-popular", `p-${n}`, 41, { price: 50 })),
    ...[1, 2, 3].map((n) => buy("bs-orders", "loyal", 40 + n, { order_id: `loyal-${n}` })),
  ];
  const res = await call(events.POST, { path: "/data/events", token, body: { events: list } });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toEqual([]);
});

describe("trending-products", () => {
  it("ranks items rising against their own baseline, by distinct buyers, leaving steady and one-off items out", async () => {
    expect(await candidates("trending-products")).toEqual(["tr-rising", "tr-mild"]);
  });

  it("over interactions (views, add-to-carts, clicks) ranks what is looked at more than before", async () => {
    expect(await candidates("trending-products-interactions")).toEqual(["tr-mild"]);
  });

  it("takes window_days as the recent window (the baseline is the four windows before)", async () => {
    // Over 30 days the steady item's 10 buyers against none in the 120 days before: rising too.
    const wide = await candidates("trending-products", [{ column_name: "window_days", comparator: "=", value: 30 }]);
    expect(wide).toContain("tr-steady");
  });
});

describe("best-sellers by measure", () => {
  const only = (ids: string[]) => ids.filter((id) => id.startsWith("bs-"));
  const by = async (measure?: string) =>
    only(
      await candidates("best-sellers", [
        { column_name: "window_days", comparator: "=", value: 60 },
        ...(measure ? [{ column_name: "measure", comparator: "=" as const, value: measure }] : []),
      ]),
    );

  it("counts units by default, or orders, buyers or revenue", async () => {
    expect(await by()).toEqual(["bs-bulk", "bs-popular", "bs-orders"]);
    expect(await by("units")).toEqual(["bs-bulk", "bs-popular", "bs-orders"]);
    expect(await by("orders")).toEqual(["bs-popular", "bs-orders", "bs-bulk"]);
    expect(await by("buyers")).toEqual(["bs-popular", "bs-bulk", "bs-orders"]);
    expect(await by("revenue")).toEqual(["bs-popular", "bs-bulk", "bs-orders"]);
  });

  it("refuses an unknown measure at save, naming the value", async () => {
    const res = await call(strategies.POST, {
      path: "/touchpoint-studio/rules/strategies",
      token,
      body: {
        strategy_name: "Profit sellers",
        strategy_type: "smart-recommender",
        strategy_subtype: "carousel",
        segments: ["all_customers"],
        rules: [
          {
            rule_type: "best-sellers",
            positions: [0],
            values: [{ column_name: "measure", comparator: "=", value: "profit" }],
          },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].loc).toEqual(["body", "rules", 0, "values", 0, "value"]);
    expect(res.body.errors[0].msg).toContain("units, orders, buyers, revenue");
  });
});
