import { describe, expect, it } from "vitest";
import type { TStrategyInput } from "./schemas";
import { strategyShapeErrors } from "./validate-strategy";

const carousel = (values: TStrategyInput["rules"][number]["values"], rule_type = "merchandise-rules") =>
  ({
    strategy_name: "Check",
    strategy_type: "smart-recommender",
    strategy_subtype: "carousel",
    segments: ["all_customers"],
    rules: [{ rule_type, positions: [0], values }],
  }) as unknown as TStrategyInput;

describe("rule values that could not be evaluated are refused at save", () => {
  it("names a numeric column compared with text, or with contains", () => {
    expect(strategyShapeErrors(carousel([{ column_name: "product_price", comparator: "<", value: "cheap" }]))).toEqual([
      { loc: ["body", "rules", 0, "values", 0, "value"], msg: "product_price is a number: compare it with a number" },
    ]);
    expect(strategyShapeErrors(carousel([{ column_name: "stock", comparator: "in", value: "1, 2,x" }]))).toHaveLength(
      1,
    );
    expect(strategyShapeErrors(carousel([{ column_name: "stock", comparator: "in", value: "1, 2" }]))).toEqual([]);
    expect(
      strategyShapeErrors(carousel([{ column_name: "product_price", comparator: "contains", value: "9" }]))[0]?.loc,
    ).toEqual(["body", "rules", 0, "values", 0, "comparator"]);
  });

  it("names a window that is not a whole number of days", () => {
    const errors = strategyShapeErrors(
      carousel([{ column_name: "window_days", comparator: "=", value: "a week" }], "best-sellers"),
    );
    expect(errors[0]?.loc).toEqual(["body", "rules", 0, "values", 0, "value"]);
    expect(
      strategyShapeErrors(carousel([{ column_name: "window_days", comparator: "=", value: 7 }], "best-sellers")),
    ).toEqual([]);
  });

  it("lets text attributes be compared with numbers (evaluated safely)", () => {
    expect(strategyShapeErrors(carousel([{ column_name: "attribute_size", comparator: ">", value: 3 }]))).toEqual([]);
  });
});
