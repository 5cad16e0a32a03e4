/**
 * How many of an audience a campaign would reach if it were prepared now: the same audience
 * condition, channel rules and frequency cap as ./sending/prepare.ts, counted without writing.
 */
import { now } from "@/lib/clock";
import { guardedQuery } from "@/lib/db/guarded-query";
import { readDatabase } from "@/lib/db/replica";
import type { TAudienceEstimate } from "./preview";
import type { ChannelType } from "./schemas";
import { channelRule, exclusionSql } from "./sending/channel-rules";
import { audienceSql } from "./sending/prepare";
import { getCampaignSettings } from "./settings";

export async function estimateAudience(opts: {
  channelType: ChannelType;
  audiencesType: string;
  audiences: string[];
}): Promise<TAudienceEstimate> {
  const audience = await audienceSql(opts.audiencesType, opts.audiences, false);
  const settings = await getCampaignSettings();
  const rule = channelRule(opts.channelType);
  const since = new Date(now().getTime() - settings.frequency_cap_days * 24 * 60 * 60 * 1000);
  const p = audience.params.length;
  const exclusion = exclusionSql({ channel: `$${p + 1}`, cap: `$${p + 2}`, since: `$${p + 3}` });
  const [row] = await guardedQuery(
    (sql) =>
      sql.query<Omit<TAudienceEstimate, "reachable">>(
        `WITH a AS (
       SELECT c.customer_id, ${rule.consent} AS consent, ${rule.address} AS address
       FROM customers c WHERE ${audience.where}
     ),
     k AS (SELECT ${exclusion.excluded} AS excluded FROM ${exclusion.from})
     SELECT COUNT(*)::int AS audience,
            COUNT(*) FILTER (WHERE excluded = 'no_consent')::int AS excluded_no_consent,
            COUNT(*) FILTER (WHERE excluded = 'no_address')::int AS excluded_no_address,
            COUNT(*) FILTER (WHERE excluded = 'capped')::int AS excluded_frequency_cap
     FROM k`,
        [...audience.params, opts.channelType, settings.frequency_cap_messages, since],
      ),
    { label: "campaign audience estimate", database: await readDatabase("campaign audience estimate") },
  );
  const counts = row ?? { audience: 0, excluded_no_consent: 0, excluded_no_address: 0, excluded_frequency_cap: 0 };
  return {
    ...counts,
    reachable:
      counts.audience - counts.excluded_no_consent - counts.excluded_no_address - counts.excluded_frequency_cap,
  };
}
