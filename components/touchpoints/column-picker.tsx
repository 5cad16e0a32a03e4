"use client";
import { ITEM_FILTER_COLUMNS, RULE_PARAMETERS, type RuleType } from "@/lib/recommend/rule-constants";
import { Input } from "../ui/input";
import { Select } from "../ui/select";

const ITEM_FIELDS = Object.keys(ITEM_FILTER_COLUMNS);
const CATEGORY_LEVELS = [0, 1, 2, 3, 4].map((n) => `category_level_${n}`);
const ATTRIBUTE = "__attribute";
const ATTRIBUTE_PREFIX = "attribute_";

export function parameterColumns(ruleType: string): string[] {
  return [...(RULE_PARAMETERS[ruleType as RuleType] ?? [])];
}

/**
 * Which column a rule value is about: an item field, a category level, attribute_<name> (the
 * name typed), or a parameter of the rule (window_days, discount_id).
 */
export function ColumnPicker({
  id,
  label,
  value,
  onChange,
  ruleType,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (column: string) => void;
  ruleType: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const parameters = parameterColumns(ruleType);
  const known = [...ITEM_FIELDS, ...CATEGORY_LEVELS, ...parameters];
  const isAttribute = value.startsWith(ATTRIBUTE_PREFIX);
  const selectValue = isAttribute ? ATTRIBUTE : value;
  return (
    <div className="flex gap-1.5">
      <Select
        id={id}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={selectValue}
        onChange={(event) => {
          const next = event.target.value;
          onChange(next === ATTRIBUTE ? ATTRIBUTE_PREFIX : next);
        }}
        className="min-w-0 py-1.5"
      >
        {!known.includes(value) && !isAttribute && <option value={value}>{value || "choose…"}</option>}
        {parameters.length > 0 && (
          <optgroup label="Rule parameter">
            {parameters.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </optgroup>
        )}
        <optgroup label="Item field">
          {ITEM_FIELDS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </optgroup>
        <optgroup label="Category">
          {CATEGORY_LEVELS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </optgroup>
        <optgroup label="Attribute">
          <option value={ATTRIBUTE}>attribute_…</option>
        </optgroup>
      </Select>
      {isAttribute && (
        <Input
          aria-label={`${label}: attribute name`}
          placeholder="name, e.g. color"
          value={value.slice(ATTRIBUTE_PREFIX.length)}
          onChange={(event) =>
            onChange(`${ATTRIBUTE_PREFIX}${event.target.value.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`)
          }
          className="min-w-0 py-1.5"
        />
      )}
    </div>
  );
}
