"use client";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";
import { firstError } from "./form-errors";
import type { TStrategyForm } from "./strategy-defaults";

/** The single ai-search rule of a smart-search strategy: values 0-3 are tenant_id, filter_columns, limit, match_score. */
export function SearchRuleFields({
  register,
  errors,
}: {
  register: UseFormRegister<TStrategyForm>;
  errors: FieldErrors<TStrategyForm>;
}) {
  const values = errors.rules?.[0]?.values;
  const ruleError = errors.rules?.message ?? errors.rules?.root?.message ?? values?.message ?? values?.root?.message;
  const at = (i: number) => firstError(values?.[i]);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        A smart-search strategy has one rule, <code className="font-mono text-xs">ai-search</code>: it answers a search
        term with the best-matching items of the catalog.
      </p>
      {ruleError && (
        <p role="alert" className="text-sm text-red-700">
          {ruleError}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="search-tenant" label="tenant_id" error={at(0)}>
          <Input {...fieldA11y("search-tenant", at(0))} {...register("rules.0.values.0.value")} />
        </FormField>
        <FormField id="search-columns" label="filter_columns (item fields returned)" error={at(1)}>
          <Input
            placeholder="item_id,item_name,product_price"
            {...fieldA11y("search-columns", at(1))}
            {...register("rules.0.values.1.value")}
          />
        </FormField>
        <FormField id="search-limit" label="limit (results, 1-100)" error={at(2)}>
          <Input
            type="number"
            min={1}
            max={100}
            inputMode="numeric"
            {...fieldA11y("search-limit", at(2))}
            {...register("rules.0.values.2.value")}
          />
        </FormField>
        <FormField id="search-score" label="match_score (threshold, 0-100)" error={at(3)}>
          <Input
            type="number"
            min={0}
            max={100}
            inputMode="numeric"
            {...fieldA11y("search-score", at(3))}
            {...register("rules.0.values.3.value")}
          />
        </FormField>
      </div>
    </div>
  );
}
