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
  percent_open_of_delivered: z.number().describe("opened / delivered x 100 (0 when nothing was delivered)"),
  percent_clicked_of_delivered: z.number().describe("clicked / delivered x 100 (0 when nothing was delivered)"),
});

export const ZUplift = z
  .object({
    difference: z.number().describe("This conversion rate minus the control group's, in percentage points"),
    ci_low: z.number().describe("Lower bound of the 95% confidence interval of the difference, percentage points"),
    ci_high: z.number().describe("Upper bound of the 95% confidence interval of the difference, percentage points"),
    method: z.literal("newcombe").describe("Newcombe's hybrid score interval (1998, method 10)"),
    significant: z.boolean().describe("The interval excludes 0"),
  })
  .describe("Uplift over the control group (null without a control group or without recipients on either side)");

export const ZConversion = z.object({
  recipients: z
    .number()
    .int()
    .describe(
      "The group's members in the sends counted, whether their message went out or not (a control group: its members); the denominator of the rates",
    ),
  conversions: z.number().int().describe("Recipients with at least one purchase within the attribution window"),
  conversion_rate: z.number().describe("conversions / recipients x 100, 2 decimals"),
  revenue: z.number().describe("Sum of quantity x price of those purchases, 2 decimals"),
  revenue_per_recipient: z.number().describe("revenue / recipients, 2 decimals"),
  uplift: ZUplift.nullable(),
});

export const ZDeliveryReport = z.object({
  campaigns: z.array(
    z.object({
      campaign_name: z.string(),
      campaign_id: z.string().describe("The campaign's first group's id (any group's id names the campaign)"),
      metrics: ZMetrics,
      attribution_window_days: z.number().int().describe("The attribution window the conversions were counted with"),
      conversion: ZConversion.describe("The groups that got a message, together, against the control groups together"),
      groups: z.array(
        z.object({
          group_number: z.number().int(),
          campaign_id: z.string(),
          abc_audience_percent: z.number().int(),
          is_control: z.boolean(),
          metrics: ZMetrics,
          conversion: ZConversion,
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
export type TConversion = z.infer<typeof ZConversion>;
export type TDeliveryReport = z.infer<typeof ZDeliveryReport>;
export type TCampaignReport = TDeliveryReport["campaigns"][number];
export type TReportGroup = TCampaignReport["groups"][number];
export type TReportTimelinePoint = TCampaignReport["timeline"][number];
