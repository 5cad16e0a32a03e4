import { createCampaign, listCampaigns } from "@/lib/campaigns/campaigns";
import { createCampaignOp, listCampaignsOp } from "@/lib/campaigns/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(listCampaignsOp, ({ query, principal }) => listCampaigns({ page: query, principal }));
export const POST = handle(createCampaignOp, ({ body, principal }) =>
  createCampaign({ input: body, principal: principal! }),
);
