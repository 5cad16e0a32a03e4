/**
 * Referential integrity: every reference of the touchpoint studio is a foreign key, so two
 * concurrent requests (a delete and a create that names the deleted record) cannot leave a
 * touchpoint pointing at nothing; what belongs to a touchpoint goes with it; additional strategies
 * keep their priority in their own table; and the migration carries an existing database over.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as onePosition from "@/app/api/latest/touchpoint-studio/rules/positions/[position_id]/route";
import * as positions from "@/app/api/latest/touchpoint-studio/rules/positions/route";
import * as oneStrategy from "@/app/api/latest/touchpoint-studio/rules/strategies/[strategy_id]/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import * as oneTouchpoint from "@/app/api/latest/touchpoint-studio/rules/touchpoints/[touchpoint_id]/route";
import * as touchpoints from "@/app/api/latest/touchpoint-studio/rules/touchpoints/route";
import { getDatabase, openPglite } from "@/lib/db/client";
import { MIGRATIONS_DIR, migrate, readMigrations } from "@/lib/db/migrate";
import { call, tokenFor } from "./http";
import { saveTouchpoint } from "./studio";

let token: string;

async function newPosition(name: string) {
  const res = await call(positions.POST, {
    path: "/touchpoint-studio/rules/positions",
    token,
    body: { position_name: name },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.position_id);
}

async function newStrategy(name: string) {
  const res = await call(strategies.POST, {
    path: "/touchpoint-studio/rules/strategies",
    token,
    body: {
      strategy_name: name,
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [{ rule_type: "best-sellers", positions: [0], values: [] }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.strategy_id);
}

const createTouchpoint = (position: string, default_strategy: string, extra: string[] = []) =>
  call(touchpoints.POST, {
    path: "/touchpoint-studio/rules/touchpoints",
    token,
    body: {
      touchpoint_name: "References",
      touchpoint_type: "smart-recommender",
      position,
      default_strategy,
      strategies: extra,
      number_of_positions: 2,
    },
  });

const deleteStrategy = (id: string) =>
  call(oneStrategy.DELETE, {
    method: "DELETE",
    path: `/touchpoint-studio/rules/strategies/${id}`,
    params: { strategy_id: id },
    token,
  });

const deletePosition = (id: string) =>
  call(onePosition.DELETE, {
    method: "DELETE",
    path: `/touchpoint-studio/rules/positions/${id}`,
    params: { position_id: id },
    token,
  });

async function dangling(): Promise<number> {
  const { sql } = await getDatabase();
  const [row] = await sql.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM touchpoints t WHERE NOT EXISTS (SELECT 1 FROM strategies s WHERE s.strategy_id = t.default_strategy))
          + (SELECT count(*) FROM touchpoints t WHERE NOT EXISTS (SELECT 1 FROM positions p WHERE p.position_id = t.position))
          + (SELECT count(*) FROM touchpoint_strategies a WHERE NOT EXISTS (SELECT 1 FROM strategies s WHERE s.strategy_id = a.strategy_id))
          AS n`,
  );
  return Number(row?.n);
}

beforeAll(async () => {
  token = await tokenFor("advanced");
});

describe("a delete racing a create that names the deleted record", () => {
  it("never leaves a touchpoint pointing at a deleted strategy or position", async () => {
    for (let round = 0; round < 6; round++) {
      const position = await newPosition(`Race ${round}`);
      const main = await newStrategy(`Race main ${round}`);
      const extra = await newStrategy(`Race extra ${round}`);
      const [created, goneExtra, goneMain, gonePosition] = await Promise.all([
        createTouchpoint(position, main, [extra]),
        deleteStrategy(extra),
        deleteStrategy(main),
        deletePosition(position),
      ]);
      if (created.status === 201) {
        // The touchpoint won: every delete of what it names was refused.
        for (const gone of [goneExtra, goneMain, gonePosition]) {
          expect(gone.status, JSON.stringify(gone.body)).toBe(409);
          expect(gone.body.code).toBe("in_use");
        }
        expect(created.body.strategies).toEqual([extra]);
      } else {
        expect(created.status, JSON.stringify(created.body)).toBe(409);
      }
      expect(await dangling()).toBe(0);
    }
  });

  it("refuses a dangling reference written straight to the database", async () => {
    const { sql } = await getDatabase();
    const position = await newPosition("Direct");
    const main = await newStrategy("Direct main");
    const created = await createTouchpoint(position, main);
    const id = String(created.body.touchpoint_id);
    await expect(
      sql.query("INSERT INTO touchpoint_strategies (touchpoint_id, strategy_id, priority) VALUES ($1, 'gone', 0)", [
        id,
      ]),
    ).rejects.toThrow(/foreign key/);
    await expect(sql.query("UPDATE touchpoints SET position = 'gone' WHERE touchpoint_id = $1", [id])).rejects.toThrow(
      /foreign key/,
    );
    await expect(sql.query("DELETE FROM strategies WHERE strategy_id = $1", [main])).rejects.toThrow(/foreign key/);
  });
});

describe("a touchpoint's additional strategies and details", () => {
  it("keeps the priority order and takes its details with it when deleted", async () => {
    const { sql } = await getDatabase();
    const position = await newPosition("Order");
    const [main, a, b] = [await newStrategy("Main"), await newStrategy("A"), await newStrategy("B")];
    const created = await createTouchpoint(position, main, [a, b]);
    expect(created.body.strategies).toEqual([a, b]);
    const id = String(created.body.touchpoint_id);
    const put = { body: await saveTouchpoint(token, created.body, { strategies: [b, a] }) };
    expect(put.body.strategies).toEqual([b, a]);
    const rows = await sql.query<{ strategy_id: string; priority: number }>(
      "SELECT strategy_id, priority FROM touchpoint_strategies WHERE touchpoint_id = $1 ORDER BY priority",
      [id],
    );
    expect(rows).toEqual([
      { strategy_id: b, priority: 0 },
      { strategy_id: a, priority: 1 },
    ]);
    await sql.query(
      "INSERT INTO touchpoint_impressions (touchpoint_id, day, impressions) VALUES ($1, current_date, 3)",
      [id],
    );
    const gone = await call(oneTouchpoint.DELETE, {
      method: "DELETE",
      path: `/touchpoint-studio/rules/touchpoints/${id}`,
      params: { touchpoint_id: id },
      token,
    });
    expect(gone.status).toBe(200);
    const [left] = await sql.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM touchpoint_strategies WHERE touchpoint_id = $1)
            + (SELECT count(*) FROM touchpoint_impressions WHERE touchpoint_id = $1) AS n`,
      [id],
    );
    expect(Number(left?.n)).toBe(0);
    // Its strategies are free again.
    expect((await deleteStrategy(a)).status).toBe(200);
  });
});

describe("the foreign-keys migration on an existing database", () => {
  it("moves additional strategies to their table by priority and drops what dangles", async () => {
    const all = readMigrations();
    const index = all.findIndex((m) => m.name.endsWith("_foreign_keys"));
    expect(index).toBeGreaterThan(0);
    const before = mkdtempSync(join(tmpdir(), "lumen-migrations-"));
    for (const m of all.slice(0, index))
      cpSync(join(MIGRATIONS_DIR, m.name), join(before, m.name), { recursive: true });
    const database = await openPglite();
    try {
      await migrate(database, before);
      const q = (text: string, params: unknown[] = []) => database.sql.query(text, params);
      await q("INSERT INTO positions (position_id, position_name) VALUES ('p1', 'Home')");
      for (const s of ["s-main", "s-a", "s-b"]) {
        await q(
          "INSERT INTO strategies (strategy_id, strategy_name, strategy_type) VALUES ($1, $1, 'smart-recommender')",
          [s],
        );
      }
      await q(
        `INSERT INTO touchpoints (touchpoint_id, touchpoint_name, touchpoint_type, position, default_strategy, strategies)
         VALUES ('t1', 'Old', 'smart-recommender', 'p1', 's-main', ARRAY['s-b', 's-gone', 's-a'])`,
      );
      await q(
        "INSERT INTO rule_results (strategy_id, rule_index, rule_type, item_ids) VALUES ('__fallback__', 0, 'best-sellers', ARRAY['i1','i2'])",
      );
      await q(
        "INSERT INTO rule_results (strategy_id, rule_index, rule_type, item_ids) VALUES ('s-gone', 0, 'best-sellers', ARRAY['i1'])",
      );
      await q(
        "INSERT INTO touchpoint_impressions (touchpoint_id, day, impressions) VALUES ('t-gone', current_date, 5)",
      );
      const result = await migrate(database);
      expect(result.applied.some((name) => name.endsWith("_foreign_keys"))).toBe(true);
      expect(
        await q("SELECT strategy_id, priority FROM touchpoint_strategies WHERE touchpoint_id = 't1' ORDER BY priority"),
      ).toEqual([
        { strategy_id: "s-b", priority: 0 },
        { strategy_id: "s-a", priority: 1 },
      ]);
      expect(await q("SELECT list_name, item_ids FROM fallback_lists")).toEqual([
        { list_name: "best-sellers", item_ids: ["i1", "i2"] },
      ]);
      expect(await q("SELECT strategy_id FROM rule_results")).toEqual([]);
      expect(await q("SELECT touchpoint_id FROM touchpoint_impressions")).toEqual([]);
      await expect(q("DELETE FROM strategies WHERE strategy_id = 's-a'")).rejects.toThrow(/foreign key/);
    } finally {
      await database.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
