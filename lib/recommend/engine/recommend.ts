/**
 * A learned kind's ranked items for one visitor or product, from the models (./models.ts), with
 * the evidence of each (lib/recommend/explain.ts turns it into words). Synchronous and
 * allocation-light: it runs on the content route's hot path. Each family's scoring reads in one
 * file of ./kinds (community, history and next-gen, similar and related, time-based, description,
 * leaflet); what they share (the ask, anchors, skips, picks) is in ./ask.ts, the neighbour scoring
 * most of them use in ./neighbour-picks.ts. This file only dispatches.
 */
import { LEARNED_RULE_TYPES } from "../rule-constants";
import { type Ask, type Pick, skipFor } from "./ask";
import { community, isCommunityKind, listedCommunity } from "./kinds/community";
import { described } from "./kinds/description";
import { historyBased, nextGen } from "./kinds/history";
import { leaflet } from "./kinds/leaflet";
import { isSimilarKind, similar } from "./kinds/similar";
import { timeBased } from "./kinds/time-based";
import type { Models } from "./models";

export type { Ask, Evidence, LearnedKind, LiveInteraction, NeighbourModel, Pick } from "./ask";
export { HISTORY_HALF_LIFE_DAYS, LATEST_SESSION_BOOST } from "./kinds/history";
export { repurchaseScore } from "./kinds/time-based";
export { servingParameters } from "./neighbour-picks";

export const LEARNED_KINDS = LEARNED_RULE_TYPES;

/** The kind's best ask.limit items, scored now from the models (and the ask's live items). */
export function recommend(m: Models, ask: Ask): Pick[] {
  const skip = skipFor(m, ask);
  try {
    const kind = ask.kind;
    if (isCommunityKind(kind)) return community(m, ask, skip, kind);
    if (isSimilarKind(kind)) return similar(m, ask, skip, kind);
    switch (kind) {
      case "history-based":
      case "history-based-interactions":
        return historyBased(m, ask, skip, kind === "history-based-interactions");
      case "ai-next-gen":
        return nextGen(m, ask, skip);
      case "time-based":
      case "time-based-interactions":
        return timeBased(m, ask, skip, kind === "time-based-interactions");
      case "ai-description-based":
        return described(m, ask, skip);
      case "ai-attribute-based-leaflet":
        return leaflet(m, ask, skip);
      default:
        return [];
    }
  } finally {
    skip.release();
  }
}

/**
 * What serving places, in order: the same items as recommend(), from the build's precomputed
 * lists where they answer exactly (./kinds/community.ts), the picks made only as they are read.
 */
export function servedPicks(m: Models, ask: Ask): Iterable<Pick> {
  return listedCommunity(m, ask) ?? recommend(m, ask);
}
