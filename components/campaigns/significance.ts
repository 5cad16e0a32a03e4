/**
 * Which A/B/C group is ahead on click rate, and whether its lead over the runner-up is more than
 * chance: a two-proportion z-test (pooled standard error), two-sided, significant below p = 0.05.
 * With fewer than MIN_RECIPIENTS recipients in either group the test is not trusted ("not enough
 * data yet"). Control groups receive nothing, so they are the baseline and never the leader.
 */

export const ALPHA = 0.05;
export const MIN_RECIPIENTS = 30;

export interface Proportion {
  successes: number;
  trials: number;
}

export interface ZTest {
  z: number;
  /** Two-sided p-value. */
  p: number;
}

/** erf by Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-x * x));
}

export function normalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

/** z of a minus b, or undefined when it cannot be computed (no trials, or both rates 0 or both 1). */
export function twoProportionZTest(a: Proportion, b: Proportion): ZTest | undefined {
  if (a.trials <= 0 || b.trials <= 0) return undefined;
  const p1 = a.successes / a.trials;
  const p2 = b.successes / b.trials;
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  if (!(se > 0)) return undefined;
  const z = (p1 - p2) / se;
  return { z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}

export interface GroupOutcome {
  group_number: number;
  is_control: boolean;
  /** Recipients the rate is out of (delivered messages). */
  recipients: number;
  clicks: number;
}

export type Verdict =
  | { kind: "no_groups" }
  | { kind: "single"; leader: number }
  | { kind: "not_enough_data"; leader: number; runnerUp: number }
  | { kind: "tie"; leader: number; runnerUp: number }
  | { kind: "tested"; leader: number; runnerUp: number; z: number; p: number; significant: boolean };

const rate = (g: GroupOutcome) => (g.recipients > 0 ? g.clicks / g.recipients : 0);

/** The leader on click rate among the groups that got a message, against the runner-up. */
export function clickRateVerdict(groups: readonly GroupOutcome[]): Verdict {
  const ranked = groups
    .filter((g) => !g.is_control)
    .sort((x, y) => rate(y) - rate(x) || x.group_number - y.group_number);
  const [leader, runnerUp] = ranked;
  if (!leader) return { kind: "no_groups" };
  if (!runnerUp) return { kind: "single", leader: leader.group_number };
  const pair = { leader: leader.group_number, runnerUp: runnerUp.group_number };
  // The same rate (no clicks yet in either, most often) is no lead, however few the recipients.
  if (rate(leader) === rate(runnerUp)) return { kind: "tie", ...pair };
  if (leader.recipients < MIN_RECIPIENTS || runnerUp.recipients < MIN_RECIPIENTS) {
    return { kind: "not_enough_data", ...pair };
  }
  const test = twoProportionZTest(
    { successes: leader.clicks, trials: leader.recipients },
    { successes: runnerUp.clicks, trials: runnerUp.recipients },
  );
  if (!test) return { kind: "tie", ...pair };
  return { kind: "tested", ...pair, z: test.z, p: test.p, significant: test.p < ALPHA };
}
