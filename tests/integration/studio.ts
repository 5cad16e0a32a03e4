/** Touchpoint helpers shared by the integration tests: make a live one, save one as read, wait for its state. */
import { expect } from "vitest";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as oneTouchpoint from "@/app/api/latest/touchpoint-studio/rules/touchpoints/[touchpoint_id]/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import { aiSearchRule } from "@/lib/recommend/rule-constants";
import { call } from "./http";

type Touchpoint = Record<string, unknown>;

/** PUT of a touchpoint as GET returned it (read-only fields left out), with `change` applied. */
export async function saveTouchpoint(token: string, t: Touchpoint, change: Touchpoint = {}): Promise<Touchpoint> {
  const {
    touchpoint_id,
    is_ready,
    is_calculating,
    is_using_fallback,
    calculation_error,
    date_created,
    date_modified,
    date_calculated,
    ...fields
  } = t;
  const res = await call(oneTouchpoint.PUT, {
    method: "PUT",
    path: `/touchpoint-studio/rules/touchpoints/${touchpoint_id}`,
    params: { touchpoint_id: String(touchpoint_id) },
    token,
    body: { ...fields, ...change },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Touchpoint;
}

/** Polls GET until `done` holds (30 s at most). */
export async function waitForTouchpoint(
  token: string,
  id: string,
  done: (t: Touchpoint) => boolean = (t) => Boolean(t.is_ready) && !t.is_calculating,
): Promise<Touchpoint> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await call(oneTouchpoint.GET, { params: { touchpoint_id: id }, token });
    if (done(res.body)) return res.body as Touchpoint;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A smart-search strategy's body: one ai-search rule returning `filterColumns`. */
export function searchStrategyBody(name: string, filterColumns: string, limit = 5) {
  return {
    strategy_name: name,
    strategy_type: "smart-search",
    strategy_subtype: "search-bar",
    segments: ["all_customers"],
    rules: [aiSearchRule({ tenant_id: "default", filter_columns: filterColumns, limit, match_score: 0 })],
  };
}

/**
 * A live touchpoint at the first position whose default strategy is made from `strategy` (all
 * customers unless it says otherwise), made through the routes and calculated; returns its id.
 * `touchpoint` gives the touchpoint's name, type and number of positions, and may override the rest.
 */
export async function liveTouchpoint(
  token: string,
  strategy: Record<string, unknown>,
  touchpoint: Record<string, unknown>,
): Promise<string> {
  const s = await call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token,
    body: { segments: ["all_customers"], ...strategy },
  });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  const list = await call(position.GET, { path: "/touchpoint-studio/rules/position", token });
  const t = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token,
    body: {
      position: list.body.positions[0].position_id,
      default_strategy: s.body.strategy_id,
      strategies: [],
      is_active: true,
      is_draft: false,
      ...touchpoint,
    },
  });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  await waitForTouchpoint(token, t.body.touchpoint_id);
  return t.body.touchpoint_id;
}

/**
 * A live carousel of `slots` positions (the first position) whose default strategy has `rules`
 * (all customers), and `extraStrategies` (strategy ids by priority) after it; made through the
 * routes and calculated; returns its id.
 */
export function liveCarousel(
  token: string,
  name: string,
  rules: { rule_type: string; positions: number[]; values?: unknown[] }[],
  slots = 3,
  extraStrategies: string[] = [],
): Promise<string> {
  return liveTouchpoint(
    token,
    {
      strategy_name: name,
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      rules: rules.map((r) => ({ values: [], ...r })),
    },
    {
      touchpoint_name: name,
      touchpoint_type: "smart-recommender",
      number_of_positions: slots,
      strategies: extraStrategies,
    },
  );
}
