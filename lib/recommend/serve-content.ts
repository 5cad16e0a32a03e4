/**
 * Content of a smart-recommender or wheel-of-fortune touchpoint for one identity (spec 2.5, 4.3):
 * pick the strategy (additional strategies by priority, the first whose segments hold the
 * visitor; else the default), fill its slots from the calculated rule lists, then describe items.
 */
import { ALL_CUSTOMERS } from "@/lib/data/segments";
import type { Strategy } from "@/lib/db/generated/client";
import { conflict } from "@/lib/http/errors";
import { type Filled, fillSlots } from "./fill-slots";
import { type Identity, resolveIdentity } from "./identity";
import { recordImpression } from "./impressions";
import { itemView, type TItemView } from "./item-view";
import { rulesOf, type ServingState, servingState } from "./serving-state";

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

/** Fills the slots of one strategy from a loaded serving state (also used by the calculation). */
export function fillFromState(state: ServingState, strategy: Strategy, seed: string): Filled[] {
  return fillSlots({
    slots: state.touchpoint.number_of_positions,
    rules: rulesOf(strategy),
    candidates: state.candidates.get(strategy.strategy_id) ?? new Map(),
    fallback: [...state.fallback, ...state.extras],
    isEligible: (id) => state.items.has(id),
    seed,
  });
}

export async function serveContent(options: {
  touchpointId: string;
  identityValue: string | null;
  identityType: string | null;
  preview?: boolean;
  now?: Date;
}): Promise<Content> {
  const state = await servingState(options.touchpointId);
  const { touchpoint } = state;
  if (touchpoint.touchpoint_type === "smart-search") {
    throw conflict("This is a smart-search touchpoint: ask its content with ?term=...", "wrong_touchpoint_type");
  }
  if (!touchpoint.is_ready) {
    throw conflict(
      `Touchpoint ${touchpoint.touchpoint_id} is not ready${touchpoint.is_calculating ? ": it is being calculated" : ": activate it (is_active true) to calculate it"}.`,
      "not_ready",
    );
  }
  const identity: Identity = await resolveIdentity(options.identityValue, options.identityType);
  const strategy = chooseStrategy(state.defaultStrategy, state.additional, identity.segment_id);
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  const filled = fillFromState(state, strategy, `${identity.identity_value}|${day}`);
  if (!options.preview) recordImpression(touchpoint.touchpoint_id);
  return {
    touchpoint_id: options.preview ? `${touchpoint.touchpoint_id}-default` : touchpoint.touchpoint_id,
    touchpoint_type: touchpoint.touchpoint_type,
    identity_type: identity.identity_type,
    identity_value: identity.identity_value,
    content: filled.map((f) => ({
      position: f.position,
      item: itemView(state.items.get(f.item_id)!, touchpoint),
      filled_by: {
        rule_index: f.rule_index,
        rule_type: f.rule_type,
        is_fallback: f.is_fallback,
        strategy_id: strategy.strategy_id,
      },
    })),
  };
}
