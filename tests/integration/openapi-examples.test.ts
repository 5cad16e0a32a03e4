/**
 * Answers the rest of the suite never asks for with success, so that the OpenAPI document's
 * examples (scripts/openapi-examples.ts, from the contract recording) cover every operation: a
 * wheel's SMS promotion read back, one strategy read, and an export's file downloaded through its
 * signed link. Each asserts what an integrator relies on, not only the status.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/latest/customer-studio/audiences/[audience_id]/export/route";
import * as download from "@/app/api/latest/customer-studio/exports/[export_id]/download/route";
import * as customers from "@/app/api/latest/data/customers/route";
import * as discounts from "@/app/api/latest/data/discounts/route";
import * as items from "@/app/api/latest/data/items/route";
import * as promotions from "@/app/api/latest/touchpoint-studio/promotions/sms/config/route";
import * as positions from "@/app/api/latest/touchpoint-studio/rules/positions/route";
import * as oneStrategy from "@/app/api/latest/touchpoint-studio/rules/strategies/[strategy_id]/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import { signedLink } from "@/lib/audiences/exports/link";
import { runExport } from "@/lib/audiences/exports/run-export";
import { db } from "@/lib/db/client";
import { call, tokenFor } from "./http";

let token: string;

beforeAll(async () => {
  token = await tokenFor("advanced");
});

describe("answers for the document's examples", () => {
  let strategyId: string;
  let touchpointId: string;

  beforeAll(async () => {
    const item = await call(items.POST, {
      path: "/data/items",
      token,
      body: { items: [{ item_id: "ex-lamp", item_name: "Example lamp", stock: 5 }] },
    });
    expect(item.status, JSON.stringify(item.body)).toBeLessThan(300);
    const discount = await call(discounts.POST, {
      path: "/data/discounts",
      token,
      body: {
        discounts: [
          {
            discount_id: "ex-20",
            discount_name: "20 % off",
            item_ids: ["ex-lamp"],
            discount_percent: 20,
            valid_to: null,
          },
        ],
      },
    });
    expect(discount.status, JSON.stringify(discount.body)).toBeLessThan(300);
    const position = await call(positions.POST, {
      path: "/touchpoint-studio/rules/positions",
      token,
      body: { position_name: "Checkout", position_description: "After payment" },
    });
    expect(position.status, JSON.stringify(position.body)).toBe(201);
    const strategy = await call(strategies.POST, {
      path: "/touchpoint-studio/rules/strategies",
      token,
      body: {
        strategy_name: "Spring wheel",
        strategy_type: "wheel-of-fortune",
        strategy_subtype: "wheel-of-fortune",
        product_hierarchy_level_id: "discount-leaflet",
        segments: ["all_customers"],
        rules: [
          {
            rule_type: "discount-leaflet",
            positions: [0],
            values: [{ column_name: "discount_id", comparator: "=", value: "ex-20" }],
          },
        ],
      },
    });
    expect(strategy.status, JSON.stringify(strategy.body)).toBe(201);
    strategyId = strategy.body.strategy_id;
    // Inactive: configuring its promotion needs no calculation.
    const touchpoint = await call(touchpoints.POST, {
      path: "/touchpoint-studio/rules/touchpoints",
      token,
      body: {
        touchpoint_name: "Spring wheel",
        touchpoint_type: "wheel-of-fortune",
        position: position.body.position_id,
        default_strategy: strategyId,
        number_of_positions: 2,
        is_active: false,
        is_draft: true,
      },
    });
    expect(touchpoint.status, JSON.stringify(touchpoint.body)).toBe(201);
    touchpointId = touchpoint.body.touchpoint_id;
  });

  it("a strategy read by id is the one created", async () => {
    const res = await call(oneStrategy.GET, {
      path: `/touchpoint-studio/rules/strategies/${strategyId}`,
      params: { strategy_id: strategyId },
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.strategy_id).toBe(strategyId);
    expect(res.body.strategy_type).toBe("wheel-of-fortune");
    expect(res.body.rules[0].values[0].value).toBe("ex-20");
  });

  it("a wheel's SMS promotion reads back as configured", async () => {
    const config = [
      { message_type: "promotion-message", message_template: "Spin the spring wheel: {link}" },
      { message_type: "successful-attempt", message_template: "You won {promotion_long_name}: {link}" },
      { message_type: "invalid-attempt", message_template: "This link was used already." },
    ];
    const configured = await call(promotions.POST, {
      path: "/touchpoint-studio/promotions/sms/config",
      token,
      body: { touchpoint_id: touchpointId, promotion_base_url: "https://shop.example.com/wheel", config },
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    const read = await call(promotions.GET, {
      path: "/touchpoint-studio/promotions/sms/config",
      query: { touchpoint_id: touchpointId },
      token,
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.touchpoint_id).toBe(touchpointId);
    expect(read.body.promotion_base_url).toBe("https://shop.example.com/wheel");
    expect(read.body.config).toEqual(expect.arrayContaining(config.map((c) => expect.objectContaining(c))));
  });

  it("an export's CSV downloads through its signed link, one row per customer", async () => {
    const ingest = await call(customers.POST, {
      path: "/data/customers",
      token,
      body: {
        customers: [
          { customer_id: "ex-synthetic-1", first_name: "Ada", last_name: "Example", city: "Brno" },
          { customer_id: "ex-synthetic-2", first_name: "Ben", last_name: "Example", city: "Praha" },
        ],
      },
    });
    expect(ingest.status, JSON.stringify(ingest.body)).toBeLessThan(300);
    const asked = await call(exportRoute.GET, {
      path: "/customer-studio/audiences/all_customers/export",
      params: { audience_id: "all_customers" },
      query: { file_extension: "csv", extended: "false" },
      token,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const exportId: string = asked.body.export.export_id;
    await runExport(exportId);
    const row = await (await db()).audienceExport.findUniqueOrThrow({ where: { export_id: exportId } });
    expect(row.status).toBe("done");
    const link = new URL(signedLink(exportId, row.link_expires_at ?? new Date()));
    const file = await call(download.GET, {
      path: link.pathname.replace(/^\/api\/latest/, ""),
      params: { export_id: exportId },
      query: Object.fromEntries(link.searchParams),
      token,
    });
    expect(file.status, String(file.body)).toBe(200);
    expect(file.headers.get("content-type")).toContain("text/csv");
    const lines = String(file.body).trim().split(/\r?\n/);
    expect(lines[0]).toContain("customer_id");
    expect(lines.slice(1).filter((l) => l.startsWith("ex-synthetic-"))).toHaveLength(2);
  });
});
