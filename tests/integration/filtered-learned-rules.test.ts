/**
 * A learned rule with an item filter, on real Online Retail purchases (the last 60 days; items
 * whose description says RED carry attribute_color = red, a few percent of the catalog): the
 * filter restricts the candidates inside the ranking, so a customer whose neighbours include red
 * items gets personal red items in every slot, even when an unfiltered top 50 would hold fewer
 * red items than the touchpoint has slots (the old cut-then-filter gave fallback there).
 */
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { onlineRetailFile } from "@/lib/data/demo/load-demo";
import { startWorkers } from "@/lib/jobs/registry";
import { recommend } from "@/lib/recommend/engine/recommend";
import { askFor } from "@/lib/recommend/learned-kinds";
import { currentModels, type LoadedModels } from "@/lib/recommend/model-store";
import { ruleContext } from "@/lib/recommend/rule-context";
import type { TRule } from "@/lib/recommend/rule-schemas";
import { call, tokenFor } from "./http";
import { loadRetailSlice } from "./retail-fixture";
import { liveCarousel } from "./studio";

const SLOTS = 5;
const RED: TRule["values"] = [{ column_name: "attribute_color", comparator: "=", value: "red" }];
const RULE: TRule = { rule_type: "ai-community-based", positions: [0, 1, 2, 3, 4], values: RED };

let token: string;
let red: Set<string>;
let touchpointId: string;
let loaded: LoadedModels;

interface Slot {
  item: { item_id: string };
  filled_by: { rule_type: string | null; is_fallback: boolean };
}

async function serve(customer: string): Promise<Slot[]> {
  const res = await call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${touchpointId}/content`,
    params: { touchpoint_id: touchpointId },
    token,
    headers: { identity_value: customer, identity_type: "customer_id" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.content as Slot[];
}

/** The customer's whole unfiltered ranking (what the engine would rank without the filter). */
function fullRanking(customer: string): string[] {
  const ask = askFor(
    loaded,
    RULE,
    ruleContext({ identity: { identity_type: "customer_id", identity_value: customer } }),
  );
  return recommend(loaded.models, { ...ask, limit: 1_000_000 }).map((p) => loaded.models.itemIds[p.item]!);
}

describe.runIf(existsSync(onlineRetailFile()))("a filtered learned rule on Online Retail data", () => {
  beforeAll(async () => {
    token = await tokenFor("user");
    await startWorkers({ concurrency: 1 });
    const slice = await loadRetailSlice(60);
    red = new Set(slice.items.filter((i) => i.attributes.length > 0).map((i) => i.item_id));
    touchpointId = await liveCarousel(token, "red community", [RULE], SLOTS);
    loaded = (await currentModels())!;
    expect(loaded).toBeDefined();
  }, 240_000);

  it("fills every slot with personal red items for customers whose neighbours hold them", async () => {
    // Customers whose whole ranking holds at least SLOTS red items, but whose unfiltered top 50
    // (the old cut) holds fewer: the cases the cut-then-filter turned into fallback.
    const customers = loaded.models.users.filter((u) => !u.startsWith("cookie:") && /^\d+$/.test(u));
    const chosen: { customer: string; ranking: string[] }[] = [];
    for (const customer of customers) {
      const ranking = fullRanking(customer);
      const redRanked = ranking.filter((id) => red.has(id));
      if (redRanked.length >= SLOTS && ranking.slice(0, 50).filter((id) => red.has(id)).length < SLOTS) {
        chosen.push({ customer, ranking: redRanked });
        if (chosen.length === 5) break;
      }
    }
    expect(chosen.length, "customers with red neighbours outside their top 50").toBeGreaterThan(0);
    for (const { customer, ranking } of chosen) {
      const slots = await serve(customer);
      const summary = JSON.stringify(slots.map((x) => [x.item.item_id, x.filled_by.is_fallback]));
      expect(slots.length, summary).toBe(SLOTS);
      expect(
        slots.every((x) => !x.filled_by.is_fallback && x.filled_by.rule_type === "ai-community-based"),
        summary,
      ).toBe(true);
      // The customer's best red items, in the order of the unfiltered ranking.
      expect(
        slots.map((x) => x.item.item_id),
        summary,
      ).toEqual(ranking.slice(0, SLOTS));
    }
  });

  it("a visitor the models do not know gets red best sellers, marked as fallback", async () => {
    const slots = await serve("nobody-known");
    expect(slots.length).toBe(SLOTS);
    for (const x of slots) {
      expect(x.filled_by.is_fallback).toBe(true);
      expect(red.has(x.item.item_id), x.item.item_id).toBe(true);
    }
  });
});
