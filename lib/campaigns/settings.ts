/**
 * The campaign studio's settings, kept in system_state (key campaign_settings) so every process
 * shares them and a super user changes them through the API without a restart.
 */
import { db } from "@/lib/db/client";
import { type TCampaignSettings, ZCampaignSettings } from "./schemas";

const KEY = "campaign_settings";

export const DEFAULT_CAMPAIGN_SETTINGS: TCampaignSettings = {
  required_approvals: 1,
  large_audience_size: null,
  large_audience_required_approvals: null,
  frequency_cap_messages: 3,
  frequency_cap_days: 7,
  soft_bounce_limit: 3,
  attribution_window_days: 5,
};

export async function getCampaignSettings(): Promise<TCampaignSettings> {
  const prisma = await db();
  const row = await prisma.systemState.findUnique({ where: { key: KEY } });
  const parsed = ZCampaignSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_CAMPAIGN_SETTINGS;
}

export async function updateCampaignSettings(settings: TCampaignSettings): Promise<TCampaignSettings> {
  const prisma = await db();
  await prisma.systemState.upsert({
    where: { key: KEY },
    create: { key: KEY, value: settings },
    update: { value: settings, date_modified: new Date() },
  });
  return settings;
}

/** Approvals a campaign needs for an audience of this many customers. */
export function requiredApprovals(settings: TCampaignSettings, audienceSize: number): number {
  const large = settings.large_audience_size;
  if (large !== null && audienceSize > large && settings.large_audience_required_approvals !== null) {
    return Math.max(settings.required_approvals, settings.large_audience_required_approvals);
  }
  return settings.required_approvals;
}
