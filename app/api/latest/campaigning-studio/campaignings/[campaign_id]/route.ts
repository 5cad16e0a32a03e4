import { etagOf } from "@/lib/campaigns/campaign-version";
import { deleteCampaign, getCampaign, updateCampaign } from "@/lib/campaigns/campaigns";
import { deleteCampaignOp, getCampaignOp, updateCampaignOp } from "@/lib/campaigns/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(getCampaignOp, async ({ params, principal }) => {
  const campaign = await getCampaign({ campaignId: params.campaign_id, principal });
  return Response.json(campaign, { headers: { ETag: etagOf(campaign.version) } });
});
export const PUT = handle(updateCampaignOp, ({ params, body, principal }) =>
  updateCampaign({ campaignId: params.campaign_id, input: body, principal: principal! }),
);
export const DELETE = handle(deleteCampaignOp, ({ params, principal }) =>
  deleteCampaign({ campaignId: params.campaign_id, principal: principal! }),
);
