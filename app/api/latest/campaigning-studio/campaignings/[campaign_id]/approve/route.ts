import { approveCampaign } from "@/lib/campaigns/approvals";
import { parseIfMatch } from "@/lib/campaigns/campaign-version";
import { approveCampaignOp } from "@/lib/campaigns/operations";
import { handle } from "@/lib/http/handler";

export const PUT = handle(approveCampaignOp, ({ params, principal, headers }) =>
  approveCampaign({
    campaignId: params.campaign_id,
    principal: principal!,
    ifMatch: parseIfMatch(headers.get("if-match")),
  }),
);
