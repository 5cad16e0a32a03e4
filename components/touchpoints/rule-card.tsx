"use client";
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useWatch,
} from "react-hook-form";
import { COMPARATORS, LEARNED_RULE_TYPES, RULE_TYPES, type RuleType } from "@/lib/recommend/rule-constants";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { ColumnPicker, parameterColumns } from "./column-picker";
import { firstError } from "./form-errors";
import { ruleColor } from "./rule-colors";
import { RULE_LABELS, type TRuleValueForm, type TStrategyForm } from "./strategy-defaults";

const LEAFLETS: readonly string[] = ["discount-leaflet", "ai-attribute-based-leaflet"];
const MODEL_RULE_TYPES = LEARNED_RULE_TYPES.filter((t) => !LEAFLETS.includes(t));
const DATA_KINDS = RULE_TYPES.filter(
  (t) => !(LEARNED_RULE_TYPES as readonly string[]).includes(t) && t !== "ai-search" && !LEAFLETS.includes(t),
);

const COMPARATOR_LABELS: Record<(typeof COMPARATORS)[number], string> = {
  "=": "=",
  "!=": "≠",
  "<": "<",
  "<=": "≤",
  ">": ">",
  ">=": "≥",
  in: "in (a,b,c)",
  contains: "contains",
};

export function isPersonal(ruleType: string): boolean {
  return (LEARNED_RULE_TYPES as readonly string[]).includes(ruleType);
}

/** One rule of a smart-recommender strategy: its kind, its slots, and its values. */
export function RuleCard({
  index,
  control,
  register,
  errors,
  selected,
  onSelect,
  onRemove,
}: {
  index: number;
  control: Control<TStrategyForm>;
  register: UseFormRegister<TStrategyForm>;
  errors: FieldErrors<TStrategyForm>;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
}) {
  const ruleType = useWatch({ control, name: `rules.${index}.rule_type` });
  const positions = useWatch({ control, name: `rules.${index}.positions` }) ?? [];
  const ruleErrors = errors.rules?.[index];
  const color = ruleColor(index);
  const typeId = `rule-${index}-type`;
  const positionsError = firstError(ruleErrors?.positions);
  const kindError = ruleErrors?.rule_type?.message;
  return (
    <li
      data-testid={`rule-${index}`}
      className={cn("rounded-lg bg-white p-3 ring-1 sm:p-4", selected ? "ring-2 ring-indigo-500" : "ring-slate-200")}
    >
      <div className="grid grid-cols-[auto_1fr] items-center gap-2 sm:flex">
        <span className={cn("w-fit rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", color.soft)}>
          Rule #{index}
        </span>
        <div className="flex justify-end gap-1.5 sm:order-last sm:ml-auto">
          <Button size="sm" variant={selected ? "primary" : "secondary"} aria-pressed={selected} onClick={onSelect}>
            {/* The name starts with the visible text (WCAG 2.5.3, for voice control) and stays the
                same when pressed: aria-pressed and the filled look say it is selected. */}
            Assign slots<span className="sr-only"> to rule #{index}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove rule #${index}`}>
            Remove
          </Button>
        </div>
        <div className="col-span-2 sm:w-72">
          <label htmlFor={typeId} className="sr-only">
            Rule #{index} kind
          </label>
          <Select id={typeId} className="py-1.5" {...register(`rules.${index}.rule_type`)}>
            <optgroup label="From your shop's data">
              {DATA_KINDS.map((t) => (
                <option key={t} value={t}>
                  {RULE_LABELS[t] ?? t}
                </option>
              ))}
            </optgroup>
            <optgroup label="Learned models (per visitor or product)">
              {MODEL_RULE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </optgroup>
            {ruleType === "discount-leaflet" && <option value="discount-leaflet">Discount leaflet</option>}
          </Select>
        </div>
      </div>
      {kindError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {kindError}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600" data-testid={`rule-${index}-slots`}>
        {positions.length === 0 ? "No slots yet." : `Slots ${[...positions].sort((a, b) => a - b).join(", ")}`}
      </p>
      {positionsError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {positionsError}
        </p>
      )}
      {isPersonal(ruleType) && (
        <p className="mt-2 text-xs text-slate-600">
          <Badge tone="indigo" className="mr-1">
            personal
          </Badge>
          Chosen per visitor or product by the learned models; visitors without history get the best sellers within this
          rule's filters. Add exclude_purchased_days to change how long bought items stay out.
        </p>
      )}
      <ValuesEditor index={index} ruleType={ruleType} control={control} register={register} errors={errors} />
    </li>
  );
}

function newValue(ruleType: string): TRuleValueForm {
  if (ruleType === "selected-products") return { column_name: "item_id", comparator: "=", value: "" };
  return { column_name: "item_name", comparator: "contains", value: "" };
}

function ValuesEditor({
  index,
  ruleType,
  control,
  register,
  errors,
}: {
  index: number;
  ruleType: RuleType;
  control: Control<TStrategyForm>;
  register: UseFormRegister<TStrategyForm>;
  errors: FieldErrors<TStrategyForm>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `rules.${index}.values` });
  const values = useWatch({ control, name: `rules.${index}.values` }) ?? [];
  const ruleErrors = errors.rules?.[index];
  const listError = ruleErrors?.values?.message ?? ruleErrors?.values?.root?.message;
  const hasWindow = values.some((v) => v.column_name === "window_days");
  const selectedProducts = ruleType === "selected-products";
  return (
    <div className="mt-3">
      <p className="text-xs font-medium text-slate-700">
        {selectedProducts ? "Items (one item_id per value)" : "Values"}
        <span className="font-normal text-slate-500">
          {selectedProducts
            ? ""
            : " — filters on the items: the same column = any of them, different columns = all of them"}
        </span>
      </p>
      {fields.length > 0 && (
        <ul className="mt-2 space-y-2">
          {fields.map((field, v) => {
            const valueErrors = ruleErrors?.values?.[v];
            const error = firstError(valueErrors);
            const base = `rule-${index}-value-${v}`;
            return (
              <li key={field.id} data-testid={base}>
                <div className="grid grid-cols-[7.5rem_minmax(0,1fr)_auto] gap-1.5 sm:grid-cols-[minmax(0,14rem)_8.5rem_minmax(0,1fr)_auto]">
                  <div className="col-span-3 sm:col-span-1">
                    <Controller
                      control={control}
                      name={`rules.${index}.values.${v}.column_name`}
                      render={({ field: column }) => (
                        <ColumnPicker
                          id={`${base}-column`}
                          label={`Column ${v + 1}`}
                          value={column.value ?? ""}
                          onChange={column.onChange}
                          ruleType={ruleType}
                          invalid={Boolean(valueErrors?.column_name)}
                        />
                      )}
                    />
                  </div>
                  <Select
                    aria-label={`Comparator ${v + 1}`}
                    className="py-1.5"
                    {...register(`rules.${index}.values.${v}.comparator`)}
                  >
                    {COMPARATORS.map((c) => (
                      <option key={c} value={c}>
                        {COMPARATOR_LABELS[c]}
                      </option>
                    ))}
                  </Select>
                  <Input
                    aria-label={selectedProducts ? `Item id ${v + 1}` : `Value ${v + 1}`}
                    aria-invalid={valueErrors?.value ? true : undefined}
                    placeholder={placeholderFor(values[v]?.column_name ?? "")}
                    className="py-1.5"
                    {...register(`rules.${index}.values.${v}.value`)}
                  />
                  <Button size="sm" variant="ghost" onClick={() => remove(v)} aria-label={`Remove value ${v + 1}`}>
                    ✕
                  </Button>
                </div>
                {error && (
                  <p role="alert" className="mt-1 text-sm text-red-700">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {listError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {listError}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-1.5">
        <Button size="sm" variant="secondary" onClick={() => append(newValue(ruleType))}>
          {selectedProducts ? "Add item" : "Add filter"}
        </Button>
        {parameterColumns(ruleType).includes("window_days") && !hasWindow && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => append({ column_name: "window_days", comparator: "=", value: 30 })}
          >
            Set window (days)
          </Button>
        )}
      </div>
    </div>
  );
}

function placeholderFor(column: string): string {
  if (column === "item_id") return "item id";
  if (column === "window_days") return "days, e.g. 30";
  if (column === "product_price" || column === "original_price") return "e.g. 9.99";
  if (column.startsWith("category_level_")) return "category name";
  return "value";
}
