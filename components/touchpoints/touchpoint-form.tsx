"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { MAX_SLOTS } from "@/lib/recommend/rule-constants";
import { SUBTYPES, TOUCHPOINT_TYPES, type TouchpointType } from "@/lib/touchpoints/constants";
import { type TTouchpoint, type TTouchpointInput, ZTouchpointInput } from "@/lib/touchpoints/schemas";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { FormField, fieldA11y } from "../ui/form-field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { applyNestedServerErrors, firstError } from "./form-errors";
import { usePositions, useSaveTouchpoint, useStrategies } from "./queries";
import { DEFAULT_SLOTS, slotsOf } from "./strategy-defaults";
import { StrategyOrder } from "./strategy-order";

export type TTouchpointForm = z.input<typeof ZTouchpointInput>;

const FIELDS =
  /^(touchpoint_name|touchpoint_type|touchpoint_subtype|channel|position|default_strategy|strategies|number_of_positions)(\.|$)/;
const CHANNELS = ["website", "app", "email", "sms"];

export function emptyTouchpoint(author: string, type: TouchpointType = "smart-recommender"): TTouchpointForm {
  return {
    touchpoint_name: "",
    touchpoint_type: type,
    touchpoint_subtype: SUBTYPES[type][0],
    author,
    channel: "website",
    position: "",
    default_strategy: "",
    strategies: [],
    number_of_positions: DEFAULT_SLOTS[type],
    is_draft: true,
    is_active: false,
  };
}

export function touchpointToForm(t: TTouchpoint): TTouchpointInput {
  return {
    touchpoint_name: t.touchpoint_name,
    touchpoint_type: t.touchpoint_type as TouchpointType,
    touchpoint_subtype: t.touchpoint_subtype,
    author: t.author,
    channel: t.channel,
    position: t.position,
    default_strategy: t.default_strategy,
    strategies: t.strategies,
    number_of_positions: t.number_of_positions,
    is_draft: t.is_draft,
    is_active: t.is_active,
  };
}

/** Create or edit a touchpoint. A new one opens its page once created. */
export function TouchpointForm({
  initial,
  touchpoint,
  onSaved,
}: {
  initial: TTouchpointForm;
  touchpoint?: TTouchpoint;
  onSaved?: (saved: TTouchpoint) => void;
}) {
  const router = useRouter();
  const save = useSaveTouchpoint(touchpoint?.touchpoint_id);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TTouchpointForm, unknown, TTouchpointInput>({
    resolver: zodResolver(ZTouchpointInput),
    defaultValues: initial,
  });
  const type = useWatch({ control, name: "touchpoint_type" });
  const defaultStrategy = useWatch({ control, name: "default_strategy" });
  const slots = useWatch({ control, name: "number_of_positions" });
  const strategies = useStrategies({ offset: 0, limit: 100, type });
  const positions = usePositions({ offset: 0, limit: 100 });
  const options = strategies.data?.rows ?? [];
  const chosen = options.find((s) => s.strategy_id === defaultStrategy);
  const needed = chosen ? slotsOf(chosen.rules, type) : 0;

  function changeType(next: TouchpointType) {
    setValue("touchpoint_type", next);
    setValue("touchpoint_subtype", SUBTYPES[next][0]);
    setValue("number_of_positions", DEFAULT_SLOTS[next]);
    setValue("default_strategy", "");
    setValue("strategies", []);
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      if (!touchpoint) router.push(`/touchpoints/${saved.touchpoint_id}`);
      else onSaved?.(saved);
    } catch (error) {
      applyNestedServerErrors(error, setError, (path) => FIELDS.test(path));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Touchpoint">
      <fieldset disabled={isSubmitting} className="space-y-6">
        <Card className="space-y-4" aria-labelledby="touchpoint-settings">
          <CardTitle id="touchpoint-settings">Settings</CardTitle>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <FormField id="tp-name" label="Name" error={errors.touchpoint_name?.message} className="lg:col-span-2">
              <Input
                placeholder="e.g. Home page carousel"
                {...fieldA11y("tp-name", errors.touchpoint_name?.message)}
                {...register("touchpoint_name")}
              />
            </FormField>
            <FormField id="tp-type" label="Type" error={errors.touchpoint_type?.message}>
              <Select
                {...fieldA11y("tp-type", errors.touchpoint_type?.message)}
                value={type}
                disabled={Boolean(touchpoint)}
                title={touchpoint ? "A touchpoint's type cannot change" : undefined}
                onChange={(event) => changeType(event.target.value as TouchpointType)}
              >
                {TOUCHPOINT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="tp-subtype" label="Subtype" error={errors.touchpoint_subtype?.message}>
              <Select
                {...fieldA11y("tp-subtype", errors.touchpoint_subtype?.message)}
                {...register("touchpoint_subtype")}
              >
                {SUBTYPES[type].map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="tp-channel" label="Channel" error={errors.channel?.message}>
              <Input
                list="tp-channels"
                {...fieldA11y("tp-channel", errors.channel?.message)}
                {...register("channel")}
              />
              <datalist id="tp-channels">
                {CHANNELS.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </FormField>
            <FormField id="tp-position" label="Position" error={errors.position?.message}>
              {/* Controlled: the options arrive after the form's values, and the select must show the stored one. */}
              <Controller
                control={control}
                name="position"
                render={({ field }) => (
                  <Select {...fieldA11y("tp-position", errors.position?.message)} {...field}>
                    <option value="">{positions.isPending ? "Loading positions…" : "Choose a position…"}</option>
                    {positions.data?.rows.map((p) => (
                      <option key={p.position_id} value={p.position_id}>
                        {p.position_name}
                      </option>
                    ))}
                  </Select>
                )}
              />
            </FormField>
          </div>
          {positions.error && (
            <Alert tone="error">Positions could not be loaded: {errorMessage(positions.error)}</Alert>
          )}
        </Card>

        <Card className="space-y-4" aria-labelledby="touchpoint-strategies">
          <CardTitle id="touchpoint-strategies">Strategies and slots</CardTitle>
          {strategies.error && (
            <Alert tone="error">Strategies could not be loaded: {errorMessage(strategies.error)}</Alert>
          )}
          {strategies.data && options.length === 0 && (
            <Alert tone="warning">
              There is no {type} strategy yet.{" "}
              <Link href="/touchpoints/strategies/new" className="font-medium underline">
                Build one first
              </Link>
              .
            </Alert>
          )}
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <FormField
              id="tp-default-strategy"
              label="Default strategy"
              error={errors.default_strategy?.message}
              className="lg:col-span-2"
            >
              <Controller
                control={control}
                name="default_strategy"
                render={({ field }) => (
                  <Select {...fieldA11y("tp-default-strategy", errors.default_strategy?.message)} {...field}>
                    <option value="">
                      {strategies.isPending ? "Loading strategies…" : `Choose a ${type} strategy…`}
                    </option>
                    {options.map((s) => (
                      <option key={s.strategy_id} value={s.strategy_id}>
                        {s.strategy_name}
                      </option>
                    ))}
                  </Select>
                )}
              />
            </FormField>
            <FormField id="tp-slots" label="Number of slots" error={errors.number_of_positions?.message}>
              <Input
                type="number"
                min={0}
                max={MAX_SLOTS}
                inputMode="numeric"
                readOnly={type === "smart-search"}
                {...fieldA11y("tp-slots", errors.number_of_positions?.message)}
                {...register("number_of_positions", { valueAsNumber: true })}
              />
            </FormField>
          </div>
          {type === "smart-search" && (
            <p className="text-xs text-slate-500">
              A smart-search touchpoint has 0 slots: its strategy&apos;s limit counts results.
            </p>
          )}
          {chosen && needed > (slots ?? 0) && (
            <Alert tone="warning">
              {chosen.strategy_name} fills slots up to {needed - 1}; the touchpoint needs at least {needed} slots.{" "}
              <button
                type="button"
                className="font-medium underline"
                onClick={() => setValue("number_of_positions", needed, { shouldValidate: true })}
              >
                Use {needed} slots
              </button>
            </Alert>
          )}
          <Controller
            control={control}
            name="strategies"
            render={({ field }) => (
              <StrategyOrder
                value={field.value ?? []}
                onChange={field.onChange}
                options={options}
                exclude={defaultStrategy}
                error={firstError(errors.strategies)}
              />
            )}
          />
        </Card>

        <Card className="space-y-3" aria-labelledby="touchpoint-live">
          <CardTitle id="touchpoint-live">Going live</CardTitle>
          <p className="text-sm text-slate-600">
            An active touchpoint, or one that is no longer a draft, has its strategies&apos; items calculated; then it
            is ready to serve and to preview.
          </p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="size-4 accent-indigo-600" {...register("is_active")} />
              Active
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="size-4 accent-indigo-600" {...register("is_draft")} />
              Draft
            </label>
          </div>
        </Card>

        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit">
            {isSubmitting ? "Saving…" : touchpoint ? "Save touchpoint" : "Create touchpoint"}
          </Button>
          <Link href="/touchpoints" className="text-sm font-medium text-slate-600 hover:underline">
            Back to touchpoints
          </Link>
        </div>
      </fieldset>
    </form>
  );
}
