import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliveryReport } from "@/lib/campaigns/report/delivery-report";
import { deliveryReportOp } from "@/lib/campaigns/report/operations";
import { now } from "@/lib/clock";
import { handle } from "@/lib/http/handler";

const DAY_MS = 24 * 60 * 60 * 1000;

export const GET = handle(deliveryReportOp, async ({ query }) => {
  const to = query.date_to ?? now();
  const from = query.date_from ?? new Date(to.getTime() - 30 * DAY_MS);
  const campaignKeys = query.campaign_id
    ? [...new Set(await Promise.all(query.campaign_id.map((id) => campaignKeyOf(id))))]
    : undefined;
  return deliveryReport({ from, to, campaignKeys });
});
