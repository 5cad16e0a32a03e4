"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import { MAX_SLOTS } from "@/lib/recommend/rule-constants";
import { SUBTYPES, TOUCHPOINT_TYPES, type TouchpointType } from "@/lib/touchpoints/constants";
import { type TStrategy, type TStrategyInput, ZStrategyInput } from "@/lib/touchpoints/schemas";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { cn } from "../ui/cn";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { applyNestedServerErrors, firstError } from "./form-errors";
import { useSaveStrategy, useStrategy } from "./queries";
import { RuleCard } from "./rule-card";
import { SearchRuleFields } from "./search-rule-fields";
import { SegmentPicker } from "./segment-picker";
import { SlotStrip } from "./slot-strip";
import {
  DEFAULT_SLOTS,
  emptyStrategy,
  GOALS,
  range,
  rulesFor,
  slotsOf,
  strategyToForm,
  type TStrategyForm,
  toRequest,
  wheelRule,
} from "./strategy-defaults";
import { WheelSlots } from "./wheel-slots";

const TYPE_HELP: Record<TouchpointType, string> = {
  "smart-recommender": "A carousel of items: rules fill its slots.",
  "smart-search": "A search bar: one ai-search rule answers search terms.",
  "wheel-of-fortune": "A wheel of discounts: one discount per slice, promoted by SMS.",
};

/** The strategy builder: a new strategy, or an existing one once loaded. */
export function StrategyBuilder({ strategyId, author }: { strategyId?: string; author: string }) {
  const strategy = useStrategy(strategyId);
  if (!strategyId) return <StrategyForm initial={emptyStrategy(author)} />;
  if (strategy.isPending) return <p className="text-sm text-slate-500">Loading the strategy…</p>;
  if (strategy.error)
    return <Alert tone="error">The strategy could not be loaded: {errorMessage(strategy.error)}</Alert>;
  return <StrategyForm key={strategyId} strategy={strategy.data} initial={strategyToForm(strategy.data)} />;
}

function StrategyForm({ initial, strategy }: { initial: TStrategyForm; strategy?: TStrategy }) {
  const router = useRouter();
  const save = useSaveStrategy(strategy?.strategy_id);
  const [saved, setSaved] = useState<string>();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    reset,
    formState: { errors, isSubmitting, isSubmitted, isDirty },
  } = useForm<TStrategyForm, unknown, TStrategyInput>({
    resolver: zodResolver(ZStrategyInput),
    defaultValues: initial,
  });
  const { fields, append, remove, replace } = useFieldArray({ control, name: "rules" });
  const type = useWatch({ control, name: "strategy_type" });
  const rules = useWatch({ control, name: "rules" });
  const [slots, setSlots] = useState(() => slotsOf(initial.rules, initial.strategy_type));
  const [selected, setSelected] = useState<number | null>(
    initial.strategy_type === "smart-recommender" && initial.rules.length > 0 ? 0 : null,
  );

  function changeType(next: TouchpointType) {
    setValue("strategy_type", next, { shouldDirty: true });
    setValue("strategy_subtype", SUBTYPES[next][0], { shouldDirty: true });
    setValue("product_hierarchy_level_id", next === "wheel-of-fortune" ? "discount-leaflet" : "", {
      shouldDirty: true,
    });
    setSlots(DEFAULT_SLOTS[next]);
    replace(rulesFor(next, DEFAULT_SLOTS[next]));
    setSelected(next === "smart-recommender" ? 0 : null);
  }

  function changeSlots(n: number) {
    setSlots(n);
    const current = getValues("rules");
    if (type === "wheel-of-fortune") {
      replace(range(n).map((slot) => current[slot] ?? wheelRule(slot)));
      return;
    }
    current.forEach((rule, r) => {
      if (rule.positions.some((p) => p >= n)) {
        setValue(
          `rules.${r}.positions`,
          rule.positions.filter((p) => p < n),
          { shouldDirty: true },
        );
      }
    });
  }

  function assignSlot(slot: number) {
    if (selected === null) return;
    getValues("rules").forEach((rule, r) => {
      const has = rule.positions.includes(slot);
      let next: number[] | undefined;
      if (r === selected) next = has ? rule.positions.filter((p) => p !== slot) : [...rule.positions, slot];
      else if (has) next = rule.positions.filter((p) => p !== slot);
      if (next) {
        setValue(
          `rules.${r}.positions`,
          next.sort((a, b) => a - b),
          { shouldDirty: true, shouldValidate: isSubmitted },
        );
      }
    });
  }

  function addRule() {
    append({ rule_type: "random-products", positions: [], values: [] });
    setSelected(fields.length);
  }

  function removeRule(index: number) {
    remove(index);
    setSelected((s) => (s === null || s === index ? (fields.length > 1 ? 0 : null) : s > index ? s - 1 : s));
  }

  const onSubmit = handleSubmit(async (values) => {
    setSaved(undefined);
    try {
      const result = await save.mutateAsync(toRequest(values));
      if (!strategy) {
        router.push(`/touchpoints/strategies/${result.strategy_id}?created=1`);
        return;
      }
      reset(strategyToForm(result));
      setSaved("Strategy saved. Live touchpoints using it are being recalculated.");
    } catch (error) {
      applyNestedServerErrors(error, setError, (path) =>
        /^(strategy_name|strategy_subtype|strategy_goal|segments|product_hierarchy_level_value|product_hierarchy_level_id|rules)(\.|$)/.test(
          path,
        ),
      );
    }
  });

  const notReady = strategy !== undefined && !strategy.is_ready;
  const rulesError = errors.rules?.message ?? errors.rules?.root?.message;
  const subtypes = SUBTYPES[type];

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Strategy" className="space-y-6">
      {notReady && (
        <Alert tone="warning">
          A touchpoint using this strategy is being calculated; you can save changes when it is done.
        </Alert>
      )}
      <fieldset disabled={isSubmitting} className="space-y-6">
        <Card className="space-y-4" aria-labelledby="strategy-basics">
          <CardTitle id="strategy-basics">Strategy</CardTitle>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="strategy-name" label="Name" error={errors.strategy_name?.message}>
              <Input
                placeholder="e.g. Summer best sellers"
                {...fieldA11y("strategy-name", errors.strategy_name?.message)}
                {...register("strategy_name")}
              />
            </FormField>
            <FormField id="strategy-goal" label="Goal" error={errors.strategy_goal?.message}>
              <Input
                list="strategy-goals"
                placeholder="e.g. boost-chosen-products"
                {...fieldA11y("strategy-goal", errors.strategy_goal?.message)}
                {...register("strategy_goal")}
              />
              <datalist id="strategy-goals">
                {GOALS.map((g) => (
                  <option key={g} value={g} />
                ))}
              </datalist>
            </FormField>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Type</legend>
            <div className="mt-1 grid gap-2 sm:grid-cols-3">
              {TOUCHPOINT_TYPES.map((t) => (
                <label
                  key={t}
                  className={cn(
                    "cursor-pointer rounded-md p-3 text-sm ring-1 ring-inset",
                    t === type ? "bg-indigo-50 ring-2 ring-indigo-500" : "ring-slate-300 hover:bg-slate-50",
                  )}
                >
                  <span className="flex items-center gap-2 font-medium text-slate-900">
                    <input
                      type="radio"
                      name="strategy-type"
                      value={t}
                      checked={t === type}
                      onChange={() => changeType(t)}
                      className="accent-indigo-600"
                    />
                    {t}
                  </span>
                  <span className="mt-1 block text-xs text-slate-600">{TYPE_HELP[t]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="strategy-subtype" label="Subtype" error={errors.strategy_subtype?.message}>
              <Select
                {...fieldA11y("strategy-subtype", errors.strategy_subtype?.message)}
                {...register("strategy_subtype")}
              >
                {subtypes.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </FormField>
            <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
              <input type="checkbox" className="size-4 accent-indigo-600" {...register("is_default")} />
              Mark as a default strategy
            </label>
          </div>
        </Card>

        <Card aria-label="Segments">
          <Controller
            control={control}
            name="segments"
            render={({ field }) => (
              <SegmentPicker value={field.value ?? []} onChange={field.onChange} error={firstError(errors.segments)} />
            )}
          />
        </Card>

        <Card className="space-y-4" aria-labelledby="strategy-rules">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <CardTitle id="strategy-rules">{type === "smart-search" ? "Search rule" : "Rules and slots"}</CardTitle>
              {type !== "smart-search" && (
                <p className="mt-1 text-sm text-slate-600">Slots are zero-based; a slot takes one rule.</p>
              )}
            </div>
            {type !== "smart-search" && <SlotCount key={type} value={slots} onChange={changeSlots} />}
          </div>
          {rulesError && (
            <p role="alert" className="text-sm text-red-700">
              {rulesError}
            </p>
          )}
          {type === "smart-recommender" && (
            <>
              <SlotStrip slots={slots} rules={rules} selected={selected} onSlot={assignSlot} />
              <ul className="space-y-3">
                {fields.map((field, index) => (
                  <RuleCard
                    key={field.id}
                    index={index}
                    control={control}
                    register={register}
                    errors={errors}
                    selected={selected === index}
                    onSelect={() => setSelected(index)}
                    onRemove={() => removeRule(index)}
                  />
                ))}
              </ul>
              <Button variant="secondary" onClick={addRule}>
                Add rule
              </Button>
            </>
          )}
          {type === "smart-search" && <SearchRuleFields register={register} errors={errors} />}
          {type === "wheel-of-fortune" && (
            <>
              <WheelSlots slots={slots} register={register} errors={errors} />
              <FormField
                id="leaflet-id"
                label="Leaflet id (optional)"
                error={errors.product_hierarchy_level_value?.message ?? errors.product_hierarchy_level_id?.message}
                className="sm:max-w-sm"
              >
                <Input
                  {...fieldA11y("leaflet-id", errors.product_hierarchy_level_value?.message)}
                  {...register("product_hierarchy_level_value")}
                />
              </FormField>
            </>
          )}
        </Card>

        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        {saved && !isDirty && <Alert tone="info">{saved}</Alert>}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={notReady}>
            {isSubmitting ? "Saving…" : strategy ? "Save strategy" : "Create strategy"}
          </Button>
          <Link href="/touchpoints/strategies" className="text-sm font-medium text-slate-600 hover:underline">
            Back to strategies
          </Link>
        </div>
      </fieldset>
    </form>
  );
}

/** The number of slots N of the strip (typed freely, applied when it is a whole number in range). */
function SlotCount({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const [text, setText] = useState(String(value));
  const apply = (raw: string) => {
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_SLOTS && n !== value) onChange(n);
  };
  return (
    <div className="w-28">
      <label htmlFor="slot-count" className="block text-sm font-medium text-slate-700">
        Slots
      </label>
      <Input
        id="slot-count"
        type="number"
        min={1}
        max={MAX_SLOTS}
        inputMode="numeric"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          apply(event.target.value);
        }}
        onBlur={() => setText(String(value))}
        className="mt-1"
      />
    </div>
  );
}
