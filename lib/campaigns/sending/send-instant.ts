/**
 * POST /campaigning-studio/campaignings/send-instant: an Approved campaign is sent now (one
 * occurrence at this moment; a recurring campaign's later occurrences still follow). The answer
 * comes once preparation is queued; progress shows in the campaign's status.
 */
import { now } from "@/lib/clock";
import { assertSendableTemplates } from "../approvals";
import { campaignKeyOf } from "../campaign-view";
import { startSend } from "./start-send";

export async function sendInstant(opts: { campaignId: string }): Promise<{ status_code: number; message: string }> {
  const key = await campaignKeyOf(opts.campaignId);
  await assertSendableTemplates(key, opts.campaignId, "sent");
  await startSend({ campaignKey: key, campaignId: opts.campaignId, occurrenceAt: now() });
  return {
    status_code: 202,
    message: `Sending of campaign ${opts.campaignId} was triggered: it is being prepared and will be sent.`,
  };
}
