/**
 * Who made an object comes from the caller, never from the body: audiences, strategies,
 * touchpoints and SMS promotions take the caller's e-mail as author when created (a body's
 * author is ignored) and keep it when someone else edits them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import * as discounts from "@/app/api/latest/data/discounts/route";
import * as promotions from "@/app/api/latest/touchpoint-studio/promotions/sms/config/route";
import * as positions from "@/app/api/latest/touchpoint-studio/rules/positions/route";
import * as oneStrategy from "@/app/api/latest/touchpoint-studio/rules/strategies/[strategy_id]/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import { call, tokenFor } from "./http";
import { saveTouchpoint } from "./studio";

const FORGED = "ceo@victim.example";
let marketer: string;
let advanced: string;

beforeAll(async () => {
  marketer = await tokenFor("user");
  advanced = await tokenFor("advanced");
});

describe("author from the caller", () => {
  it("audiences: the creator, whatever the body says, kept on another user's edit", async () => {
    const created = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token: marketer,
      body: { audience_name: "Authored", author: FORGED, filters: [] },
    });
    expect(created.status).toBe(201);
    expect(created.body.author).toBe("marketer@example.com");
    const edited = await call(audiences.PUT, {
      method: "PUT",
      path: "/customer-studio/audiences",
      token: advanced,
      body: { audience_id: created.body.audience_id, audience_name: "Authored 2", author: FORGED, filters: [] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ audience_name: "Authored 2", author: "marketer@example.com" });
  });

  it("strategies and touchpoints: the creator, kept on edits", async () => {
    const strategy = {
      strategy_name: "Authored strategy",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [{ rule_type: "best-sellers", positions: [0, 1], values: [] }],
      author: FORGED,
    };
    const s = await call(strategies.POST, {
      path: "/touchpoint-studio/rules/strategies",
      token: marketer,
      body: strategy,
    });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect(s.body.author).toBe("marketer@example.com");
    const put = await call(oneStrategy.PUT, {
      method: "PUT",
      path: `/touchpoint-studio/rules/strategies/${s.body.strategy_id}`,
      params: { strategy_id: s.body.strategy_id },
      token: advanced,
      body: { ...strategy, strategy_name: "Authored strategy 2" },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ strategy_name: "Authored strategy 2", author: "marketer@example.com" });

    const position = await call(positions.POST, {
      path: "/touchpoint-studio/rules/positions",
      token: marketer,
      body: { position_name: "Authored position" },
    });
    expect(position.status, JSON.stringify(position.body)).toBe(201);
    const t = await call(touchpoints.POST, {
      path: "/touchpoint-studio/rules/touchpoints",
      token: marketer,
      body: {
        touchpoint_name: "Authored touchpoint",
        touchpoint_type: "smart-recommender",
        position: position.body.position_id,
        default_strategy: s.body.strategy_id,
        number_of_positions: 2,
        author: FORGED,
      },
    });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    expect(t.body.author).toBe("marketer@example.com");
    const saved = await saveTouchpoint(advanced, t.body, { touchpoint_name: "Authored touchpoint 2", author: FORGED });
    expect(saved).toMatchObject({ touchpoint_name: "Authored touchpoint 2", author: "marketer@example.com" });
  });

  it("SMS promotions: the caller who configures it first", async () => {
    const discount = await call(discounts.POST, {
      path: "/data/discounts",
      token: advanced,
      body: {
        discounts: [
          {
            discount_id: "authored-discount",
            discount_name: "Authored",
            item_ids: ["authored-item"],
            discount_percent: 20,
          },
        ],
      },
    });
    expect(discount.status, JSON.stringify(discount.body)).toBe(200);
    const wheel = await call(strategies.POST, {
      path: "/touchpoint-studio/rules/strategies",
      token: marketer,
      body: {
        strategy_name: "Authored wheel",
        strategy_type: "wheel-of-fortune",
        strategy_subtype: "wheel-of-fortune",
        product_hierarchy_level_id: "discount-leaflet",
        segments: ["all_customers"],
        rules: [
          {
            rule_type: "discount-leaflet",
            positions: [0],
            values: [{ column_name: "discount_id", comparator: "=", value: "authored-discount" }],
          },
        ],
      },
    });
    expect(wheel.status, JSON.stringify(wheel.body)).toBe(201);
    const position = await call(positions.POST, {
      path: "/touchpoint-studio/rules/positions",
      token: marketer,
      body: { position_name: "Authored wheel position" },
    });
    const t = await call(touchpoints.POST, {
      path: "/touchpoint-studio/rules/touchpoints",
      token: marketer,
      body: {
        touchpoint_name: "Authored wheel",
        touchpoint_type: "wheel-of-fortune",
        position: position.body.position_id,
        default_strategy: wheel.body.strategy_id,
        number_of_positions: 2,
      },
    });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    const config = (token: string) =>
      call(promotions.POST, {
        path: "/touchpoint-studio/promotions/sms/config",
        token,
        body: {
          touchpoint_id: t.body.touchpoint_id,
          author: FORGED,
          promotion_base_url: "https://shop.example.com/wheel",
          config: [{ message_type: "promotion-message", message_template: "Spin: {link}" }],
        },
      });
    const first = await config(marketer);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.author).toBe("marketer@example.com");
    const again = await config(advanced);
    expect(again.status).toBe(200);
    expect(again.body.author).toBe("marketer@example.com");
  });
});
