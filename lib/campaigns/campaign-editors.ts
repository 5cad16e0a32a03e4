/**
 * Who wrote a version of a campaign (campaign_editors): its creator, each editor, and whoever
 * changed an audience or e-mail template it uses so that it went back for approval (they changed
 * what the approvers approve). None of them may approve it (./approvals.ts): four eyes means two
 * people who did not write it, not the writer and one other.
 */
import type { Principal } from "@/lib/auth/roles";
import type { Prisma } from "@/lib/db/generated/client";
import { actorOf } from "./campaign-view";

type Tx = Prisma.TransactionClient;

/** Records the principal as an editor of the campaigns (the time of the latest edit is kept). */
export async function recordEditors(tx: Tx, campaignKeys: readonly string[], principal: Principal): Promise<void> {
  if (campaignKeys.length === 0) return;
  const editor = actorOf(principal);
  const at = new Date();
  for (const key of new Set(campaignKeys)) {
    await tx.campaignEditor.upsert({
      where: { campaign_key_editor_id: { campaign_key: key, editor_id: editor } },
      create: { campaign_key: key, editor_id: editor, editor_email: principal.subject, date_edited: at },
      update: { editor_email: principal.subject, date_edited: at },
    });
  }
}
