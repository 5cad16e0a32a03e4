/**
 * Approving a campaign (spec 4.5): advanced and super users (the route's role), never someone who
 * wrote any version of it: its creator, anyone who edited it, or changed a template or audience
 * it uses since (campaign_editors). Each distinct approver lowers approvals_left by one; the last
 * one makes the campaign Approved. The campaign's row is locked first (FOR UPDATE), so concurrent
 * approvals and edits of one campaign run one after the other and none is lost. With If-Match the
 * approval holds only for the version the approver read (./campaign-version.ts): 412 otherwise.
 * A second approval by the same approver is refused (409 already_approved) and changes nothing.
 * The answer repeats the campaign's audience warnings (./audience-warnings.ts: a draft or empty
 * audience), so an approval through the API is told what the studio's approval queue shows.
 */
import type { Principal } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { conflict, forbidden, notFound, validationError } from "@/lib/http/errors";
import { audienceWarnings } from "./audience-warnings";
import { assertVersion, type parseIfMatch } from "./campaign-version";
import { actorOf, campaignKeyOf, WITH_PARTS } from "./campaign-view";
import { assertAllowed } from "./status";
import { templatePlaceholderErrors } from "./template-placeholders";

export async function approveCampaign(opts: {
  campaignId: string;
  principal: Principal;
  /** The versions the approver read (If-Match); undefined: whatever the campaign is now. */
  ifMatch?: ReturnType<typeof parseIfMatch>;
}): Promise<{ detail: string; warnings: string[] }> {
  const { campaignId, principal } = opts;
  const key = await campaignKeyOf(campaignId);
  const actor = actorOf(principal);
  const prisma = await db();
  await assertSendableTemplates(key, campaignId, "approved");
  const approved = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT campaign_key FROM campaigns WHERE campaign_key = ${key} FOR UPDATE`;
    const stored = await tx.campaign.findUnique({ where: { campaign_key: key }, include: WITH_PARTS });
    if (!stored) throw notFound(`No campaign has id ${campaignId}.`);
    if (stored.created_by === actor) {
      throw forbidden(
        `${principal.subject} created campaign ${campaignId}: the author cannot approve their own campaign.`,
      );
    }
    const edited = await tx.campaignEditor.findUnique({
      where: { campaign_key_editor_id: { campaign_key: key, editor_id: actor } },
    });
    if (edited) {
      throw forbidden(
        `${principal.subject} edited campaign ${campaignId} (or a template or audience it uses): whoever wrote a version of a campaign cannot approve it.`,
      );
    }
    assertVersion(stored, opts.ifMatch, campaignId);
    assertAllowed("approve", stored.status, campaignId);
    if (stored.archived_at) {
      throw conflict(`Campaign ${campaignId} is archived: it cannot be approved.`, "archived");
    }
    if (stored.approvals.some((a) => a.approver_id === actor)) {
      throw conflict(`${principal.subject} has approved campaign ${campaignId} already.`, "already_approved");
    }
    await tx.campaignApproval.create({
      data: { campaign_key: key, approver_id: actor, approver_email: principal.subject },
    });
    const count = stored.approvals_count + 1;
    const left = Math.max(0, stored.required_approvals - count);
    await tx.campaign.update({
      where: { campaign_key: key },
      data: { approvals_count: count, ...(left === 0 ? { status: "Approved" } : {}), date_modified: new Date() },
    });
    const detail =
      left === 0
        ? `Campaign ${campaignId} approved by ${principal.subject}; it is Approved.`
        : `Campaign ${campaignId} approved by ${principal.subject}; ${left} more approval${left > 1 ? "s" : ""} needed.`;
    return { detail, stored };
  });
  // As the approver saw it (Not approved): the warnings of what they approved.
  const warnings = (await audienceWarnings([approved.stored])).get(key) ?? [];
  const note = warnings.length ? ` Note: ${warnings.join(" ")}` : "";
  return { detail: `${approved.detail}${note}`, warnings };
}

/**
 * 422 when a group that is not personalised uses a template holding {ph_customer.*}
 * (./template-placeholders.ts): at approval and at an instant send, the template may have changed
 * since the campaign was saved. Read before the approval's transaction (on the embedded database a
 * second connection would wait for it); a template edited after this sends the campaign back for
 * approval anyway, and preparation checks again.
 */
export async function assertSendableTemplates(key: string, campaignId: string, what: string): Promise<void> {
  const prisma = await db();
  const groups = await prisma.campaignGroup.findMany({
    where: { campaign_key: key },
    orderBy: { group_number: "asc" },
    select: { is_personalized: true, html_template_id: true },
  });
  const errors = await templatePlaceholderErrors(groups, []);
  if (errors.length) {
    const first = errors[0]!;
    throw validationError(errors, `Campaign ${campaignId} cannot be ${what}: ${first.loc.join(".")} ${first.msg}.`);
  }
}
