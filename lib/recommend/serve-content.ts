/**
 * Content of a smart-recommender or wheel-of-fortune touchpoint for one identity (spec 2.5, 4.3):
 * pick the strategy (additional strategies by priority, the first whose segments hold the
 * visitor; else the default), fill its slots from the calculated rule lists, then describe items.
 */

import { ALL_CUSTOMERS } from "@/lib/data/segments";
import { db } from "@/lib/db/client";
import type { Strategy, Touchpoint } from "@/lib/db/generated/client";
import { conflict, notFound } from "@/lib/http/errors";
import { FALLBACK_KEY } from "@/lib/touchpoints/calculate-touchpoint";
import type { TRule } from "@/lib/touchpoints/schemas";
import { type Filled, fillSlots, servingOrder } from "./fill-slots";
import { type Identity, resolveIdentity } from "./identity";
import { recordImpression } from "./impressions";
import { ELIGIBLE } from "./item-filter";
import { itemView, type TItemView } from "./item-view";

export interface ContentEntry {
  position: number;
  item: TItemView;
  /** Which rule filled the slot, or that the fallback did (not in the spec; for previews and debugging). */
  filled_by: { rule_index: number | null; rule_type: string | null; is_fallback: boolean; strategy_id: string };
}

export interface Content {
  touchpoint_id: string;
  touchpoint_type: string;
  identity_type: string;
  identity_value: string;
  content: ContentEntry[];
}

export function chooseStrategy(
  defaultStrategy: Strategy,
  additional: Strategy[],
  segmentId: string | undefined,
): Strategy {
  for (const s of additional) {
    if (s.segments.includes(ALL_CUSTOMERS) || (segmentId && s.segments.includes(segmentId))) return s;
  }
  return defaultStrategy;
}

async function loadTouchpoint(id: string) {
  const prisma = await db();
  const touchpoint = await prisma.touchpoint.findUnique({ where: { touchpoint_id: id } });
  if (!touchpoint) throw notFound(`No touchpoint has id ${id}.`);
  if (touchpoint.touchpoint_type === "smart-search") {
    throw conflict("This is a smart-search touchpoint: ask its content with ?term=...", "wrong_touchpoint_type");
  }
  if (!touchpoint.is_ready) {
    throw conflict(
      `Touchpoint ${id} is not ready${touchpoint.is_calculating ? ": it is being calculated" : ": activate it (is_active true) to calculate it"}.`,
      "not_ready",
    );
  }
  const ids = [touchpoint.default_strategy, ...touchpoint.strategies];
  const strategies = await prisma.strategy.findMany({ where: { strategy_id: { in: ids } } });
  const byId = new Map(strategies.map((s) => [s.strategy_id, s]));
  const defaultStrategy = byId.get(touchpoint.default_strategy);
  if (!defaultStrategy)
    throw conflict(`The default strategy of touchpoint ${id} no longer exists.`, "broken_reference");
  const additional = touchpoint.strategies.map((s) => byId.get(s)).filter((s): s is Strategy => !!s);
  return { touchpoint, defaultStrategy, additional };
}

export async function fillForStrategy(options: {
  touchpoint: Touchpoint;
  strategy: Strategy;
  seed: string;
  /** Only items of the catalog as it is now: re-checked at serving time. */
}): Promise<{ filled: Filled[]; items: Map<string, Parameters<typeof itemView>[0]> }> {
  const prisma = await db();
  const rules = options.strategy.rules as TRule[];
  const results = await prisma.ruleResult.findMany({
    where: { OR: [{ strategy_id: options.strategy.strategy_id }, { strategy_id: FALLBACK_KEY }] },
  });
  const candidates = new Map<number, string[]>();
  let fallback: string[] = [];
  for (const r of results) {
    if (r.strategy_id === FALLBACK_KEY) fallback = r.item_ids;
    else candidates.set(r.rule_index, r.item_ids);
  }
  // Enough of each list to survive items that became ineligible since the calculation.
  const slots = options.touchpoint.number_of_positions;
  const wanted = new Set<string>();
  for (const [r, ids] of candidates) {
    const rule = rules[r];
    if (!rule) continue;
    for (const id of servingOrder(rule, r, ids, options.seed).slice(0, slots * 4 + 10)) wanted.add(id);
  }
  for (const id of fallback.slice(0, slots * 4 + 10)) wanted.add(id);
  const eligible = await prisma.$queryRawUnsafe<Parameters<typeof itemView>[0][]>(
    `SELECT i.* FROM items i WHERE i.item_id = ANY($1::text[]) AND ${ELIGIBLE}`,
    [...wanted],
  );
  const items = new Map(eligible.map((i) => [i.item_id, i]));
  let filled = fillSlots({ slots, rules, candidates, fallback, isEligible: (id) => items.has(id), seed: options.seed });
  if (filled.length < slots) {
    // Last resort: random eligible items of the catalog (stable for the seed).
    const extra = await prisma.$queryRawUnsafe<Parameters<typeof itemView>[0][]>(
      `SELECT i.* FROM items i WHERE ${ELIGIBLE} AND NOT (i.item_id = ANY($1::text[]))
       ORDER BY md5(i.item_id || $2) LIMIT $3`,
      [filled.map((f) => f.item_id), options.seed, slots - filled.length + 5],
    );
    for (const i of extra) items.set(i.item_id, i);
    filled = fillSlots({
      slots,
      rules,
      candidates,
      fallback: [...fallback, ...extra.map((i) => i.item_id)],
      isEligible: (id) => items.has(id),
      seed: options.seed,
    });
  }
  return { filled, items };
}

export async function serveContent(options: {
  touchpointId: string;
  identityValue: string | null;
  identityType: string | null;
  preview?: boolean;
  now?: Date;
}): Promise<Content> {
  const { touchpoint, defaultStrategy, additional } = await loadTouchpoint(options.touchpointId);
  const identity: Identity = await resolveIdentity(options.identityValue, options.identityType);
  const strategy = chooseStrategy(defaultStrategy, additional, identity.segment_id);
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  const { filled, items } = await fillForStrategy({
    touchpoint,
    strategy,
    seed: `${identity.identity_value}|${day}`,
  });
  if (!options.preview) recordImpression(touchpoint.touchpoint_id);
  return {
    touchpoint_id: options.preview ? `${touchpoint.touchpoint_id}-default` : touchpoint.touchpoint_id,
    touchpoint_type: touchpoint.touchpoint_type,
    identity_type: identity.identity_type,
    identity_value: identity.identity_value,
    content: filled.map((f) => ({
      position: f.position,
      item: itemView(items.get(f.item_id)!, touchpoint),
      filled_by: {
        rule_index: f.rule_index,
        rule_type: f.rule_type,
        is_fallback: f.is_fallback,
        strategy_id: strategy.strategy_id,
      },
    })),
  };
}
