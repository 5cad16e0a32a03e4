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
 * or a sweep and a receipt, never take the same leg. Checked again when claimed, like the first
 * leg (../suppressions/filter-sendable.ts): a customer deleted since, without SMS consent, or whose
 * number is suppressed on SMS is not sent the SMS (fallback_status skipped, the reason in
 * fallback_error). Each SMS is recorded (sent, or failed with the reason) as soon as the provider
 * answered, before the next one goes (through a provider without receipts, the outbox, with its
 * delivered event: ./deliver.ts recordDeliveredOnHandOver). The legs a running sweep holds have
 * their lease renewed. A run that dies leaves its claimed legs `sending`; after
 * LEASE_MS they are claimed again (an interruption, counted in fallback_interruptions) and sent
 * under the same message id (the outbox keeps it once): only the one in flight at the crash may
 * reach the customer twice, and nothing is lost. A leg interrupted MAX_INTERRUPTIONS times is
 * failed. The provider's refusals follow the first leg's policy (retryDecision,
 * lib/messaging/provider-error.ts): a permanent one fails the leg at once; a temporary one hands
 * the claim back, not to be claimed again before fallback_retry_at (backoff with jitter, at least
 * the provider's Retry-After), for up to an hour after its first temporary refusal; then it fails
 * with the last error. Runs every minute (job campaigns.send-fallbacks) and at once for a failed
 * Viber receipt (./record-receipt.ts).
 */
import { now } from "@/lib/clock";
import { normalisedAddressSql, suppressedSql } from "@/lib/data/effective-consent";
import { getDatabase, type SqlRunner } from "@/lib/db/client";
import { log } from "@/lib/log";
import { isTransient, retryDecision } from "@/lib/messaging/provider-error";
import { sendMessage } from "@/lib/messaging/send-message";
import { recordCampaignEvent } from "../events";
import { LEASE_MS, MAX_INTERRUPTIONS, messageIdOf, recordDeliveredOnHandOver } from "./deliver";

/**
 * How long after the validity the SMS leg waits for a late receipt: a Viber message delivered just
 * before its validity ended may be reported a little later, and the customer would get both.
 * (An undelivered one is reported EXPIRED by the provider at the end of the validity, which
 * sends the SMS at once.)
 */
export const RECEIPT_GRACE_MS = 2 * 60 * 1000;

interface Claimed {
  sent_at: Date;
  send_id: string;
  customer_id: string;
  campaign_id: string;
  address: string;
  /** Claims of the leg so far, this one included (the backoff's exponent). */
  fallback_attempts: number;
  /** The leg's first temporary refusal: retries stop an hour after it. */
  fallback_first_failed_at: Date | null;
}

/** SMS legs claimed at once (a run records each as it goes; the rest of a batch waits its turn). */
export const FALLBACK_BATCH = 50;

// $1 now, $2/$3 one message (or NULLs), $4 the receipt grace, $5 the lease's end, $6 the batch.
// A leg still `sending` past its lease was interrupted once more (SET reads the row before it).
const CLAIM = `
  UPDATE campaign_messages m SET fallback_status = 'sending', fallback_error = NULL,
         fallback_claimed_at = $1, fallback_attempts = m.fallback_attempts + 1,
         fallback_interruptions = m.fallback_interruptions + CASE WHEN m.fallback_status = 'sending' THEN 1 ELSE 0 END
  WHERE (m.send_id, m.customer_id) IN (
    SELECT q.send_id, q.customer_id
    FROM campaign_messages q JOIN campaign_groups g ON g.campaign_id = q.campaign_id
    WHERE q.channel = 'viber_sms' AND q.status = 'sent'
      AND ($2::text IS NULL OR (q.send_id = $2 AND q.customer_id = $3))
      AND ((q.fallback_status IS NULL
            AND (q.fallback_retry_at IS NULL OR q.fallback_retry_at <= $1)
            AND q.receipt_status IS DISTINCT FROM 'delivered'
            AND (q.receipt_status = 'failed'
                 OR q.sent_at + COALESCE(g.channel_validity_period, 1) *
                    CASE g.channel_validity_unit WHEN 'MINUTES' THEN interval '1 minute'
                                                 WHEN 'HOURS' THEN interval '1 hour'
                                                 ELSE interval '1 day' END + $4::int * interval '1 millisecond' <= $1))
           -- Claimed by a run that died: its lease has passed.
           OR (q.fallback_status = 'sending' AND COALESCE(q.fallback_claimed_at, '-infinity') < $5
               AND q.fallback_interruptions + 1 < ${MAX_INTERRUPTIONS}))
    LIMIT $6
    FOR UPDATE OF q SKIP LOCKED)
  AND (m.fallback_status IS NULL
       OR (m.fallback_status = 'sending' AND COALESCE(m.fallback_claimed_at, '-infinity') < $5))
  RETURNING m.send_id, m.customer_id, m.campaign_id, m.address, m.sent_at, m.fallback_attempts,
            m.fallback_first_failed_at`;

/**
 * The send-time check of claimed SMS legs: who was deleted, lost SMS consent or had the number
 * suppressed on SMS since is not sent the SMS (skipped, with the reason); the others are returned.
 */
async function sendableLegs(claimed: Claimed[]): Promise<Claimed[]> {
  if (claimed.length === 0) return claimed;
  const database = await getDatabase();
  const skipped = await database.sql.query<{ send_id: string; customer_id: string }>(
    `WITH x AS (
       SELECT m.send_id, m.customer_id,
         CASE
           WHEN c.customer_id IS NULL THEN 'skipped: the customer was deleted before the SMS leg was due'
           WHEN ${suppressedSql("sms", "m.address")} THEN 'skipped: the number is suppressed on SMS ('
             || (SELECT string_agg(s.reason, ', ' ORDER BY s.reason) FROM suppressions s
                 WHERE s.channel = 'sms' AND s.address = ${normalisedAddressSql("sms", "m.address")}) || ')'
           WHEN NOT c.sms_consent THEN 'skipped: the customer has no SMS consent'
         END AS why
       FROM campaign_messages m LEFT JOIN customers c ON c.customer_id = m.customer_id
       WHERE (m.send_id, m.customer_id) IN (SELECT unnest($1::text[]), unnest($2::text[]))
         AND m.fallback_status = 'sending'
     )
     UPDATE campaign_messages m SET fallback_status = 'skipped', fallback_error = x.why
       FROM x
      WHERE m.send_id = x.send_id AND m.customer_id = x.customer_id AND x.why IS NOT NULL
        AND m.fallback_status = 'sending'
     RETURNING m.send_id, m.customer_id`,
    [claimed.map((r) => r.send_id), claimed.map((r) => r.customer_id)],
  );
  if (skipped.length === 0) return claimed;
  const gone = new Set(skipped.map((r) => `${r.send_id}\u0000${r.customer_id}`));
  return claimed.filter((r) => !gone.has(`${r.send_id}\u0000${r.customer_id}`));
}

/** The SMS leg's id: the Viber leg's message id with -sms (the outbox keeps each leg once). */
export function fallbackIdOf(sendId: string, customerId: string): string {
  return `${messageIdOf(sendId, customerId)}-sms`;
}

/**
 * Sends every SMS leg due (or only one message's), batch after batch; the number of SMS handed on.
 * A batch goes one leg at a time, so with a slow provider it may outlast LEASE_MS: the legs it
 * still holds have their lease renewed meanwhile (as ./deliver.ts does), else the next sweep would
 * claim and send them a second time.
 */
export async function sendDueFallbacks(
  opts: { sendId?: string; customerId?: string; renewEveryMs?: number } = {},
): Promise<number> {
  const database = await getDatabase();
  await giveUpInterrupted();
  let sent = 0;
  /** Claimed and not yet settled, by send and customer. */
  const held = new Map<string, Claimed>();
  const renewal = setInterval(
    () => {
      renewLeases([...held.values()]).catch((error) =>
        log.warn("viber_sms fallback: leases not renewed", { error: String(error) }),
      );
    },
    opts.renewEveryMs ?? LEASE_MS / 5,
  );
  renewal.unref?.();
  try {
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
      const legs = await sendableLegs(claimed);
      for (const row of legs) held.set(legKey(row), row);
      let deferred = 0;
      for (const row of legs) {
        const outcome = await sendOne(row);
        held.delete(legKey(row));
        if (outcome === "sent") sent++;
        if (outcome === "deferred") deferred++;
      }
      // The provider refused the whole batch for now (as ./deliver.ts pauses): the sweep stops
      // here rather than claim more for it to refuse; each refused leg waits for its retry time.
      if (opts.sendId || (legs.length > 0 && deferred === legs.length)) return sent;
    }
  } finally {
    clearInterval(renewal);
  }
}

function legKey(row: Claimed): string {
  return `${row.send_id}\u0000${row.customer_id}`;
}

/** The legs a sweep still holds are claimed now again (their lease starts over). */
async function renewLeases(legs: Claimed[]): Promise<void> {
  if (legs.length === 0) return;
  const database = await getDatabase();
  await database.sql.query(
    `UPDATE campaign_messages m SET fallback_claimed_at = $3
       FROM unnest($1::text[], $2::text[]) AS v(send_id, customer_id)
      WHERE m.send_id = v.send_id AND m.customer_id = v.customer_id AND m.fallback_status = 'sending'`,
    [legs.map((r) => r.send_id), legs.map((r) => r.customer_id), now()],
  );
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
    const sent = await sendMessage({
      channel: "sms",
      to: row.address,
      body: text,
      messageId: fallbackIdOf(row.send_id, row.customer_id),
      context: { campaign_id: row.campaign_id, send_id: row.send_id, customer_id: row.customer_id, leg: "sms" },
    });
    // A provider without receipts (the outbox): the leg is delivered now, as a receipt would say.
    const database = await getDatabase();
    await database.transaction(async (sql) => {
      const settled = await settle(row, { status: "sent", providerId: sent.messageId }, sql);
      if (settled && !sent.deliveryReceipts) {
        await recordDeliveredOnHandOver(sql, {
          sendId: row.send_id,
          at: now(),
          messages: [{ customerId: row.customer_id, leg: "sms", provider: sent.provider }],
        });
      }
    });
    return "sent";
  } catch (error) {
    // The first leg's policy: permanent refusals fail at once, temporary ones come back after a
    // backoff (never before the provider's Retry-After) for up to an hour after the first.
    const at = now();
    const decision = retryDecision({
      error,
      attempt: row.fallback_attempts,
      firstFailedAt: row.fallback_first_failed_at,
      now: at,
    });
    const temporary = decision.retry;
    const givenUp = decision.retry || !isTransient(error) ? "" : ` (given up: ${decision.reason})`;
    await settle(row, {
      status: temporary ? null : "failed",
      error: `${String(error).slice(0, 1000)}${givenUp}`,
      ...(temporary && { retryAt: new Date(at.getTime() + decision.after_ms) }),
    });
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

/**
 * SMS legs whose claim ended without an outcome MAX_INTERRUPTIONS times (this one included: its
 * lease passed) are failed: the claim leaves them. Temporary refusals are no interruptions.
 */
async function giveUpInterrupted(): Promise<void> {
  const database = await getDatabase();
  await database.sql.query(
    `UPDATE campaign_messages SET fallback_status = 'failed', fallback_interruptions = fallback_interruptions + 1,
       fallback_error = 'the SMS leg was interrupted in flight ${MAX_INTERRUPTIONS} times (its run stopped before the provider answered)'
     WHERE channel = 'viber_sms' AND status = 'sent' AND fallback_status = 'sending'
       AND COALESCE(fallback_claimed_at, '-infinity') < $1 AND fallback_interruptions + 1 >= $2`,
    [new Date(now().getTime() - LEASE_MS), MAX_INTERRUPTIONS],
  );
}

/**
 * Records a claimed leg's outcome. Handed back (status null) after a temporary refusal: that claim
 * finished, it was no interruption; the leg waits for its retry time, and its attempt counts (the
 * next backoff is longer).
 */
async function settle(
  row: Claimed,
  outcome: { status: "sent" | "failed" | null; providerId?: string; error?: string; retryAt?: Date },
  sql?: SqlRunner,
): Promise<boolean> {
  const runner = sql ?? (await getDatabase()).sql;
  const at = now();
  const settled = await runner.query(
    `UPDATE campaign_messages SET fallback_status = $3, fallback_provider_message_id = $4, fallback_error = $5,
       fallback_sent_at = CASE WHEN $3 = 'sent' THEN $6::timestamptz END,
       fallback_retry_at = $7,
       fallback_first_failed_at = CASE WHEN $7::timestamptz IS NOT NULL THEN COALESCE(fallback_first_failed_at, $6::timestamptz)
                                       ELSE fallback_first_failed_at END
     WHERE send_id = $1 AND customer_id = $2 AND fallback_status = 'sending'
     RETURNING 1`,
    [
      row.send_id,
      row.customer_id,
      outcome.status,
      outcome.providerId ?? null,
      outcome.error ?? null,
      at,
      outcome.retryAt ?? null,
    ],
  );
  return settled.length > 0;
}
