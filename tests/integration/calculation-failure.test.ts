/**
 * A calculation that fails ends: the touchpoint stops calculating, keeps the error
 * (calculation_error), its strategies can be edited, and saving it again retries. A calculation
 * whose job is gone is swept. A numeric rule on a text attribute is evaluated safely.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as items from "@/app/api/latest/data/items/route";
import * as position from "@/app/api/latest/touchpoint-studio/rules/position/route";
import * as oneStrategy from "@/app/api/latest/touchpoint-studio/rules/strategies/[strategy_id]/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as oneTouchpoint from "@/app/api/latest/touchpoint-studio/rules/touchpoints/[touchpoint_id]/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { getDatabase } from "@/lib/db/client";
import { startWorkers } from "@/lib/jobs/registry";
import { LOST_CALCULATION, sweepLostCalculations } from "@/lib/touchpoints/sweep-calculations";
import { call, tokenFor } from "./http";
import { saveTouchpoint, waitForTouchpoint } from "./studio";

let token: string;
let positionId: string;

async function makeStrategy(rules: unknown[]) {
  const res = await call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token,
    body: {
      strategy_name: "Failing",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, unknown>;
}

async function makeLiveTouchpoint(strategyId: string, positions = 2) {
  const res = await call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token,
    body: {
      touchpoint_name: "Failing",
      touchpoint_type: "smart-recommender",
      position: positionId,
      default_strategy: strategyId,
      number_of_positions: positions,
      is_active: true,
      is_draft: false,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.touchpoint_id);
}

const get = async (id: string) =>
  (await call(oneTouchpoint.GET, { params: { touchpoint_id: id }, token })).body as Record<string, unknown>;
const until = (id: string, done: (t: Record<string, unknown>) => boolean) => waitForTouchpoint(token, id, done);
const saveUnchanged = (t: Record<string, unknown>) => saveTouchpoint(token, t);

beforeAll(async () => {
  token = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  positionId = (await call(position.GET, { path: "/touchpoint-studio/rules/position", token })).body.positions[0]
    .position_id;
  const sizes: [string, string][] = [
    ["cf-small", "2"],
    ["cf-big", "7.5"],
    ["cf-text", "large"],
    ["cf-blank", " "],
  ];
  const res = await call(items.POST, {
    path: "/data/items",
    token,
    body: {
      items: sizes.map(([item_id, size]) => ({
        item_id,
        item_name: `Failure box ${item_id}`,
        stock: 3,
        attributes: [{ attribute_name: "attribute_size", attribute_value: size }],
      })),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
});

describe("a failed calculation", () => {
  it("stops calculating, keeps the error, leaves the strategy editable, and is retried by saving", async () => {
    const strategy = await makeStrategy([{ rule_type: "best-sellers", positions: [0, 1], values: [] }]);
    const database = await getDatabase();
    // The calculation's table is gone: every calculation throws.
    await database.sql.exec("ALTER TABLE rule_results RENAME TO rule_results_away");
    let id: string;
    let failed: Record<string, unknown>;
    try {
      id = await makeLiveTouchpoint(String(strategy.strategy_id));
      failed = await until(id, (t) => !t.is_calculating && t.calculation_error !== null);
    } finally {
      await database.sql.exec("ALTER TABLE rule_results_away RENAME TO rule_results");
    }
    expect(failed.is_ready).toBe(false);
    expect(String(failed.calculation_error)).toMatch(/rule_results/);

    // The strategy can be edited again (it was 409 while the calculation was stuck).
    const { strategy_id, is_ready, segment_count, date_created, date_modified, ...fields } = strategy;
    const edit = await call(oneStrategy.PUT, {
      method: "PUT",
      path: `/touchpoint-studio/rules/strategies/${strategy_id}`,
      params: { strategy_id: String(strategy_id) },
      token,
      body: { ...fields, strategy_name: "Failing, edited" },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    // Editing the strategy retried the calculation; saving the touchpoint again retries too.
    const retried = await until(id, (t) => Boolean(t.is_ready) && !t.is_calculating);
    expect(retried.calculation_error).toBeNull();
    await saveUnchanged(retried);
    expect((await until(id, (t) => Boolean(t.is_ready) && !t.is_calculating)).calculation_error).toBeNull();
    const served = await call(content.GET, { params: { touchpoint_id: id }, token });
    expect(served.status).toBe(200);
  });

  it("is swept when no job is left to finish it", async () => {
    const strategy = await makeStrategy([{ rule_type: "best-sellers", positions: [0], values: [] }]);
    const id = await makeLiveTouchpoint(String(strategy.strategy_id), 1);
    await until(id, (t) => Boolean(t.is_ready) && !t.is_calculating);
    const database = await getDatabase();
    // As a worker that died after marking it calculating, before queueing its job, leaves it.
    await database.sql.query(
      "UPDATE touchpoints SET is_calculating = true, date_calculation_requested = now() - interval '2 minutes' WHERE touchpoint_id = $1",
      [id],
    );
    await database.sql.query("UPDATE strategies SET is_ready = false WHERE strategy_id = $1", [strategy.strategy_id]);
    expect(await sweepLostCalculations()).toEqual([id]);
    const swept = await get(id);
    expect(swept.is_calculating).toBe(false);
    expect(swept.is_ready).toBe(true); // the previous lists are still served
    expect(swept.calculation_error).toBe(LOST_CALCULATION);
    const [row] = await database.sql.query<{ is_ready: boolean }>(
      "SELECT is_ready FROM strategies WHERE strategy_id = $1",
      [strategy.strategy_id],
    );
    expect(row?.is_ready).toBe(true);
    // A calculation asked for just now, or with its job still queued, is left alone.
    await database.sql.query(
      "UPDATE touchpoints SET is_calculating = true, date_calculation_requested = now() WHERE touchpoint_id = $1",
      [id],
    );
    expect(await sweepLostCalculations()).toEqual([]);
  });
});

describe("a numeric merchandise rule on a text attribute", () => {
  it("calculates, matching only the values that are numbers", async () => {
    const strategy = await makeStrategy([
      {
        rule_type: "merchandise-rules",
        positions: [0, 1],
        values: [{ column_name: "attribute_size", comparator: ">", value: 1 }],
      },
    ]);
    const id = await makeLiveTouchpoint(String(strategy.strategy_id));
    const t = await until(id, (x) => !x.is_calculating && (Boolean(x.is_ready) || x.calculation_error !== null));
    expect(t.calculation_error).toBeNull();
    const served = await call(content.GET, { params: { touchpoint_id: id }, token });
    expect(served.status).toBe(200);
    const ids = (served.body.content as { item: { item_id: string }; filled_by: { is_fallback: boolean } }[])
      .filter((c) => !c.filled_by.is_fallback)
      .map((c) => c.item.item_id)
      .sort();
    expect(ids).toEqual(["cf-big", "cf-small"]);
  });
});
