/**
 * Conversions of the delivery report: a recipient converts when it has a purchase event within
 * the attribution window (setting attribution_window_days) after its reference time, and the
 * revenue is those purchases' quantity x price.
 *
 * The reference time of a recipient whose message went out is its delivery: the first delivered
 * receipt, else (e-mail: SMTP gives no receipt) the time it was sent. Everyone else of the group,
 * the control group's members above all, gets the group's send time: the send's start, or the
 * group's own time in that occurrence when it is later (its send_promotion_time, else its
 * start_time, as an offset from the campaign's first start, added to the occurrence). Every member of a group counts in its
 * denominator whether its message went out or not (intention to treat): the control group holds
 * customers who would have bounced or been skipped too, so leaving them out on one side only
 * would flatter the campaign.
 */
import type { SqlRunner } from "@/lib/db/client";
import type { TConversion } from "./schemas";
import { newcombeDifference } from "./uplift";

export interface ConversionCounts {
  recipients: number;
  conversions: number;
  revenue: number;
}

export interface ConversionRow extends ConversionCounts {
  campaign_key: string;
  group_number: number;
}

// $1 from, $2 to, $3 campaign keys (as the report's sends), $4 window in days.
const CONVERSIONS = `
  WITH s AS (
    SELECT cs.send_id, cs.campaign_key, cs.occurrence_at, COALESCE(cs.date_started, cs.occurrence_at) AS started,
      c.start_time AS campaign_start
    FROM campaign_sends cs JOIN campaigns c ON c.campaign_key = cs.campaign_key
    WHERE cs.occurrence_at >= $1 AND cs.occurrence_at <= $2 AND ($3::text[] IS NULL OR cs.campaign_key = ANY($3::text[]))
  ),
  d AS (
    SELECT e.send_id, e.customer_id, MIN(e.at) AS at FROM campaign_events e JOIN s ON s.send_id = e.send_id
    WHERE e.kind = 'delivered' GROUP BY e.send_id, e.customer_id
  ),
  r AS (
    SELECT s.campaign_key, m.group_number, m.send_id, m.customer_id,
      COALESCE(d.at, CASE WHEN m.status = 'sent' THEN m.sent_at END,
        GREATEST(s.started, s.occurrence_at + (COALESCE(g.send_promotion_time, g.start_time) - s.campaign_start))) AS ref
    FROM campaign_messages m JOIN s ON s.send_id = m.send_id
    JOIN campaign_groups g ON g.campaign_key = s.campaign_key AND g.group_number = m.group_number
    LEFT JOIN d ON d.send_id = m.send_id AND d.customer_id = m.customer_id
  ),
  p AS (
    SELECT r.campaign_key, r.group_number, r.send_id, r.customer_id, COUNT(ev.id) AS purchases,
      COALESCE(SUM(ev.quantity * ev.price), 0) AS revenue
    FROM r LEFT JOIN events ev ON ev.customer_id = r.customer_id AND ev.event_type = 'purchase'
      AND ev.timestamp > r.ref AND ev.timestamp <= r.ref + make_interval(days => $4::int)
    GROUP BY r.campaign_key, r.group_number, r.send_id, r.customer_id
  )
  SELECT campaign_key, group_number, COUNT(*)::int AS recipients,
    (COUNT(*) FILTER (WHERE purchases > 0))::int AS conversions, SUM(revenue)::float8 AS revenue
  FROM p GROUP BY campaign_key, group_number`;

export async function conversionRows(
  sql: SqlRunner,
  opts: { from: Date; to: Date; campaignKeys: string[] | null; windowDays: number },
): Promise<ConversionRow[]> {
  const rows = await sql.query<ConversionRow>(CONVERSIONS, [opts.from, opts.to, opts.campaignKeys, opts.windowDays]);
  return rows.map((r) => ({ ...r, revenue: Number(r.revenue) }));
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export const NO_CONVERSIONS: ConversionCounts = { recipients: 0, conversions: 0, revenue: 0 };

export function sumCounts(rows: readonly ConversionCounts[]): ConversionCounts {
  return rows.reduce(
    (t, r) => ({
      recipients: t.recipients + r.recipients,
      conversions: t.conversions + r.conversions,
      revenue: t.revenue + r.revenue,
    }),
    { ...NO_CONVERSIONS },
  );
}

/** The figures of `c`, with its uplift over `control` (none: no control group to compare with). */
export function conversionOf(c: ConversionCounts, control?: ConversionCounts): TConversion {
  const d = control
    ? newcombeDifference(c.conversions, c.recipients, control.conversions, control.recipients)
    : undefined;
  return {
    recipients: c.recipients,
    conversions: c.conversions,
    conversion_rate: c.recipients > 0 ? round2((c.conversions / c.recipients) * 100) : 0,
    revenue: round2(c.revenue),
    revenue_per_recipient: c.recipients > 0 ? round2(c.revenue / c.recipients) : 0,
    uplift: d
      ? {
          difference: round2(d.difference * 100),
          ci_low: round2(d.low * 100),
          ci_high: round2(d.high * 100),
          method: "newcombe",
          significant: d.low > 0 || d.high < 0,
        }
      : null,
  };
}
