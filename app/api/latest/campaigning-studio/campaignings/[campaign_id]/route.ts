import { deleteCampaign, getCampaign, updateCampaign } from "@/lib/campaigns/campaigns";
import { deleteCampaignOp, getCampaignOp, updateCampaignOp } from "@/lib/campaigns/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(getCampaignOp, ({ params, principal }) =>
  getCampaign({ campaignId: params.campaign_id, principal }),
);
export const PUT = handle(updateCampaignOp, ({ params, body, principal }) =>
  updateCampaign({ campaignId: params.campaign_id, input: body, principal: principal! }),
);
export const DELETE = handle(deleteCampaignOp, ({ params }) => deleteCampaign({ campaignId: params.campaign_id }));
