/**
 * What besides the text orders search results: popularity (units bought and clicks on search
 * results in the last 90 days) and availability. The boost multiplies an item's relevance; it
 * is capped so popularity re-orders items of similar relevance but never lifts a poor match
 * over a good one (at most +25%).
 */
export interface Popularity {
  purchases: number;
  searchClicks: number;
}

export const POPULARITY_WINDOW_DAYS = 90;
export const MAX_POPULARITY_GAIN = 0.25;
/** Tracked stock below this counts as low: such items give way to well-stocked ones. */
export const LOW_STOCK = 3;
export const LOW_STOCK_FACTOR = 0.9;

export function itemBoost(stock: number | null, popularity: Popularity | undefined): number {
  const gain = popularity
    ? Math.min(
        MAX_POPULARITY_GAIN,
        0.04 * Math.log1p(popularity.purchases) + 0.08 * Math.log1p(popularity.searchClicks),
      )
    : 0;
  const availability = stock !== null && stock < LOW_STOCK ? LOW_STOCK_FACTOR : 1;
  return (1 + gain) * availability;
}
