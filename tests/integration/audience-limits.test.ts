/**
 * Limits on ad-hoc customer queries: the cap on filters per audience, the cap on a request's
 * nesting, funnels with OR connectors counted exactly by the linear statement, and the deadline
 * (PostgreSQL statement_timeout; on PGlite the application's deadline) answering 503 with
 * Retry-After.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as customersOf from "@/app/api/latest/customer-studio/audiences/[audience_id]/customers/route";
import * as estimate from "@/app/api/latest/customer-studio/audiences/estimate/route";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import * as customers from "@/app/api/latest/data/customers/route";
import { compileFunnel, stepCondition } from "@/lib/audiences/compile";
import type { TFilterGroupInput } from "@/lib/audiences/schemas";
import { getDatabase } from "@/lib/db/client";
import { setGuardedQueryProbe } from "@/lib/db/guarded-query";
import { resetEnvCache, setEnv } from "@/lib/env";
import { MAX_REQUEST_DEPTH } from "@/lib/http/json-depth";
import { call, tokenFor } from "./http";

let token: string;

const ageAtLeast = (i: number, connector = "AND") => ({
  filter_name: "age",
  filter_type: "GTE",
  filter_order: i,
  filter_value_connector: connector,
  filter_values: i % 60,
});
/** n filters in groups of at most 50 (the schema's size of a group). */
const filtersOf = (n: number) =>
  Array.from({ length: Math.ceil(n / 50) }, (_, g) => ({
    filter_group: `g${g}`,
    filter_group_order: g,
    next_group_connector: "AND",
    values: Array.from({ length: Math.min(50, n - g * 50) }, (_, i) => ageAtLeast(i)),
  }));

beforeAll(async () => {
  token = await tokenFor("user");
  const res = await call(customers.POST, {
    path: "/data/customers",
    token: await tokenFor("advanced"),
    body: {
      customers: Array.from({ length: 40 }, (_, i) => ({
        customer_id: `lim-${i}`,
        age: 18 + i,
        city: ["Paris", "Lyon", "Brno", "Oslo"][i % 4],
        country: i % 3 === 0 ? "France" : "Norway",
        gender: i % 2 ? "F" : "M",
        sms_consent: i % 5 !== 0,
      })),
    },
  });
  expect(res.status).toBe(200);
});

afterEach(() => {
  setGuardedQueryProbe(undefined);
  delete process.env.AUDIENCE_MAX_FILTERS;
  delete process.env.QUERY_TIMEOUT_MS;
  resetEnvCache();
});

describe("the cap on filters", () => {
  it("takes 50 filters and refuses 51 at body.filters, estimating and saving", async () => {
    const fifty = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: filtersOf(50) },
    });
    expect(fifty.status).toBe(200);
    expect(fifty.body.filters[0].values).toHaveLength(50);

    for (const [handler, body] of [
      [estimate.POST, { filters: filtersOf(51) }],
      [audiences.POST, { audience_name: "too many", filters: filtersOf(51) }],
    ] as const) {
      const res = await call(handler, { path: "/customer-studio/audiences", token, body });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.errors[0].loc).toEqual(["body", "filters"]);
      expect(res.body.errors[0].msg).toContain("at most 50");
    }
    const list = await call(audiences.GET, {
      path: "/customer-studio/audiences",
      token,
      query: { search: "too many" },
    });
    expect(list.body.count).toBe(0);
  });

  it("follows AUDIENCE_MAX_FILTERS", async () => {
    setEnv("AUDIENCE_MAX_FILTERS", "3");
    const res = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: filtersOf(4) },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].msg).toContain("at most 3");
    const three = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: filtersOf(3) },
    });
    expect(three.status).toBe(200);
  });
});

describe("the cap on nesting", () => {
  it("refuses a body nested deeper than the cap with 422 at the field, and takes one at the cap", async () => {
    const nested = (depth: number) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    };
    // The body object is level 1, filters' array level 2.
    const deep = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: nested(MAX_REQUEST_DEPTH) },
    });
    expect(deep.status).toBe(422);
    expect(deep.body.errors[0].loc.slice(0, 3)).toEqual(["body", "filters", 0]);
    expect(deep.body.errors[0].loc).toHaveLength(MAX_REQUEST_DEPTH + 1);
    expect(deep.body.errors[0].msg).toContain(`deeper than ${MAX_REQUEST_DEPTH}`);

    const atCap = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: nested(MAX_REQUEST_DEPTH - 1) },
    });
    // Within the cap: judged by the schema (a filter group is an object), still 422 but at the schema's field.
    expect(atCap.status).toBe(422);
    expect(atCap.body.errors[0].loc).toEqual(["body", "filters", 0]);

    const huge = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      rawBody: `{"filters":${"[".repeat(200_000)}${"]".repeat(200_000)}}`,
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(422);
    expect(huge.body.errors[0].loc).toHaveLength(MAX_REQUEST_DEPTH + 1);
  });
});

describe("funnels with OR connectors", () => {
  it("count every step as its whole condition counted on its own", async () => {
    const groups = [
      {
        filter_group: "demographics",
        filter_group_order: 0,
        next_group_connector: "OR",
        values: [
          {
            filter_entity: "customer",
            filter_name: "city",
            filter_type: "IN",
            filter_order: 0,
            filter_value_connector: "OR",
            filter_values: ["paris"],
          },
          {
            filter_entity: "customer",
            filter_name: "age",
            filter_type: "LT",
            filter_order: 1,
            filter_value_connector: "AND",
            filter_values: 25,
          },
          { filter_entity: "customer", filter_name: "gender", filter_type: "EQ", filter_order: 2, filter_values: "F" },
        ],
      },
      {
        filter_group: "more",
        filter_group_order: 1,
        next_group_connector: "AND",
        values: [
          {
            filter_entity: "customer",
            filter_name: "country",
            filter_type: "IN",
            filter_order: 0,
            filter_value_connector: "AND",
            filter_values: ["Norway"],
          },
          {
            filter_entity: "customer",
            filter_name: "age",
            filter_type: "GT",
            filter_order: 1,
            filter_value_connector: "OR",
            filter_values: 50,
          },
          {
            filter_entity: "customer",
            filter_name: "city",
            filter_type: "NOT_IN",
            filter_order: 2,
            filter_values: ["oslo"],
          },
        ],
      },
      {
        filter_group: "last",
        filter_group_order: 2,
        next_group_connector: "AND",
        values: [
          {
            filter_entity: "customer",
            filter_name: "sms_consent",
            filter_type: "IN",
            filter_order: 0,
            filter_values: ["True"],
          },
        ],
      },
    ];
    const res = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: groups },
    });
    expect(res.body.errors ?? []).toEqual([]);
    expect(res.status).toBe(200);
    const counted = res.body.filters.flatMap((g: { values: { count_now: number }[] }) =>
      g.values.map((f) => f.count_now),
    );

    const compiled = compileFunnel(groups as TFilterGroupInput[]);
    expect(compiled.errors).toEqual([]);
    const database = await getDatabase();
    const columns = compiled.conditions.map(
      (_, k) => `COUNT(*) FILTER (WHERE ${stepCondition(compiled, k)})::int AS s${k}`,
    );
    const [row] = await database.sql.query<Record<string, number>>(
      `SELECT COUNT(*)::int AS total, ${columns.join(", ")} FROM customers c`,
      compiled.params,
    );
    expect(res.body.total_customers).toBe(row!.total);
    expect(counted).toEqual(compiled.conditions.map((_, k) => row![`s${k}`]));
    // Not a trivial funnel: the counts move both ways.
    expect(new Set(counted).size).toBeGreaterThan(3);
  });
});

describe("the deadline of ad-hoc queries", () => {
  it("answers 503 query_timeout with Retry-After when a guarded query runs too long, and the database serves on", async () => {
    setEnv("QUERY_TIMEOUT_MS", "300");
    // Made slow on purpose inside the guarded transaction, before the funnel's own statement.
    setGuardedQueryProbe(async (sql) => {
      await sql.query("SELECT pg_sleep(2)");
    });
    const database = await getDatabase();
    for (const [handler, options] of [
      [estimate.POST, { path: "/customer-studio/audiences/estimate", body: { filters: filtersOf(2) } }],
      [
        customersOf.GET,
        { path: "/customer-studio/audiences/all_customers/customers", params: { audience_id: "all_customers" } },
      ],
    ] as const) {
      const started = Date.now();
      const res = await call(handler, { ...options, token });
      const ms = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("query_timeout");
      expect(res.headers.get("retry-after")).toBe("1");
      // Answered at the deadline, long before the 2 s sleep ends (PostgreSQL: statement_timeout
      // stops it; its own grace of 2 s comes later still).
      expect(ms).toBeLessThan(1500);
      if (database.kind === "pglite") await new Promise((r) => setTimeout(r, 2000));
    }
    setGuardedQueryProbe(undefined);
    const after = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: filtersOf(2) },
    });
    expect(after.status).toBe(200);
    expect(after.body.total_customers).toBeGreaterThanOrEqual(40);
  });

  it("on PostgreSQL the server itself stops the statement (SQLSTATE 57014)", async (ctx) => {
    const database = await getDatabase();
    if (database.kind !== "postgres") ctx.skip();
    setEnv("QUERY_TIMEOUT_MS", "200");
    let seen: unknown;
    setGuardedQueryProbe(async (sql) => {
      try {
        await sql.query("SELECT pg_sleep(5)");
      } catch (error) {
        seen = error;
        throw error;
      }
    });
    const res = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token,
      body: { filters: [] },
    });
    expect(res.status).toBe(503);
    expect((seen as { code?: string }).code).toBe("57014");
    // statement_timeout is LOCAL: the pool's connections keep no timeout.
    const [row] = await database.sql.query<{ t: string }>("SHOW statement_timeout");
    expect(row!.t ?? Object.values(row!)[0]).toBe("0");
  });
});
