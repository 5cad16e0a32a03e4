/** Discount validity, shared by the rule kinds (./rule-kinds.ts, ./learned-kinds.ts) and the wheel. */
import type { TRule } from "./rule-schemas";

/** Validity of discounts, by id (loaded with the serving state). */
export type DiscountWindows = Map<string, { valid_from: Date | null; valid_to: Date | null }>;

/** Whether `now` falls in a discount's window (an open end is no limit). */
export function withinWindow(d: { valid_from: Date | null; valid_to: Date | null }, now: Date): boolean {
  return (!d.valid_from || d.valid_from <= now) && (!d.valid_to || d.valid_to >= now);
}

export function discountValidAt(discounts: DiscountWindows | undefined, discountId: string, now: Date): boolean {
  const d = discounts?.get(discountId);
  return d !== undefined && withinWindow(d, now);
}

export function discountIdOf(rule: TRule): string {
  return String(rule.values.find((v) => v.column_name === "discount_id")?.value ?? "");
}
