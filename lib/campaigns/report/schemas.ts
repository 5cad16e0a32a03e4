/**
 * The delivery report's shape (spec 2.8 plus groups and a timeline): the response schema of
 * ./operations.ts and the one source of the report's types, on the server (./delivery-report.ts)
 * and on the report page (components/campaigns/report-data.ts). Zod only, so the browser may
 * import it.
 */
import { z } from "zod";

export const ZMetrics = z.object({
  targeted: z.string().regex(/^\d+$/),
  delivered: z.number().int(),
  clicked: z.number().int(),
  opened: z.number().int(),
  subscription: z.number().int(),
  bounce: z.number().int(),
  complaint: z.number().int(),
  skipped: z
    .number()
    .int()
    .describe(
      "Messages not sent because at send time the customer was deleted, the address suppressed or the consent withdrawn (counted in targeted)",
    ),
  percent_delivered: z.number(),
  percent_clicked: z.number(),
  percent_open: z.number(),
  percent_subscription: z.number(),
  percent_bounce: z.number(),
  percent_complaint: z.number(),
});

export const ZDeliveryReport = z.object({
  campaigns: z.array(
    z.object({
      campaign_name: z.string(),
      campaign_id: z.string().describe("The campaign's first group's id (any group's id names the campaign)"),
      metrics: ZMetrics,
      groups: z.array(
        z.object({
          group_number: z.number().int(),
          campaign_id: z.string(),
          abc_audience_percent: z.number().int(),
          is_control: z.boolean(),
          metrics: ZMetrics,
        }),
      ),
      timeline: z.array(
        z.object({
          date: z.string().describe("YYYY-MM-DD in the service's TIMEZONE"),
          group_number: z.number().int(),
          delivered: z.number().int(),
          opened: z.number().int(),
          clicked: z.number().int(),
        }),
      ),
    }),
  ),
});

export type TMetrics = z.infer<typeof ZMetrics>;
export type TDeliveryReport = z.infer<typeof ZDeliveryReport>;
export type TCampaignReport = TDeliveryReport["campaigns"][number];
export type TReportGroup = TCampaignReport["groups"][number];
export type TReportTimelinePoint = TCampaignReport["timeline"][number];
