/**
 * The delivery report (spec 2.8): per campaign, per group and per day, what became of the
 * messages of the campaign's sends whose occurrence falls in the period. Computed by two grouped
 * statements over campaign_messages and campaign_events (definitions in ./operations.ts).
 *
 * Delivered: a message with a delivered event (a provider's receipt; for an SMS or Viber provider
 * that sends none, the outbox, the event its hand-over recorded: ../sending/deliver.ts), or an
 * e-mail sent and not bounced or failed since (SMTP and the outbox alike: e-mail reports only its
 * failures, as DSNs).
 */
import { readDatabase } from "@/lib/db/replica";
import { env } from "@/lib/env";
import { SKIP_CONTENT_TAG } from "../schemas";
import { getCampaignSettings } from "../settings";
import { type ConversionRow, conversionOf, conversionRows, NO_CONVERSIONS, sumCounts } from "./attribution";
import type { TDeliveryReport, TMetrics } from "./schemas";

interface Counts {
  targeted: number;
  delivered: number;
  clicked: number;
  opened: number;
  unsubscribed: number;
  bounced: number;
  complained: number;
  skipped: number;
}

const ZERO: Counts = {
  targeted: 0,
  delivered: 0,
  clicked: 0,
  opened: 0,
  unsubscribed: 0,
  bounced: 0,
  complained: 0,
  skipped: 0,
};

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

/** Every percent is over targeted (percent_open and percent_clicked too, as the spec has them); the _of_delivered pair is over delivered. */
export function metricsOf(c: Counts): TMetrics {
  return {
    targeted: String(c.targeted),
    delivered: c.delivered,
    clicked: c.clicked,
    opened: c.opened,
    subscription: c.unsubscribed,
    bounce: c.bounced,
    complaint: c.complained,
    skipped: c.skipped,
    percent_delivered: percent(c.delivered, c.targeted),
    percent_clicked: percent(c.clicked, c.targeted),
    percent_open: percent(c.opened, c.targeted),
    percent_subscription: percent(c.unsubscribed, c.targeted),
    percent_bounce: percent(c.bounced, c.targeted),
    percent_complaint: percent(c.complained, c.targeted),
    percent_open_of_delivered: percent(c.opened, c.delivered),
    percent_clicked_of_delivered: percent(c.clicked, c.delivered),
  };
}

// $1 from, $2 to, $3 campaign keys (NULL: every campaign with sends in the period).
const SENDS = `
  s AS (
    SELECT send_id, campaign_key FROM campaign_sends
    WHERE occurrence_at >= $1 AND occurrence_at <= $2 AND ($3::text[] IS NULL OR campaign_key = ANY($3::text[]))
  ),
  e AS (
    SELECT e.send_id, e.customer_id, e.kind, MIN(e.at) AS at FROM campaign_events e JOIN s ON s.send_id = e.send_id
    GROUP BY e.send_id, e.customer_id, e.kind
  ),
  m AS (
    SELECT s.campaign_key, m.send_id, m.customer_id, m.group_number, m.sent_at,
      (m.channel = 'email' AND m.status = 'sent') AS email_sent, (m.status = 'skipped') AS skipped,
      BOOL_OR(e.kind = 'delivered') AS delivered, BOOL_OR(e.kind IN ('bounced', 'failed')) AS lost,
      BOOL_OR(e.kind = 'clicked') AS clicked, BOOL_OR(e.kind = 'opened') AS opened,
      BOOL_OR(e.kind = 'unsubscribed') AS unsubscribed, BOOL_OR(e.kind = 'bounced') AS bounced,
      BOOL_OR(e.kind = 'complained') AS complained
    FROM campaign_messages m JOIN s ON s.send_id = m.send_id
    LEFT JOIN e ON e.send_id = m.send_id AND e.customer_id = m.customer_id
    WHERE m.status <> 'control'
    GROUP BY s.campaign_key, m.send_id, m.customer_id, m.group_number, m.sent_at, m.channel, m.status
  )`;

const BY_GROUP = `WITH ${SENDS}
  SELECT campaign_key, group_number, COUNT(*)::int AS targeted,
    COUNT(*) FILTER (WHERE delivered OR (email_sent AND lost IS NOT TRUE))::int AS delivered,
    COUNT(*) FILTER (WHERE clicked)::int AS clicked, COUNT(*) FILTER (WHERE opened)::int AS opened,
    COUNT(*) FILTER (WHERE unsubscribed)::int AS unsubscribed, COUNT(*) FILTER (WHERE bounced)::int AS bounced,
    COUNT(*) FILTER (WHERE complained)::int AS complained, COUNT(*) FILTER (WHERE skipped)::int AS skipped
  FROM m GROUP BY campaign_key, group_number`;

// $4 the time zone of the dates. Delivered on the day of the receipt, or of sending for e-mail.
const TIMELINE = `WITH ${SENDS},
  d AS (
    SELECT m.campaign_key, m.group_number, m.send_id, m.customer_id, e.kind, e.at
    FROM m JOIN e ON e.send_id = m.send_id AND e.customer_id = m.customer_id
    WHERE e.kind IN ('opened', 'clicked') OR (e.kind = 'delivered')
    UNION ALL
    SELECT m.campaign_key, m.group_number, m.send_id, m.customer_id, 'delivered', m.sent_at
    FROM m WHERE m.email_sent AND m.delivered IS NOT TRUE AND m.lost IS NOT TRUE AND m.sent_at IS NOT NULL
  )
  SELECT campaign_key, group_number, to_char(at AT TIME ZONE $4, 'YYYY-MM-DD') AS date,
    COUNT(DISTINCT (send_id, customer_id)) FILTER (WHERE kind = 'delivered')::int AS delivered,
    COUNT(DISTINCT (send_id, customer_id)) FILTER (WHERE kind = 'opened')::int AS opened,
    COUNT(DISTINCT (send_id, customer_id)) FILTER (WHERE kind = 'clicked')::int AS clicked
  FROM d GROUP BY 1, 2, 3 ORDER BY 3, 2`;

interface GroupRow extends Counts {
  campaign_key: string;
  group_number: number;
}

export async function deliveryReport(opts: {
  from: Date;
  to: Date;
  campaignKeys?: string[];
}): Promise<TDeliveryReport> {
  // Counts over every message and event of the period: the read replica's work when there is one.
  const database = await readDatabase("delivery report");
  const params = [opts.from, opts.to, opts.campaignKeys ?? null];
  const rows = await database.sql.query<GroupRow>(BY_GROUP, params);
  const timeline = await database.sql.query<{
    campaign_key: string;
    group_number: number;
    date: string;
    delivered: number;
    opened: number;
    clicked: number;
  }>(TIMELINE, [...params, env().TIMEZONE]);
  const settings = await getCampaignSettings();
  const windowDays = settings.attribution_window_days;
  const conversions = await conversionRows(database.sql, {
    from: opts.from,
    to: opts.to,
    campaignKeys: opts.campaignKeys ?? null,
    windowDays,
  });
  const keys = [...new Set([...(opts.campaignKeys ?? []), ...rows.map((r) => r.campaign_key)])];
  if (keys.length === 0) return { campaigns: [] };
  const campaigns = await database.sql.query<{
    campaign_key: string;
    campaign_name: string;
    groups: { group_number: number; campaign_id: string; abc_audience_percent: number; tags: unknown }[];
  }>(
    `SELECT c.campaign_key, c.campaign_name,
       COALESCE(json_agg(json_build_object('group_number', g.group_number, 'campaign_id', g.campaign_id,
         'abc_audience_percent', g.abc_audience_percent, 'tags', g.tags) ORDER BY g.group_number)
         FILTER (WHERE g.campaign_key IS NOT NULL), '[]') AS groups
     FROM campaigns c LEFT JOIN campaign_groups g ON g.campaign_key = c.campaign_key
     WHERE c.campaign_key = ANY($1::text[])
     GROUP BY c.campaign_key, c.campaign_name ORDER BY MIN(c.date_created), c.campaign_key`,
    [keys],
  );
  return {
    campaigns: campaigns.map((c) => {
      const mine = rows.filter((r) => r.campaign_key === c.campaign_key);
      const total = { ...ZERO };
      for (const r of mine) for (const k of Object.keys(ZERO) as (keyof Counts)[]) total[k] += r[k];
      const isControl = (g: { tags: unknown }) => Array.isArray(g.tags) && g.tags.includes(SKIP_CONTENT_TAG);
      const counted = (n: number): ConversionRow | undefined =>
        conversions.find((r) => r.campaign_key === c.campaign_key && r.group_number === n);
      const controlGroups = c.groups.filter(isControl);
      const control = controlGroups.length
        ? sumCounts(controlGroups.map((g) => counted(g.group_number) ?? NO_CONVERSIONS))
        : undefined;
      const messaged = sumCounts(
        c.groups.filter((g) => !isControl(g)).map((g) => counted(g.group_number) ?? NO_CONVERSIONS),
      );
      return {
        campaign_name: c.campaign_name,
        campaign_id: c.groups[0]?.campaign_id ?? "",
        metrics: metricsOf(total),
        attribution_window_days: windowDays,
        conversion: conversionOf(messaged, control),
        groups: c.groups.map((g) => ({
          group_number: g.group_number,
          campaign_id: g.campaign_id,
          abc_audience_percent: g.abc_audience_percent,
          is_control: isControl(g),
          metrics: metricsOf(mine.find((r) => r.group_number === g.group_number) ?? ZERO),
          conversion: conversionOf(counted(g.group_number) ?? NO_CONVERSIONS, isControl(g) ? undefined : control),
        })),
        timeline: timeline
          .filter((t) => t.campaign_key === c.campaign_key)
          .map((t) => ({
            date: t.date,
            group_number: t.group_number,
            delivered: t.delivered,
            opened: t.opened,
            clicked: t.clicked,
          })),
      };
    }),
  };
}
