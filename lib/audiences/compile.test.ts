import { describe, expect, it } from "vitest";
import { effectiveConsentSql } from "@/lib/data/effective-consent";
import { type CompiledFunnel, compileFunnel, stepCondition } from "./compile";
import { chainStatement, foldStatement } from "./funnel";
import type { TFilterGroupInput, TFilterInput } from "./schemas";

const f = (
  over: Partial<TFilterInput> & Pick<TFilterInput, "filter_name" | "filter_type" | "filter_values">,
): TFilterInput => ({
  filter_entity: "customer",
  filter_order: 0,
  filter_value_connector: "AND",
  ...over,
});
const group = (values: TFilterInput[], over: Partial<TFilterGroupInput> = {}): TFilterGroupInput => ({
  filter_group: "demographics",
  filter_group_order: 0,
  next_group_connector: "AND",
  values,
  ...over,
});

const stepsOf = (c: CompiledFunnel) => c.conditions.map((_, k) => stepCondition(c, k));

describe("compileFunnel", () => {
  it("makes one step per filter, left to right, groups parenthesised, values as parameters", () => {
    const c = compileFunnel([
      group([
        f({
          filter_name: "age",
          filter_type: "BETWEEN",
          filter_values: { value_name: "age", min_value: 20, max_value: 30 },
        }),
        f({ filter_name: "city", filter_type: "IN", filter_values: ["Paris", "Lyon"], filter_order: 1 }),
      ]),
      group([f({ filter_name: "email_consent", filter_type: "IN", filter_values: ["True"] })], {
        filter_group_order: 1,
      }),
    ]);
    expect(c.errors).toEqual([]);
    expect(stepsOf(c)).toEqual([
      "(c.age BETWEEN $1::float8 AND $2::float8)",
      "((c.age BETWEEN $1::float8 AND $2::float8) AND (lower(c.city) = ANY($3::text[])))",
      `((((c.age BETWEEN $1::float8 AND $2::float8) AND (lower(c.city) = ANY($3::text[])))) AND ((${effectiveConsentSql("email")} = ANY($4::boolean[]))))`,
    ]);
    expect(c.params).toEqual([20, 30, ["paris", "lyon"], [true]]);
    expect(c.where).toBe(stepsOf(c)[2]);
  });

  it("orders groups and filters by their order fields and joins with each one's connector", () => {
    const c = compileFunnel([
      group([f({ filter_name: "gender", filter_type: "EQ", filter_values: "F" })], { filter_group_order: 1 }),
      group(
        [
          f({ filter_name: "age", filter_type: "GT", filter_values: 40, filter_order: 1 }),
          f({
            filter_name: "age",
            filter_type: "LT",
            filter_values: 18,
            filter_order: 0,
            filter_value_connector: "OR",
          }),
        ],
        { filter_group_order: 0, next_group_connector: "OR" },
      ),
    ]);
    expect(c.errors).toEqual([]);
    expect(stepsOf(c)[1]).toBe("((c.age < $1::float8) OR (c.age > $2::float8))");
    expect(stepsOf(c)[2]).toBe(
      "((((c.age < $1::float8) OR (c.age > $2::float8))) OR ((lower(c.gender) = ANY($3::text[]))))",
    );
  });

  it("NOT_IN negates; all_customers is everyone; a product filter is an EXISTS over purchases in the period", () => {
    const c = compileFunnel([
      group([
        f({ filter_name: "segment", filter_type: "IN", filter_values: ["all_customers"] }),
        f({ filter_name: "country", filter_type: "NOT_IN", filter_values: ["France"], filter_order: 1 }),
        f({
          filter_name: "purchased",
          filter_entity: "product_id",
          filter_type: "IN",
          filter_values: ["A1"],
          filter_order: 2,
          period_days: 30,
        }),
      ]),
    ]);
    expect(c.errors).toEqual([]);
    expect(stepsOf(c)[0]).toBe("TRUE");
    expect(stepsOf(c)[1]).toContain("(NOT (lower(c.country) = ANY($1::text[])))");
    expect(stepsOf(c)[2]).toMatch(/EXISTS \(SELECT 1 FROM events e WHERE e.customer_id = c.customer_id/);
    expect(c.params).toEqual([["france"], 30, ["A1"]]);
  });

  it("names a bad filter by its place", () => {
    const c = compileFunnel([
      group([
        f({ filter_name: "shoe-size", filter_type: "IN", filter_values: ["42"] }),
        f({
          filter_name: "city",
          filter_type: "BETWEEN",
          filter_values: { value_name: "", min_value: 1, max_value: 2 },
        }),
        f({ filter_name: "age", filter_type: "BETWEEN", filter_values: ["1"] }),
        f({ filter_name: "sms_consent", filter_type: "IN", filter_values: ["maybe"] }),
        f({ filter_name: "purchased", filter_type: "IN", filter_values: ["x"] }),
        f({ filter_name: "age", filter_type: "IN", filter_values: [] }),
      ]),
    ]);
    expect(c.errors.map((e) => e.loc.join("."))).toEqual([
      "body.filters.0.values.0.filter_name",
      "body.filters.0.values.1.filter_type",
      "body.filters.0.values.2.filter_values",
      "body.filters.0.values.3.filter_values",
      "body.filters.0.values.4.filter_entity",
      "body.filters.0.values.5.filter_values",
    ]);
  });

  it("without filters: everyone", () => {
    expect(compileFunnel([]).where).toBe("TRUE");
  });

  it("writes SQL that grows linearly with the number of filters, OR-ed or not", () => {
    const ages = (n: number, connector: "AND" | "OR") =>
      compileFunnel([
        group(
          Array.from({ length: n }, (_, i) =>
            f({
              filter_name: "age",
              filter_type: "EQ",
              filter_values: i,
              filter_order: i,
              filter_value_connector: connector,
            }),
          ),
        ),
      ]);
    for (const connector of ["OR", "AND"] as const) {
      const c100 = ages(100, connector);
      const c200 = ages(200, connector);
      expect(c200.errors).toEqual([]);
      expect(c200.allAnd).toBe(connector === "AND");
      // Twice the filters, about twice the text (parameter numbers gain a digit): never four times.
      const ratio = (text: (c: CompiledFunnel) => string) => text(c200).length / text(c100).length;
      expect(ratio((c) => c.where)).toBeLessThan(2.2);
      expect(ratio((c) => foldStatement(c).statement)).toBeLessThan(2.2);
      expect(ratio((c) => chainStatement(c))).toBeLessThan(2.2);
      expect(foldStatement(c200).statement.length).toBeLessThan(200 * 120);
    }
  });

  it("passes connectors and group starts to the fold as parameters after the filters' own", () => {
    const c = compileFunnel([
      group([f({ filter_name: "age", filter_type: "GT", filter_values: 1, filter_value_connector: "OR" })], {
        next_group_connector: "OR",
      }),
      group(
        [
          f({ filter_name: "age", filter_type: "LT", filter_values: 9, filter_value_connector: "OR" }),
          f({ filter_name: "age", filter_type: "EQ", filter_values: 5, filter_order: 1 }),
        ],
        { filter_group_order: 1 },
      ),
    ]);
    expect(c.connectors).toEqual(["AND", "OR", "OR"]);
    expect(c.groupStarts).toEqual([true, true, false]);
    const fold = foldStatement(c);
    expect(fold.params).toEqual([1, 9, [5], [true, true, false], ["AND", "OR", "OR"], 3]);
    expect(fold.statement).toContain("$4::boolean[]");
    expect(fold.statement).toContain("$5::text[]");
  });
});
