/**
 * An approval covers what a campaign sends and to whom: its e-mail templates and its saved
 * audiences are part of it though they are rows of their own. Neither is a foreign key of the
 * campaign (a template is named by html_template_id, "" for none; audiences are a JSON list), so
 * the rows' locks stand in for one: a campaign's save takes the rows it names FOR SHARE in its
 * transaction (./template-references.ts, lockAudiences here), and a change or delete of a
 * template or audience writes its row first, then looks at the campaigns, so one of the two
 * transactions always sees the other's outcome.
 *
 * A change sends the campaigns using it that are Not approved (part-approved) or Approved
 * (scheduled) back to Not approved with no approvals, its author becomes one of their editors (who
 * may not approve them), and it is refused (409 in_use) while one of them is being prepared or
 * sent. A delete is refused (409 in_use) while a campaign not yet Sent uses it.
 */
import type { Principal } from "@/lib/auth/roles";
import type { Prisma } from "@/lib/db/generated/client";
import { conflict } from "@/lib/http/errors";
import { recordEditors } from "./campaign-editors";
import type { CampaignStatus } from "./status";

type Tx = Prisma.TransactionClient;

export interface CampaignUser {
  campaign_key: string;
  campaign_name: string;
  status: string;
}

/** What a campaign names: an e-mail template (by template_id) or a saved audience (by audience_id). */
export type Reference = { kind: "template"; id: string } | { kind: "audience"; id: string };

const label = (ref: Reference) => (ref.kind === "template" ? `E-mail template ${ref.id}` : `Audience ${ref.id}`);

/** The campaigns that name the template or the audience. */
export async function campaignsUsing(tx: Tx, ref: Reference): Promise<CampaignUser[]> {
  const where: Prisma.CampaignWhereInput =
    ref.kind === "template"
      ? { groups: { some: { html_template_id: ref.id } } }
      : { audiences_type: "AUDIENCE", audiences: { array_contains: [ref.id] } };
  return tx.campaign.findMany({
    where,
    select: { campaign_key: true, campaign_name: true, status: true },
    orderBy: { campaign_name: "asc" },
  });
}

const REOPENED: readonly CampaignStatus[] = ["Not approved", "Approved"];
const BUSY: readonly CampaignStatus[] = ["Preparing", "Sending"];

/**
 * The template or audience changed: the campaigns using it go back for approval. The status is
 * written before it is checked, so a send starting meanwhile either waits for this transaction
 * (and then finds the campaign Not approved) or is seen here.
 */
export async function sendBackForApproval(tx: Tx, ref: Reference, principal?: Principal): Promise<void> {
  const users = await campaignsUsing(tx, ref);
  if (users.length === 0) return;
  const keys = users.map((c) => c.campaign_key);
  const reopened = await tx.campaign.findMany({
    where: { campaign_key: { in: keys }, status: { in: [...REOPENED] } },
    select: { campaign_key: true },
  });
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
    throw conflict(`${label(ref)} is being sent by ${names}; change it after the send.`, "in_use");
  }
  const reopenedKeys = reopened.map((c) => c.campaign_key);
  await tx.campaignApproval.deleteMany({ where: { campaign_key: { in: reopenedKeys } } });
  if (principal) await recordEditors(tx, reopenedKeys, principal);
}

/**
 * 409 in_use when a campaign not yet Sent uses the template or audience (a Sent campaign's
 * messages are out: it keeps its report without it). Called after the row was deleted in the
 * same transaction, so the throw rolls the delete back.
 */
export async function assertUnused(tx: Tx, ref: Reference): Promise<void> {
  const users = (await campaignsUsing(tx, ref)).filter((c) => c.status !== "Sent");
  if (users.length === 0) return;
  const many = users.length > 1;
  throw conflict(
    `${label(ref)} is used by campaign${many ? "s" : ""} ${users.map((c) => `${c.campaign_name} (${c.status})`).join(", ")}; choose another ${ref.kind} in ${many ? "them" : "it"} (or delete ${many ? "them" : "it"}) first.`,
    "in_use",
  );
}

/**
 * Locks the saved audiences a campaign names (FOR SHARE) until its transaction ends; 409
 * unknown_reference for one deleted since it was checked.
 */
export async function lockAudiences(tx: Tx, input: { audiences_type: string; audiences: string[] }): Promise<void> {
  if (input.audiences_type !== "AUDIENCE" || input.audiences.length === 0) return;
  const found = await tx.$queryRawUnsafe<{ audience_id: string }[]>(
    "SELECT audience_id FROM audiences WHERE audience_id = ANY($1::text[]) FOR SHARE",
    input.audiences,
  );
  const have = new Set(found.map((a) => a.audience_id));
  const absent = input.audiences.filter((id) => !have.has(id));
  if (absent.length) throw conflict(`No audience has id ${absent.join(", ")} (audiences).`, "unknown_reference");
}
