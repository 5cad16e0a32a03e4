/**
 * The vocabulary of the touchpoint studio (spec 2.1, 2.4), with the choices the spec left open.
 * The rules' vocabulary (kinds, parameters, comparators, MAX_SLOTS) is lib/recommend/rule-constants.ts.
 */

export const TOUCHPOINT_TYPES = ["smart-recommender", "smart-search", "wheel-of-fortune"] as const;
export type TouchpointType = (typeof TOUCHPOINT_TYPES)[number];

/** Subtypes allowed per type. similar-/related-products subtypes take the item from the request. */
export const SUBTYPES: Record<TouchpointType, readonly string[]> = {
  "smart-recommender": ["carousel", "grid", "similar-products", "related-products"],
  "smart-search": ["search-bar"],
  "wheel-of-fortune": ["wheel-of-fortune"],
};

export const PREDEFINED_POSITIONS = [
  { position_name: "Home page carousel", position_description: "Carousel below the hero banner of the home page" },
  {
    position_name: "Product page: similar items",
    position_description: "Strip under the product detail, items like the one shown",
  },
  {
    position_name: "Cart cross-sell",
    position_description: "Suggestions in the shopping cart, bought together with its items",
  },
  { position_name: "Search bar", position_description: "Suggestions and results of the shop's search box" },
  { position_name: "Promotion wheel", position_description: "Wheel of fortune page reached from an SMS promotion" },
];
