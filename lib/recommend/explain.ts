/**
 * A placed item's evidence in words a marketer can read (previews): which items of the visitor
 * (or which product) led to it and how strongly the shop's data says so.
 */
import type { Evidence } from "./engine/recommend";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const ago = (days: number) => (days <= 0 ? "today" : days === 1 ? "yesterday" : `${days} days ago`);

export function explain(evidence: Evidence | undefined, name: (itemNo: number) => string): string | undefined {
  if (!evidence) return undefined;
  switch (evidence.type) {
    case "neighbour": {
      const anchor = name(evidence.anchor);
      const when = evidence.anchorDays !== undefined ? ` (${ago(evidence.anchorDays)})` : "";
      switch (evidence.model) {
        case "related":
          return `bought together with ${anchor}${when} in ${plural(evidence.support, "order")}`;
        case "relatedAll":
          return `viewed or bought in the same visit as ${anchor}${when} in ${plural(evidence.support, "session")}`;
        case "transitions":
          return `after ${anchor}${when}, ${plural(evidence.support, "visitor")} went on to this next`;
        case "similar":
          return `close to ${anchor}${when} in category, attributes and price`;
        case "similarText":
          return `described like ${anchor}${when}`;
        default: {
          const who = evidence.model === "community" ? "bought" : "bought or viewed";
          if (evidence.second !== undefined) {
            return `customers who ${who} ${anchor}${when} and ${name(evidence.second)} also ${who} this`;
          }
          return `${plural(evidence.support, "customer")} who ${who} ${anchor}${when} also ${who} this`;
        }
      }
    }
    case "due":
      return `bought ${ago(evidence.daysAgo)}; ${evidence.personal ? "this customer buys it again" : "it is usually bought again"} every ${plural(evidence.intervalDays, "day")}`;
    case "season":
      return `sells at this time of year: ${plural(evidence.visitors, "buyer")} in these weeks`;
    case "words":
      return `matches words of this customer's items: ${evidence.terms.join(", ")}`;
    case "affinity": {
      const [field, value] = evidence.feature.split("=");
      return `on the leaflet; this customer often picks ${field?.replace(/_/g, " ")} ${value} (${plural(evidence.items, "item")})`;
    }
  }
}
