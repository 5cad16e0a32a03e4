/**
 * viber_sms: the SMS leg. A message sent over Viber whose Viber leg was reported failed (an
 * UNDELIVERABLE, REJECTED or EXPIRED receipt), or was not reported delivered within its group's
 * channel_validity_period (channel_validity_unit) after it was sent and RECEIPT_GRACE_MS more (a
 * late report of a delivery), is sent once by SMS with the
 * group's fallback text, personalised when the message was composed (compose-message.ts keeps it
 * as `fallback_text` in the Viber message's context, stored with the outbox record).
 *
 * Claimed in leased batches, like the first leg (./deliver.ts): a batch of due legs is claimed
 * by one UPDATE ... RETURNING whose subselect takes the rows FOR UPDATE SKIP LOCKED
 * (fallback_status NULL -> sending, fallback_claimed_at, fallback_attempts + 1), so two sweeps,
 * or a sweep and a receipt, never take the same leg. Each SMS is recorded (sent, or failed with
 * the reason) as soon as the provider answered, before the next one goes. A run that dies leaves
 * its claimed legs `sending`; after LEASE_MS they are claimed again and sent under the same
 * message id (the outbox keeps it once): only the one in flight at the crash may reach the
 * customer twice, and nothing is lost. A leg interrupted MAX_ATTEMPTS times is failed. A
 * provider's temporary refusal hands the claim back (tried again by the next sweep, for up to
 * GIVE_UP_MS after the Viber leg was sent; then it fails). Runs every minute (job
 * campaigns.send-fallbacks) and at once for a failed Viber receipt (./record-receipt.ts).
 */
import { now } from "@/lib/clock";
import { getDatabase } from "@/lib/db/client";
import { log } from "@/lib/log";
import { ProviderError } from "@/lib/messaging/provider-error";
import { sendMessage } from "@/lib/messaging/send-message";
import { recordCampaignEvent } from "../events";
import { LEASE_MS, MAX_ATTEMPTS, messageIdOf } from "./deliver";

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

/** SMS legs claimed at once (a run records each as it goes; the rest of a batch waits its turn). */
export const FALLBACK_BATCH = 50;

// $1 now, $2/$3 one message (or NULLs), $4 the receipt grace, $5 the lease's end, $6 the batch.
const CLAIM = `
  UPDATE campaign_messages m SET fallback_status = 'sending', fallback_error = NULL,
         fallback_claimed_at = $1, fallback_attempts = m.fallback_attempts + 1
  WHERE (m.send_id, m.customer_id) IN (
    SELECT q.send_id, q.customer_id
    FROM campaign_messages q JOIN campaign_groups g ON g.campaign_id = q.campaign_id
    WHERE q.channel = 'viber_sms' AND q.status = 'sent'
      AND ($2::text IS NULL OR (q.send_id = $2 AND q.customer_id = $3))
      AND ((q.fallback_status IS NULL
            -- The SMS leg only for a customer who consented to SMS.
            AND EXISTS (SELECT 1 FROM customers c WHERE c.customer_id = q.customer_id AND c.sms_consent)
            AND q.receipt_status IS DISTINCT FROM 'delivered'
            AND (q.receipt_status = 'failed'
                 OR q.sent_at + COALESCE(g.channel_validity_period, 1) *
                    CASE g.channel_validity_unit WHEN 'MINUTES' THEN interval '1 minute'
                                                 WHEN 'HOURS' THEN interval '1 hour'
                                                 ELSE interval '1 day' END + $4::int * interval '1 millisecond' <= $1))
           -- Claimed by a run that died: its lease has passed.
           OR (q.fallback_status = 'sending' AND COALESCE(q.fallback_claimed_at, '-infinity') < $5
               AND q.fallback_attempts < ${MAX_ATTEMPTS}))
    LIMIT $6
    FOR UPDATE OF q SKIP LOCKED)
  AND (m.fallback_status IS NULL
       OR (m.fallback_status = 'sending' AND COALESCE(m.fallback_claimed_at, '-infinity') < $5))
  RETURNING m.send_id, m.customer_id, m.campaign_id, m.address, m.sent_at`;

/** The SMS leg's id: the Viber leg's message id with -sms (the outbox keeps each leg once). */
export function fallbackIdOf(sendId: string, customerId: string): string {
  return `${messageIdOf(sendId, customerId)}-sms`;
}

/** Sends every SMS leg due (or only one message's), batch after batch; the number of SMS handed on. */
export async function sendDueFallbacks(opts: { sendId?: string; customerId?: string } = {}): Promise<number> {
  const database = await getDatabase();
  await giveUpInterrupted();
  let sent = 0;
  for (;;) {
    const at = now();
    const claimed = await database.sql.query<Claimed>(CLAIM, [
      at,
      opts.sendId ?? null,
      opts.customerId ?? null,
      RECEIPT_GRACE_MS,
      new Date(at.getTime() - LEASE_MS),
      FALLBACK_BATCH,
    ]);
    if (claimed.length === 0) return sent;
    for (const [i, row] of claimed.entries()) {
      const outcome = await sendOne(row);
      if (outcome === "sent") sent++;
      if (outcome === "deferred") {
        // The provider refuses for now: the rest of the batch goes back too, for the next sweep.
        for (const rest of claimed.slice(i + 1)) await settle(rest, { status: null });
        return sent;
      }
    }
    if (opts.sendId) return sent;
  }
}

/** Sends one claimed SMS leg and records its outcome at once. */
async function sendOne(row: Claimed): Promise<"sent" | "failed" | "deferred"> {
  const database = await getDatabase();
  const [stored] = await database.sql.query<{ text: string | null }>(
    "SELECT context->>'fallback_text' AS text FROM outbox_messages WHERE message_id = $1",
    [messageIdOf(row.send_id, row.customer_id)],
  );
  const text = stored?.text?.trim();
  if (!text) {
    await settle(row, { status: "failed", error: "no fallback text was kept with the Viber message" });
    return "failed";
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
    return "sent";
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
    return temporary ? "deferred" : "failed";
  }
}

/** SMS legs whose runs died MAX_ATTEMPTS times (their lease passed) are failed: the claim leaves them. */
async function giveUpInterrupted(): Promise<void> {
  const database = await getDatabase();
  await database.sql.query(
    `UPDATE campaign_messages SET fallback_status = 'failed',
       fallback_error = 'the SMS leg was interrupted in flight ${MAX_ATTEMPTS} times'
     WHERE channel = 'viber_sms' AND status = 'sent' AND fallback_status = 'sending'
       AND COALESCE(fallback_claimed_at, '-infinity') < $1 AND fallback_attempts >= $2`,
    [new Date(now().getTime() - LEASE_MS), MAX_ATTEMPTS],
  );
}

async function settle(
  row: Claimed,
  outcome: { status: "sent" | "failed" | null; providerId?: string; error?: string },
): Promise<void> {
  const database = await getDatabase();
  await database.sql.query(
    // Handed back (status null): that claim finished, it was no interruption.
    `UPDATE campaign_messages SET fallback_status = $3, fallback_provider_message_id = $4, fallback_error = $5,
       fallback_sent_at = CASE WHEN $3 = 'sent' THEN $6::timestamptz END,
       fallback_attempts = CASE WHEN $3 IS NULL THEN GREATEST(fallback_attempts - 1, 0) ELSE fallback_attempts END
     WHERE send_id = $1 AND customer_id = $2 AND fallback_status = 'sending'`,
    [row.send_id, row.customer_id, outcome.status, outcome.providerId ?? null, outcome.error ?? null, now()],
  );
}
