import { getCampaignSettingsOp, updateCampaignSettingsOp } from "@/lib/campaigns/operations";
import { getCampaignSettings, updateCampaignSettings } from "@/lib/campaigns/settings";
import { handle } from "@/lib/http/handler";

export const GET = handle(getCampaignSettingsOp, () => getCampaignSettings());
export const PUT = handle(updateCampaignSettingsOp, ({ body }) => updateCampaignSettings(body));
