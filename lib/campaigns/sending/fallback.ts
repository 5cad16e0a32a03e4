/**
 * viber_sms: the SMS leg. A message sent over Viber whose Viber leg was reported failed (an
 * UNDELIVERABLE, REJECTED or EXPIRED receipt), or was not reported delivered within its group's
 * channel_validity_period (channel_validity_unit) after it was sent and RECEIPT_GRACE_MS more (a
 * late report of a delivery), is sent once by SMS with the
 * group's fallback text, personalised when the message was composed (compose-message.ts keeps it
 * as `fallback_text` in the Viber message's context, stored with the outbox record).
 *
 * Exactly once: the SMS leg is claimed by a conditional UPDATE (fallback_status NULL ->
 * sending) before anything is sent; a second run, or the receipt's trigger at the same time,
 * finds nothing to claim. A provider's temporary refusal hands the claim back (tried again by
 * the next sweep, for up to GIVE_UP_MS after the Viber leg was sent; then it fails); a run that dies after claiming leaves the leg `sending`, not sent again (at
 * most once rather than twice). Runs every minute (job campaigns.send-fallbacks) and at once
 * for a failed Viber receipt (./record-receipt.ts).
 */
import { now } from "@/lib/clock";
import { getDatabase } from "@/lib/db/client";
import { log } from "@/lib/log";
import { ProviderError } from "@/lib/messaging/provider-error";
import { sendMessage } from "@/lib/messaging/send-message";
import { recordCampaignEvent } from "../events";
import { messageIdOf } from "./deliver";

/**
 * How long after the validity the SMS leg waits for a late receipt: a Viber message delivered just
 * before its validity ended may be reported a little later, and the customer would get both.
 * (An undelivered one is reported EXPIRED by the provider at the end of the validity, which
 * sends the SMS at once.)
 */
export const RECEIPT_GRACE_MS = 2 * 60 * 1000;

/** A temporarily refused SMS leg is tried by the sweeps for this long after the Viber leg. */
export const GIVE_UP_MS = 24 * 60 * 60 * 1000;

interface Claimed {
  sent_at: Date;
  send_id: string;
  customer_id: string;
  campaign_id: string;
  address: string;
}

const CLAIM = `
  UPDATE campaign_messages m SET fallback_status = 'sending', fallback_error = NULL
  FROM campaign_groups g
  WHERE g.campaign_id = m.campaign_id
    AND m.channel = 'viber_sms' AND m.status = 'sent' AND m.fallback_status IS NULL
    -- The SMS leg only for a customer who consented to SMS.
    AND EXISTS (SELECT 1 FROM customers c WHERE c.customer_id = m.customer_id AND c.sms_consent)
    AND m.receipt_status IS DISTINCT FROM 'delivered'
    AND (m.receipt_status = 'failed'
         OR m.sent_at + COALESCE(g.channel_validity_period, 1) *
            CASE g.channel_validity_unit WHEN 'MINUTES' THEN interval '1 minute'
                                         WHEN 'HOURS' THEN interval '1 hour'
                                         ELSE interval '1 day' END + $4::int * interval '1 millisecond' <= $1)
    AND ($2::text IS NULL OR (m.send_id = $2 AND m.customer_id = $3))
  RETURNING m.send_id, m.customer_id, m.campaign_id, m.address, m.sent_at`;

/** The SMS leg's id: the Viber leg's message id with -sms (the outbox keeps each leg once). */
export function fallbackIdOf(sendId: string, customerId: string): string {
  return `${messageIdOf(sendId, customerId)}-sms`;
}

/** Sends every SMS leg due (or only one message's); the number of SMS handed on. */
export async function sendDueFallbacks(opts: { sendId?: string; customerId?: string } = {}): Promise<number> {
  const database = await getDatabase();
  const claimed = await database.sql.query<Claimed>(CLAIM, [
    now(),
    opts.sendId ?? null,
    opts.customerId ?? null,
    RECEIPT_GRACE_MS,
  ]);
  let sent = 0;
  for (const row of claimed) {
    const [stored] = await database.sql.query<{ text: string | null }>(
      "SELECT context->>'fallback_text' AS text FROM outbox_messages WHERE message_id = $1",
      [messageIdOf(row.send_id, row.customer_id)],
    );
    const text = stored?.text?.trim();
    if (!text) {
      await settle(row, { status: "failed", error: "no fallback text was kept with the Viber message" });
      continue;
    }
    try {
      const { messageId } = await sendMessage({
        channel: "sms",
        to: row.address,
        body: text,
        messageId: fallbackIdOf(row.send_id, row.customer_id),
        context: { campaign_id: row.campaign_id, send_id: row.send_id, customer_id: row.customer_id, leg: "sms" },
      });
      await settle(row, { status: "sent", providerId: messageId });
      sent++;
    } catch (error) {
      const temporary =
        error instanceof ProviderError &&
        error.temporary &&
        now().getTime() - new Date(row.sent_at).getTime() < GIVE_UP_MS;
      await settle(row, { status: temporary ? null : "failed", error: String(error).slice(0, 1000) });
      if (!temporary) {
        await recordCampaignEvent({
          sendId: row.send_id,
          customerId: row.customer_id,
          kind: "failed",
          leg: "sms",
          detail: String(error),
        });
      }
      log.warn("viber_sms fallback not sent", { send: row.send_id, customer: row.customer_id, temporary });
    }
  }
  return sent;
}

async function settle(
  row: Claimed,
  outcome: { status: "sent" | "failed" | null; providerId?: string; error?: string },
): Promise<void> {
  const database = await getDatabase();
  await database.sql.query(
    `UPDATE campaign_messages SET fallback_status = $3, fallback_provider_message_id = $4, fallback_error = $5,
       fallback_sent_at = CASE WHEN $3 = 'sent' THEN $6::timestamptz END
     WHERE send_id = $1 AND customer_id = $2 AND fallback_status = 'sending'`,
    [row.send_id, row.customer_id, outcome.status, outcome.providerId ?? null, outcome.error ?? null, now()],
  );
}
