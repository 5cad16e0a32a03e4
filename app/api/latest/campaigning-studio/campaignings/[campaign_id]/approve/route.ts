import { approveCampaign } from "@/lib/campaigns/approvals";
import { approveCampaignOp } from "@/lib/campaigns/operations";
import { handle } from "@/lib/http/handler";

export const PUT = handle(approveCampaignOp, ({ params, principal }) =>
  approveCampaign({ campaignId: params.campaign_id, principal: principal! }),
);
