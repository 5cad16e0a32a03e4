"use client";
/**
 * The controls of one filter after its name: the type (in words) and a picker that fits the
 * filter, fed by GET /customer-studio/audiences/filter-options: segments with their sizes;
 * cities, countries, genders, categories and attributes as searchable chips (a value not in the
 * list can still be typed); consent as a True/False toggle; numbers as min and max filled in from
 * the data's range; product-focused filters with their period in days.
 */
import { useQuery } from "@tanstack/react-query";
import type { TFilterOptions } from "@/lib/audiences/filter-options";
import { apiFetch } from "../api/client";
import { cn } from "../ui/cn";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { choiceOf, type FilterRow, type NumericFilterName, numberInputs, TYPE_CHOICES } from "./filter-rows";
import { type Choice, MultiSelect } from "./multi-select";

export type FilterOptions = TFilterOptions;

/** Read when the builder opens; the data's values change slowly, so they are kept a while. */
export function useFilterOptions() {
  return useQuery({
    queryKey: ["audience-filter-options"],
    queryFn: () => apiFetch<FilterOptions>("/customer-studio/audiences/filter-options"),
    staleTime: 10 * 60_000,
    gcTime: 30 * 60_000,
  });
}

const count = (n: number) => n.toLocaleString("en");
const decimals = (n: number) => n.toLocaleString("en", { maximumFractionDigits: 2 });

const NOUN: Record<string, string> = {
  cities: "cities",
  countries: "countries",
  genders: "genders",
  categories: "categories",
  attributes: "attributes",
};

/** The picker's choices and how they are offered. */
function choicesFor(row: FilterRow, options: FilterOptions | undefined) {
  const choice = choiceOf(row.choice);
  if (choice.kind === "segment") {
    const list = options?.segments;
    return {
      choices: (list?.options ?? []).map<Choice>((s) => ({
        value: s.segment_id,
        label: s.segment_name,
        detail: `${count(s.size)} customers`,
      })),
      // Segment ids are picked, not typed, unless the list was cut.
      allowCustom: !list || list.truncated,
      placeholder: "Choose segments",
    };
  }
  if (!choice.options) return { choices: [], allowCustom: true, placeholder: choice.placeholder };
  const list = options?.[choice.options];
  const unit = choice.kind === "purchased" ? "items" : "customers";
  const noun = NOUN[choice.options];
  return {
    choices: (list?.options ?? []).map<Choice>((o) => ({
      value: o.value,
      label: o.value,
      detail: `${count(o.count)} ${unit}`,
    })),
    allowCustom: true,
    placeholder: list
      ? `Search ${count(list.options.length)}${list.truncated ? "+" : ""} ${noun} or type one`
      : (choice.placeholder ?? `Type ${noun}`),
  };
}

export function FilterValuePicker({
  row,
  place,
  options,
  loading,
  onChange,
}: {
  row: FilterRow;
  /** "1.2": group and filter, for the controls' names. */
  place: string;
  options: FilterOptions | undefined;
  loading: boolean;
  onChange: (change: Partial<FilterRow>) => void;
}) {
  const choice = choiceOf(row.choice);
  const types = TYPE_CHOICES[choice.kind];
  const typeSelect =
    types.length > 1 ? (
      <div className="w-36 shrink-0">
        <Select
          aria-label={`Type of filter ${place}`}
          value={row.filter_type}
          onChange={(e) => onChange({ filter_type: e.target.value })}
        >
          {types.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label}
            </option>
          ))}
        </Select>
      </div>
    ) : (
      <span className="px-1 text-sm text-slate-600">{types[0]?.label}</span>
    );

  if (choice.kind === "bool") {
    const value = row.values[0] === "False" ? "False" : "True";
    return (
      <>
        {typeSelect}
        <fieldset className="inline-flex overflow-hidden rounded-md shadow-sm ring-1 ring-slate-300 ring-inset">
          <legend className="sr-only">{`Value of filter ${place}`}</legend>
          {(["True", "False"] as const).map((v) => (
            <label
              key={v}
              className={cn(
                "cursor-pointer px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600",
                value === v ? "bg-indigo-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={`consent-${row.key}`}
                value={v}
                checked={value === v}
                onChange={() => onChange({ values: [v] })}
              />
              {v}
            </label>
          ))}
        </fieldset>
      </>
    );
  }

  if (choice.kind === "number") {
    const range = options?.ranges[choice.name as NumericFilterName];
    const inputs = numberInputs(row.filter_type);
    const names = {
      min: row.filter_type === "BETWEEN" ? "Minimum" : "Value",
      max: row.filter_type === "BETWEEN" ? "Maximum" : "Value",
    };
    return (
      <>
        {typeSelect}
        {inputs.map((side, k) => (
          <span key={side} className="contents">
            {k > 0 && <span className="text-sm text-slate-500">and</span>}
            <Input
              aria-label={`${names[side]} of filter ${place}`}
              className="max-w-28"
              type="number"
              inputMode="decimal"
              step="any"
              placeholder={range ? decimals(side === "min" ? Math.floor(range.min) : Math.ceil(range.max)) : side}
              value={row[side]}
              onChange={(e) => onChange({ [side]: e.target.value })}
            />
          </span>
        ))}
        <span className="text-xs text-slate-500" data-testid={`range-${place}`}>
          {range ? `data: ${decimals(range.min)}–${decimals(range.max)}` : loading ? "data: …" : "data: no values yet"}
        </span>
      </>
    );
  }

  const { choices, allowCustom, placeholder } = choicesFor(row, options);
  return (
    <>
      {typeSelect}
      <MultiSelect
        label={`Values of filter ${place}`}
        className="min-w-52 flex-1 basis-52"
        choices={choices}
        selected={row.values}
        onChange={(values) => onChange({ values })}
        allowCustom={allowCustom}
        placeholder={placeholder}
        loading={loading && choices.length === 0 && choiceOf(row.choice).id !== "purchased|product_id"}
      />
      {choice.kind === "purchased" && (
        <span className="flex items-center gap-1 text-sm text-slate-600">
          within
          <Input
            aria-label={`Days of filter ${place}`}
            className="max-w-20"
            type="number"
            min={1}
            max={3650}
            value={row.period_days}
            onChange={(e) => onChange({ period_days: e.target.value })}
          />
          days
        </span>
      )}
    </>
  );
}
