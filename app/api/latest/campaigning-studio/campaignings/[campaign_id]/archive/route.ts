import { archiveCampaign } from "@/lib/campaigns/archive-campaign";
import { archiveCampaignOp, unarchiveCampaignOp } from "@/lib/campaigns/operations";
import { handle } from "@/lib/http/handler";

export const POST = handle(archiveCampaignOp, ({ params, principal }) =>
  archiveCampaign({ campaignId: params.campaign_id, principal: principal! }),
);
export const DELETE = handle(unarchiveCampaignOp, ({ params, principal }) =>
  archiveCampaign({ campaignId: params.campaign_id, principal: principal!, archived: false }),
);
