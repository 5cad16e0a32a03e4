/**
 * Uplift of a group's conversion rate over the control group's: the difference of two
 * proportions with a 95% confidence interval by Newcombe's hybrid score method (Newcombe 1998,
 * method 10: the two Wilson score intervals combined). Unlike the Wald interval it stays inside
 * [-1, 1] and keeps its coverage with the small counts and rates near 0 a campaign's first days
 * give (Wald with 1 conversion of 10 has an interval reaching below a rate of 0).
 */

/** z of a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval of x successes in n trials (n > 0). */
export function wilson(x: number, n: number, z = Z95): Interval {
  const p = x / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface Difference extends Interval {
  /** p1 - p2 */
  difference: number;
}

/**
 * p1 - p2 (x1 of n1 against x2 of n2) with its Newcombe hybrid score interval; undefined when a
 * side has no trials.
 */
export function newcombeDifference(x1: number, n1: number, x2: number, n2: number, z = Z95): Difference | undefined {
  if (n1 <= 0 || n2 <= 0) return undefined;
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const a = wilson(x1, n1, z);
  const b = wilson(x2, n2, z);
  const difference = p1 - p2;
  return {
    difference,
    low: difference - Math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2),
    high: difference + Math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2),
  };
}
