/**
 * A placed item's evidence in words a marketer can read (previews): which items of the visitor
 * (or which product) led to it, with their share of the score, and the counts behind it. Every
 * number shown is a count from the shop's data (orders, customers, sessions, days) or a share of
 * the score; nothing is claimed that the evidence does not hold (e.g. no "bought A and B" unless
 * somebody bought both: each anchor's count is said separately).
 */
import type { Evidence } from "./engine/recommend";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const ago = (days: number) => (days <= 0 ? "today" : days === 1 ? "yesterday" : `${days} days ago`);
const percent = (share: number) => `${Math.round(Math.min(1, share) * 100)}% of the score`;

type Neighbour = Extract<Evidence, { type: "neighbour" }>;

/**
 * What the anchor and the item share, in the model's own terms: `support` counts its baskets
 * (orders, sessions, customers holding both), `when` is when this visitor had the anchor.
 */
function link(model: Neighbour["model"], anchor: string, support: number, when = ""): string {
  switch (model) {
    case "related":
      return `bought together with ${anchor}${when} in ${plural(support, "order")}`;
    case "relatedAll":
      return `viewed or bought in the same visit as ${anchor}${when} in ${plural(support, "session")}`;
    case "transitions":
      return `${plural(support, "time")} a visit with ${anchor}${when} was followed by a visit with this`;
    case "similar":
      return `close to ${anchor}${when} in category, attributes and price`;
    case "similarText":
      return `described like ${anchor}${when}`;
    case "community":
      return `${plural(support, "customer")} who bought ${anchor}${when} also bought this`;
    case "communityAll":
      return `${plural(support, "visitor")} who bought or viewed ${anchor}${when} also bought or viewed this`;
  }
}

/** The anchor that gave most, then the second (each with its own count and share of the score). */
function neighbour(e: Neighbour, name: (itemNo: number) => string): string {
  const when = e.anchorDays !== undefined ? ` (${ago(e.anchorDays)})` : "";
  const first = link(e.model, name(e.anchor), e.support, when);
  if (!e.second) return e.share < 0.995 ? `${first}, ${percent(e.share)}` : first;
  return `${first}, ${percent(e.share)}; ${link(e.model, name(e.second.anchor), e.second.support)}, ${percent(e.second.share)}`;
}

function repurchase(e: Extract<Evidence, { type: "due" }>): string {
  const bought = e.times === 1 ? `bought once, ${ago(e.daysAgo)}` : `bought on ${e.times} days, last ${ago(e.daysAgo)}`;
  if (!e.personal) return `${bought}; across customers it is bought again about every ${plural(e.intervalDays, "day")}`;
  const rhythm = `this customer buys it about every ${plural(e.intervalDays, "day")}`;
  return `${bought}; ${rhythm}, ${e.due ? "so it is due again" : "not due yet"}`;
}

export function explain(evidence: Evidence | undefined, name: (itemNo: number) => string): string | undefined {
  if (!evidence) return undefined;
  switch (evidence.type) {
    case "neighbour":
      return neighbour(evidence, name);
    case "due":
      return repurchase(evidence);
    case "season":
      return `sells at this time of year: ${plural(evidence.visitors, evidence.purchases ? "buyer" : "visitor")} in these weeks of past years (counted once a week)`;
    case "words":
      return `matches words of this customer's items: ${evidence.terms.join(", ")}`;
    case "affinity": {
      const [field, value] = evidence.feature.split("=");
      return `on the leaflet; ${plural(evidence.items, "item")} this customer picked have ${field?.replace(/_/g, " ")} ${value}`;
    }
  }
}
