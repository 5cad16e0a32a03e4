/**
 * Campaign groups name e-mail templates by html_template_id (not a foreign key: "" means none).
 * The template row's lock keeps the reference true: a campaign's save takes the rows it names
 * FOR SHARE in its transaction, a template's change or delete writes its row before it looks at
 * the groups, so one of the two transactions always sees the other's outcome.
 */
import type { Prisma } from "@/lib/db/generated/client";
import { conflict } from "@/lib/http/errors";
import type { CampaignStatus } from "./status";

type Tx = Prisma.TransactionClient;

/** 409 unknown_reference naming the templates the groups name that do not exist; the others stay locked. */
export async function lockTemplates(tx: Tx, groups: readonly { html_template_id: string }[]): Promise<void> {
  const ids = [...new Set(groups.map((g) => g.html_template_id).filter(Boolean))];
  if (ids.length === 0) return;
  const found = await tx.$queryRawUnsafe<{ template_id: string }[]>(
    `SELECT template_id FROM email_templates WHERE template_id IN (${ids.map((_, i) => `$${i + 1}`).join(", ")}) FOR SHARE`,
    ...ids,
  );
  const have = new Set(found.map((t) => t.template_id));
  const absent = ids.filter((id) => !have.has(id));
  if (absent.length) {
    throw conflict(
      `No e-mail template has id${absent.length > 1 ? "s" : ""} ${absent.join(", ")} (html_template_id).`,
      "unknown_reference",
    );
  }
}

export interface TemplateUser {
  campaign_key: string;
  campaign_name: string;
  status: string;
}

/** The campaigns with a group that names the template. */
export async function campaignsUsing(tx: Tx, templateId: string): Promise<TemplateUser[]> {
  return tx.campaign.findMany({
    where: { groups: { some: { html_template_id: templateId } } },
    select: { campaign_key: true, campaign_name: true, status: true },
    orderBy: { campaign_name: "asc" },
  });
}

const REOPENED: readonly CampaignStatus[] = ["Not approved", "Approved"];
const BUSY: readonly CampaignStatus[] = ["Preparing", "Sending"];

/**
 * A template's HTML changed: the campaigns using it are Not approved again with no approvals
 * (their content changed), and the change is refused while one is being prepared or sent. The
 * status is written before it is checked, so a send starting meanwhile either waits for this
 * transaction (and then finds the campaign Not approved) or is seen here.
 */
export async function sendBackForApproval(tx: Tx, templateId: string): Promise<void> {
  const users = await campaignsUsing(tx, templateId);
  if (users.length === 0) return;
  const keys = users.map((c) => c.campaign_key);
  await tx.campaign.updateMany({
    where: { campaign_key: { in: keys }, status: { in: [...REOPENED] } },
    data: { status: "Not approved", approvals_count: 0, date_modified: new Date() },
  });
  const busy = await tx.campaign.findMany({
    where: { campaign_key: { in: keys }, status: { in: [...BUSY] } },
    select: { campaign_name: true, status: true },
  });
  if (busy.length) {
    const names = busy.map((c) => `${c.campaign_name} (${c.status})`).join(", ");
    throw conflict(`E-mail template ${templateId} is being sent by ${names}; change it after the send.`, "in_use");
  }
  await tx.campaignApproval.deleteMany({
    where: { campaign_key: { in: keys }, campaign: { status: "Not approved" } },
  });
}
