/**
 * Which group a customer falls in: a bucket 0..99 from the MD5 of "<campaign key>:<customer id>"
 * (its first 32 bits modulo 100), placed against the groups' cumulative percents (A 50, B 30,
 * C 20: buckets 0-49, 50-79, 80-99). The same customer lands in the same group of a campaign
 * every time it is prepared, and differently across campaigns. The database computes it
 * (bucketSql) when it writes the recipients; bucketOf is the same rule in TypeScript, for tests.
 */
import { createHash } from "node:crypto";

export interface GroupShare {
  group_number: number;
  abc_audience_percent: number;
}

export function bucketOf(campaignKey: string, customerId: string): number {
  const hex = createHash("md5").update(`${campaignKey}:${customerId}`).digest("hex").slice(0, 8);
  return Number.parseInt(hex, 16) % 100;
}

/** SQL for the bucket of the customer id expression, with the campaign key as parameter $n. */
export function bucketSql(keyParam: number, customerId: string): string {
  return `((('x' || substr(md5($${keyParam}::text || ':' || ${customerId}), 1, 8))::bit(32)::bigint) % 100)::int`;
}

/** The group of a bucket: the first whose cumulative percent exceeds it. */
export function groupOf(groups: readonly GroupShare[], bucket: number): number {
  let upTo = 0;
  for (const g of groups) {
    upTo += g.abc_audience_percent;
    if (bucket < upTo) return g.group_number;
  }
  return groups.at(-1)?.group_number ?? 1;
}

/** SQL CASE choosing the group number of a bucket expression, groups inlined as integers. */
export function groupCaseSql(groups: readonly GroupShare[], bucket: string): string {
  let upTo = 0;
  const whens = groups.slice(0, -1).map((g) => {
    upTo += Math.trunc(g.abc_audience_percent);
    return `WHEN ${bucket} < ${upTo} THEN ${Math.trunc(g.group_number)}`;
  });
  const last = Math.trunc(groups.at(-1)?.group_number ?? 1);
  return whens.length ? `CASE ${whens.join(" ")} ELSE ${last} END` : `${last}`;
}
