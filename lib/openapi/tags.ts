/** The document's tags (every operation's `tag` must be one: tests/unit check it), in reading order. */
export const TAGS: { name: string; description: string }[] = [
  {
    name: "Authentication",
    description: "Tokens (password and client_credentials grants), who am I, revoking a token.",
  },
  {
    name: "Touchpoint studio",
    description: "Positions, strategies and their rules, touchpoints and the content they serve to a shop's pages.",
  },
  {
    name: "Smart search",
    description: "The catalog search's synonyms and report (the search itself is a smart-search touchpoint's content).",
  },
  { name: "Recommendation models", description: "Building the recommendation models and their history." },
  {
    name: "Customer studio",
    description: "Audiences (filter funnels over customers), their customers, estimates and exports.",
  },
  {
    name: "Campaign studio",
    description:
      "Campaigns over e-mail, SMS and Viber: create, approve, send, report; templates, settings and suppressions.",
  },
  { name: "Messaging", description: "The outbox and the delivery providers' status webhooks." },
  { name: "Data intake", description: "Bulk intake of items, customers, events and discounts, and reading them back." },
  { name: "Tracking", description: "Events sent by a shop's pages (the tracking snippet)." },
  { name: "Settings", description: "Users, API clients and their keys, the audit log." },
  { name: "System", description: "Health and background work." },
  { name: "Reference", description: "This document." },
];
