/** Touchpoint helpers shared by the integration tests: save a touchpoint as read, wait for its state. */
import { expect } from "vitest";
import * as oneTouchpoint from "@/app/api/latest/touchpoint-studio/rules/touchpoints/[touchpoint_id]/route";
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
