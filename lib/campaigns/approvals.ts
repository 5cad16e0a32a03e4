/**
 * Approving a campaign (spec 4.5): advanced and super users (the route's role), never the
 * campaign's creator. Each distinct approver lowers approvals_left by one; the last one makes the
 * campaign Approved. The campaign's row is taken first (a conditional UPDATE on its status), so
 * concurrent approvals of one campaign run one after the other and none is lost. A second
 * approval by the same approver is refused (409 already_approved) and changes nothing.
 */
import type { Principal } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { conflict, forbidden, notFound } from "@/lib/http/errors";
import { actorOf, campaignKeyOf } from "./campaign-view";
import { allowedStatuses, assertAllowed } from "./status";

export async function approveCampaign(opts: { campaignId: string; principal: Principal }): Promise<{ detail: string }> {
  const { campaignId, principal } = opts;
  const key = await campaignKeyOf(campaignId);
  const actor = actorOf(principal);
  const prisma = await db();
  const campaign = await prisma.campaign.findUnique({ where: { campaign_key: key }, select: { created_by: true } });
  if (!campaign) throw notFound(`No campaign has id ${campaignId}.`);
  if (campaign.created_by === actor) {
    throw forbidden(
      `${principal.subject} created campaign ${campaignId}: the author cannot approve their own campaign.`,
    );
  }
  return prisma.$transaction(async (tx) => {
    const taken = await tx.campaign.updateMany({
      where: { campaign_key: key, status: { in: [...allowedStatuses("approve")] } },
      data: { approvals_count: { increment: 1 } },
    });
    if (taken.count === 0) {
      const found = await tx.campaign.findUnique({ where: { campaign_key: key }, select: { status: true } });
      if (!found) throw notFound(`No campaign has id ${campaignId}.`);
      assertAllowed("approve", found.status, campaignId);
    }
    const before = await tx.campaignApproval.findUnique({
      where: { campaign_key_approver_id: { campaign_key: key, approver_id: actor } },
    });
    // Throwing rolls the increment back.
    if (before) throw conflict(`${principal.subject} has approved campaign ${campaignId} already.`, "already_approved");
    await tx.campaignApproval.create({
      data: { campaign_key: key, approver_id: actor, approver_email: principal.subject },
    });
    const now = await tx.campaign.findUniqueOrThrow({
      where: { campaign_key: key },
      select: { approvals_count: true, required_approvals: true },
    });
    const left = Math.max(0, now.required_approvals - now.approvals_count);
    if (left === 0) {
      await tx.campaign.update({
        where: { campaign_key: key },
        data: { status: "Approved", date_modified: new Date() },
      });
      return { detail: `Campaign ${campaignId} approved by ${principal.subject}; it is Approved.` };
    }
    return {
      detail: `Campaign ${campaignId} approved by ${principal.subject}; ${left} more approval${left > 1 ? "s" : ""} needed.`,
    };
  });
}
