/**
 * What a rule knows about the request it fills slots for: who the visitor is (the resolved
 * identity: a customer with their segment, or a product), the product the page is about (the
 * identity's product, else product_hierarchy_level_value of the request, else the strategy's),
 * and the time. Rule kinds that depend on it (./rule-kinds.ts) get it per request; the others are
 * served from lists calculated ahead.
 */
import { wallDate, wallMs } from "@/lib/clock";
import type { Identity } from "./identity";

export interface RuleContext {
  identity: Identity;
  /** The item the page shows (similar/related products are about it); never served itself. */
  product_id?: string;
  now: Date;
  /** The identity and the day: seeds draws that stay stable for one visitor for a day. */
  seed: string;
}

/** The UTC day of an instant, remembered for the day it falls in (one Date formatting a day). */
const today = { from: 0, until: 0, day: "" };
function dayOf(now: Date): string {
  const t = now.getTime();
  if (t >= today.from && t < today.until) return today.day;
  const from = t - (t % 86_400_000);
  const day = new Date(from).toISOString().slice(0, 10);
  if (Math.abs(t - wallMs()) < 86_400_000) Object.assign(today, { from, until: from + 86_400_000, day });
  return day;
}

export interface ContextOptions {
  identity: Identity;
  productHierarchyValue?: string | null;
  strategyProduct?: string;
  now?: Date;
}

/** The product a request is about (undefined: none), without making the rest of the context. */
export function contextProduct(options: Omit<ContextOptions, "now">): string | undefined {
  return options.identity.item_id || options.productHierarchyValue?.trim() || options.strategyProduct || undefined;
}

export function ruleContext(options: ContextOptions): RuleContext {
  const now = options.now ?? wallDate();
  const product = contextProduct(options);
  return {
    identity: options.identity,
    ...(product ? { product_id: product } : {}),
    now,
    seed: `${options.identity.identity_value}|${dayOf(now)}`,
  };
}
