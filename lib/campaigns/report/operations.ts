/** The delivery report's operation (spec 2.8, 4.5), declared once for the route and OpenAPI. */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { parseTimestamp } from "@/lib/http/timestamps";
import { ZDeliveryReport } from "./schemas";

const tag = "Campaign studio";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A timestamp of the API or a plain date (date_from: its start; date_to: its end, inclusive). */
function zDateParam(end: boolean) {
  return z
    .string()
    .transform((value, ctx) => {
      const date = parseTimestamp(value);
      if (!date) {
        ctx.addIssue({ code: "custom", message: "must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SS" });
        return z.NEVER;
      }
      if (end && DATE_ONLY.test(value)) {
        const next = parseTimestamp(nextDay(value));
        return next ? new Date(next.getTime() - 1) : date;
      }
      return date;
    })
    .meta({
      type: "string",
      description: "YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS (local, in the service's TIMEZONE)",
    });
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const REPORT_DEFINITIONS =
  "Sends counted: every send (occurrence) of the campaign whose occurrence time lies in [date_from, date_to] (a recurring campaign: all its occurrences in the period; default period: the last 30 days up to now). targeted: messages written for those sends, control-group members excluded (a string of digits). delivered: messages with a delivered receipt (an SMS or Viber message handed to a provider that sends no receipts, the outbox, is delivered when handed on), and for e-mail (SMTP gives no receipts) messages sent with no bounced or failed event. clicked, opened, subscription (unsubscribed), bounce, complaint: messages (a recipient of a send) with at least one event of that kind, however many; bounce events come from DSNs to the inbound SMTP listener (hard and soft, Status 5.x.x and 4.x.x of a failed recipient) and from Twilio/Infobip receipts whose error code says the number is unreachable (hard or soft), complaint events from ARF reports (feedback-type abuse). skipped: messages not sent because the send-time check found the customer deleted, the address suppressed or the consent withdrawn since preparation. percent_x: x / targeted x 100 rounded to 2 decimals, 0 when targeted is 0 (percent_open and percent_clicked are over targeted too). A control group reports targeted 0. Additions to spec 2.8: campaign_id, groups (the same metrics per A/B/C group), timeline (per local day and group: recipients delivered, opened and clicked that day, by the first event of each kind), percent_open_of_delivered and percent_clicked_of_delivered (over delivered), and conversion per group and for the campaign (its messaged groups together against its control groups together): a group's members (every recipient of the sends counted, whether its message went out or not; a control group's members too) convert with a purchase event within attribution_window_days (campaign setting, default 5) after their reference time, which is the message's first delivered receipt, else its sending time, else (a control group's member, a message not sent) the group's send time (the send's start, or the group's own start in the occurrence when later); revenue is those purchases' quantity x price; uplift is the conversion rate minus the control group's in percentage points with a 95% confidence interval by Newcombe's hybrid score method (null without a control group). A purchase counts for every campaign whose window holds it.";

export const deliveryReportOp = defineOperation({
  method: "GET",
  path: "/campaigning-studio/insights/delivery-report",
  tag,
  summary: "Delivery report (spec 2.8), per campaign, group and day",
  description: `${REPORT_DEFINITIONS} campaign_id is repeatable and any of a campaign's group ids names it (404 when one names no campaign); without it every campaign with sends in the period. A named campaign with no send in the period is listed with zeros.`,
  auth: "user",
  query: z.object({
    campaign_id: z
      .union([z.string().min(1).max(300), z.array(z.string().min(1).max(300)).max(100)])
      .optional()
      .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
      .describe("Any of a campaign's group ids; repeat it for several campaigns"),
    date_from: zDateParam(false).optional(),
    date_to: zDateParam(true).optional(),
  }),
  response: ZDeliveryReport,
  errors: [404],
});
