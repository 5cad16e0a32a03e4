/**
 * Archiving a campaign: it leaves the lists (GET .../campaignings shows it only with archived=true
 * or all) and cannot be edited or approved, while its sends, messages and events stay, so its
 * report reads as before and its messages still count for the frequency cap. The way to put away a
 * Sent campaign, which cannot be deleted. Not while Approved (it would still be sent), Preparing or
 * Sending (409 invalid_status). Unarchiving brings it back as it was.
 */
import type { Principal } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { campaignKeyOf, campaignViewOf, loadCampaign } from "./campaign-view";
import type { TCampaign } from "./schemas";
import { allowedStatuses, assertAllowed } from "./status";

export async function archiveCampaign(opts: {
  campaignId: string;
  principal: Principal;
  archived?: boolean;
}): Promise<TCampaign> {
  const { campaignId, principal } = opts;
  const archived = opts.archived ?? true;
  const key = await campaignKeyOf(campaignId);
  const prisma = await db();
  const at = new Date();
  // Conditional on the status in the UPDATE itself: a send starting meanwhile is not archived.
  // Again is nothing (the first archiving's time stays).
  const taken = await prisma.campaign.updateMany({
    where: archived
      ? { campaign_key: key, archived_at: null, status: { in: [...allowedStatuses("archive")] } }
      : { campaign_key: key, archived_at: { not: null } },
    data: { archived_at: archived ? at : null, date_modified: at },
  });
  if (taken.count === 0) {
    const found = await prisma.campaign.findUnique({
      where: { campaign_key: key },
      select: { status: true, archived_at: true },
    });
    if (!found) throw notFound(`No campaign has id ${campaignId}.`);
    if (archived && !found.archived_at) assertAllowed("archive", found.status, campaignId);
  }
  return campaignViewOf(await loadCampaign(key, campaignId), principal);
}
