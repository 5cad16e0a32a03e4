"use client";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Input } from "../ui/input";
import { firstError } from "./form-errors";
import { ruleColor } from "./rule-colors";
import type { TStrategyForm } from "./strategy-defaults";

/** A wheel-of-fortune strategy: one discount-leaflet rule per slot (slice), each naming a discount. */
export function WheelSlots({
  slots,
  register,
  errors,
}: {
  slots: number;
  register: UseFormRegister<TStrategyForm>;
  errors: FieldErrors<TStrategyForm>;
}) {
  return (
    <div>
      <p className="text-sm text-slate-600">
        Each slice of the wheel is one slot, filled by a <code className="font-mono text-xs">discount-leaflet</code>{" "}
        rule with a discount of your leaflets (sent through{" "}
        <code className="font-mono text-xs">POST /data/discounts</code>
        ). The slice shows an item of that discount.
      </p>
      <ol className="mt-3 grid gap-2 sm:grid-cols-2">
        {Array.from({ length: slots }, (_, slot) => {
          const error = firstError(errors.rules?.[slot]);
          const id = `wheel-slot-${slot}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions, stable by index
            <li key={slot} data-testid={id}>
              <div className="flex items-center gap-2">
                <span
                  className={`flex size-9 shrink-0 items-center justify-center rounded-md text-sm font-semibold ring-1 ${ruleColor(slot).slot}`}
                >
                  {slot}
                </span>
                <label htmlFor={id} className="sr-only">
                  Discount id of slot {slot}
                </label>
                <Input
                  id={id}
                  placeholder="discount id"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  {...register(`rules.${slot}.values.0.value`)}
                />
              </div>
              {error && (
                <p id={`${id}-error`} role="alert" className="mt-1 ml-11 text-sm text-red-700">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
