/**
 * A provider's delivery receipt for a campaign message: kept once per (provider, provider
 * message id, status) in provider_receipts, so a receipt posted again (the provider's retry or a
 * replay) records nothing more; in the same transaction a campaign event (delivered or failed,
 * with the leg) and the message's receipt_status (its first leg: the SMS of an sms campaign, the Viber leg of
 * viber and viber_sms), and the bounce the receipt reports, if any (its feedback row, event and
 * the address's suppression: ../suppressions/record-feedback.ts). All of it or none: a crash or an
 * error part-way keeps nothing, so the provider's retry of the receipt (it is answered 5xx) records
 * it all, and a receipt is never kept without the suppression it called for. A failed Viber leg of
 * viber_sms sends its SMS leg at once (./fallback.ts).
 */
import { now } from "@/lib/clock";
import { getDatabase } from "@/lib/db/client";
import { log } from "@/lib/log";
import { recordCampaignEvent } from "../events";
import { getCampaignSettings } from "../settings";
import { type Feedback, recordFeedbackIn } from "../suppressions/record-feedback";
import { sendDueFallbacks } from "./fallback";

export interface Receipt {
  provider: string;
  providerMessageId: string;
  /** The provider's own status (delivered, DELIVERED_TO_HANDSET...): part of the replay key. */
  providerStatus: string;
  kind: "delivered" | "failed";
  sendId: string;
  customerId: string;
  leg: string;
  detail?: string;
  /** The bounce this receipt reports (a failure that is the address's), kept with it. */
  feedback?: Omit<Feedback, "sendId" | "customerId">;
}

/** "recorded", "replay" (seen before), or "unknown" (no such campaign message). */
export type ReceiptOutcome = "recorded" | "replay" | "unknown";

export async function recordReceipt(receipt: Receipt): Promise<ReceiptOutcome> {
  const database = await getDatabase();
  const at = now();
  // Read before the transaction: on the embedded database another connection waits for it to end.
  const softBounceLimit = receipt.feedback ? (await getCampaignSettings()).soft_bounce_limit : 0;
  const outcome = await database.transaction(async (sql) => {
    const [message] = await sql.query<{ channel: string }>(
      "SELECT channel FROM campaign_messages WHERE send_id = $1 AND customer_id = $2 FOR UPDATE",
      [receipt.sendId, receipt.customerId],
    );
    if (!message) return { result: "unknown" as const };
    const fresh = await sql.query(
      `INSERT INTO provider_receipts (provider, message_id, status, received_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [receipt.provider, receipt.providerMessageId, receipt.providerStatus, at],
    );
    if (fresh.length === 0) return { result: "replay" as const };
    const firstLeg = receipt.leg !== "sms" || message.channel === "sms";
    if (firstLeg) {
      // A late "failed" does not undo a delivery.
      await sql.query(
        `UPDATE campaign_messages SET receipt_status = $3
         WHERE send_id = $1 AND customer_id = $2 AND receipt_status IS DISTINCT FROM 'delivered'`,
        [receipt.sendId, receipt.customerId, receipt.kind],
      );
    }
    // In the same transaction: a receipt kept means its event is kept, and a failure keeps neither,
    // so the provider's retry of the receipt is recorded.
    await recordCampaignEvent(
      {
        sendId: receipt.sendId,
        customerId: receipt.customerId,
        kind: receipt.kind,
        leg: receipt.leg,
        detail: receipt.detail,
        at,
      },
      sql,
    );
    if (receipt.feedback) {
      await recordFeedbackIn(
        sql,
        { ...receipt.feedback, sendId: receipt.sendId, customerId: receipt.customerId },
        softBounceLimit,
      );
    }
    return { result: "recorded" as const, channel: message.channel };
  });
  if (outcome.result !== "recorded") return outcome.result;
  if (outcome.channel === "viber_sms" && receipt.leg === "viber" && receipt.kind === "failed") {
    try {
      await sendDueFallbacks({ sendId: receipt.sendId, customerId: receipt.customerId });
    } catch (error) {
      // The minute's sweep sends it then.
      log.warn("viber_sms fallback deferred to the sweep", { send: receipt.sendId, error: String(error) });
    }
  }
  return "recorded";
}
