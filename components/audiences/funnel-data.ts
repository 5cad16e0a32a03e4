/**
 * The audience funnel as the chart draws it: one bar per filter, each as wide as the customers
 * left after it (count_now) out of all customers, so the bars narrow filter by filter, with what
 * the step kept of the one before (filtered_percentage, as the API gives it) and of everyone.
 */

export interface FunnelCount {
  count_before: number | null;
  count_now: number | null;
  filtered_percentage: string | null;
}

export interface FunnelBar {
  label: string;
  before: number;
  now: number;
  /** What the step kept of the step before, "75.00" (the API's filtered_percentage). */
  ofPrevious: string;
  /** What is left of all customers, "12.50". */
  ofAll: string;
  /** The bar's width in percent of the widest (all customers), 0..100. */
  width: number;
}

const share = (part: number, whole: number) => (whole > 0 ? ((part / whole) * 100).toFixed(2) : "0.00");

export function funnelBars(total: number, steps: readonly FunnelCount[], labels: readonly string[]): FunnelBar[] {
  return steps.map((s, k) => {
    const before = s.count_before ?? 0;
    const now = s.count_now ?? 0;
    return {
      label: labels[k] ?? String(k + 1),
      before,
      now,
      ofPrevious: s.filtered_percentage ?? share(now, before),
      ofAll: share(now, total),
      width: total > 0 ? Math.min(100, (now / total) * 100) : 0,
    };
  });
}

/**
 * The band joining a bar of width `top` to the next of width `bottom` (both centred), as a CSS
 * clip-path: the funnel's narrowing between two filters.
 */
export function narrowing(top: number, bottom: number): string {
  const l = (w: number) => `${((100 - w) / 2).toFixed(2)}%`;
  const r = (w: number) => `${((100 + w) / 2).toFixed(2)}%`;
  return `polygon(${l(top)} 0, ${r(top)} 0, ${r(bottom)} 100%, ${l(bottom)} 100%)`;
}
