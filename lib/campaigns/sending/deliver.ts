/**
 * Delivering a send (job campaigns.deliver-send): batches of recipients are claimed (status
 * sending, attempts + 1, a lease) by one UPDATE ... RETURNING whose subselect takes the rows
 * FOR UPDATE SKIP LOCKED, so two runs at once never claim the same row; each message is
 * personalised (a group that is not personalised: one message for all, no customer's facts loaded)
 * and handed to its provider (PARALLEL at once) with a message id derived from the
 * send and the customer. A batch's outcome is kept in one transaction: its outbox rows in one
 * INSERT, its rows marked sent, or failed with the error (a transient failure goes back to queued,
 * not to be claimed again before its retry_at: backoff with jitter, at least the provider's
 * Retry-After, for up to an hour after its first failure, lib/messaging/provider-error.ts; the run
 * waits for such rows when they are due within RETRY_WAIT_MS, else ends and queues the send's
 * job again to start at the earliest retry_at, so no worker waits on a provider's long pause).
 *
 * A pipeline: while one batch is with the provider, the next is claimed and loaded and the one
 * before is recorded, so the provider does not wait for the database between batches. A run that
 * stops on an error puts the batch it claimed ahead back, unsent.
 *
 * Crash safety: the recipients were written before the first message (./prepare.ts). Each
 * message's outcome is recorded as soon as its provider answered, before its worker takes the
 * next one (./group-commit.ts: many outcomes per transaction, one failing outcome only fails its
 * own message), and the rows a run holds have their lease renewed while it runs. A run that dies
 * leaves its claimed rows in `sending` (the batch being sent and the one claimed ahead); once their
 * lease has passed, the next run (the job retried, or the scheduler's sweep) claims and sends them
 * again under the same message id, so the outbox keeps each message once and an SMTP server sees
 * the same Message-ID. Only messages in flight at the crash (at most PARALLEL) may thus reach the
 * recipient twice (the same Message-ID); nothing is skipped. A message that fails to compose,
 * send or record is failed with its reason; the rest of its batch goes on. A claim taken again
 * after its lease counts an interruption (`interruptions`, apart from `attempts`, which also
 * counts the provider's retries): a message interrupted MAX_INTERRUPTIONS times takes its worker
 * down each time and is failed.
 *
 * When no row is queued or in flight the send is closed (./finish.ts): Sent, or Not sent when
 * nothing was sent (the reason says how many failed and how many were skipped).
 */
import { createHash } from "node:crypto";
import { now } from "@/lib/clock";
import { suppressedSql } from "@/lib/data/effective-consent";
import { db, getDatabase, type SqlRunner } from "@/lib/db/client";
import { log } from "@/lib/log";
import { isTransient, retryDecision } from "@/lib/messaging/provider-error";
import { handOver, type OutboxRow, outboxInsert, recordMessages } from "@/lib/messaging/send-message";
import { filterSendable } from "../suppressions/filter-sendable";
import { withTemplateHtml } from "../templates";
import { messageFor } from "./compose-message";
import { finishIfDone } from "./finish";
import { groupCommit } from "./group-commit";
import { loadPersonalisation, type Personalisation, usesProducts } from "./personalise";
import { queueDelivery } from "./start-send";

export const BATCH_SIZE = 200;
/** A message whose claim ended without an outcome this many times (its run died) is failed. */
export const MAX_INTERRUPTIONS = 3;
/** A row in `sending` longer than this belongs to a run that died. */
export const LEASE_MS = 5 * 60 * 1000;
/**
 * Messages handed to the provider at once (the SMTP pool has as many connections). Each SMTP
 * message is four round trips; with 10 at once the sender waited on them a fifth of the time
 * (npm run bench -- send: 30,000 recipients 745 -> 1,214 messages/s from 10 to 20).
 */
export const PARALLEL = 20;
/** How often a run marks its send as moving (date_modified), at most. */
const TOUCH_EVERY_MS = 10_000;
/** A run waits for retries due within this long instead of ending (the retry is soon). */
const RETRY_WAIT_MS = 30_000;

interface Claimed {
  customer_id: string;
  group_number: number;
  campaign_id: string;
  address: string;
  attempts: number;
  /** The first transient failure of the message: retries stop an hour after it. */
  first_failed_at: Date | null;
}

/** A claimed batch with what its messages need. */
interface Batch {
  claimed: Claimed[];
  facts: Awaited<ReturnType<typeof loadPersonalisation>>;
  smsOnly: Set<string>;
}

interface Result {
  customer_id: string;
  ok: boolean;
  providerId?: string;
  /** The outbox row of a message handed on (kept with the batch's states). */
  row?: OutboxRow;
  /**
   * Delivered when handed on: an SMS or Viber message to a provider that sends no receipts (the
   * outbox). E-mail is not: the report counts it delivered unless a DSN bounces it later.
   */
  deliveredOnHandOver?: boolean;
  error?: string;
  retry?: boolean;
  retryAt?: Date;
}

/** The message id of a recipient of a send: the same in every run. */
export function messageIdOf(sendId: string, customerId: string): string {
  return `cm-${createHash("sha256").update(`${sendId}\u0000${customerId}`).digest("hex").slice(0, 40)}`;
}

// A row still `sending` past its lease was interrupted once more (SET reads the row before it).
// The rows the claiming run holds itself ($5) are never taken again by it: were a renewal of
// their lease late, its claim ahead would otherwise send them a second time.
const CLAIM = `
  UPDATE campaign_messages m SET status = 'sending', attempts = m.attempts + 1, claimed_at = $3,
         interruptions = m.interruptions + CASE WHEN m.status = 'sending' THEN 1 ELSE 0 END
  WHERE (m.send_id, m.customer_id) IN (
    SELECT q.send_id, q.customer_id FROM campaign_messages q
    WHERE q.send_id = $1 AND q.customer_id <> ALL($5::text[])
      AND ((q.status = 'queued' AND (q.retry_at IS NULL OR q.retry_at <= $3))
           OR (q.status = 'sending' AND q.claimed_at < $4 AND q.interruptions + 1 < ${MAX_INTERRUPTIONS}))
    LIMIT $2
    FOR UPDATE SKIP LOCKED)
  AND ((m.status = 'queued' AND (m.retry_at IS NULL OR m.retry_at <= $3))
       OR (m.status = 'sending' AND m.claimed_at < $4 AND m.interruptions + 1 < ${MAX_INTERRUPTIONS}))
  RETURNING m.customer_id, m.group_number, m.campaign_id, m.address, m.attempts, m.first_failed_at`;

/**
 * Runs the tasks PARALLEL at a time. A task that throws (its outcome could not even be marked)
 * stops the others from taking new tasks; every worker has settled before this throws, so nothing
 * is handed on after the run gave up.
 */
async function sendAll(tasks: (() => Promise<Result>)[]): Promise<Result[]> {
  const results: Result[] = [];
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < tasks.length) {
      const task = tasks[next++]!;
      try {
        results.push(await task());
      } catch (error) {
        stopped = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL, tasks.length) }, worker));
  const failure = settled.find((s) => s.status === "rejected");
  if (failure) throw failure.reason;
  return results;
}

export async function deliverSend(opts: {
  sendId: string;
  batchSize?: number;
  /** Stop after this many batches (tests: a run cut short). */
  maxBatches?: number;
  /** How often the leases of the rows the run holds are renewed (tests); LEASE_MS / 5 by default. */
  renewEveryMs?: number;
}): Promise<{ sent: number; failed: number; finished: boolean }> {
  const { sendId } = opts;
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  const prisma = await db();
  const send = await prisma.campaignSend.findUnique({
    where: { send_id: sendId },
    include: { campaign: { include: { groups: true } } },
  });
  const totals = { sent: 0, failed: 0, finished: false };
  if (send?.status !== "Sending") return { ...totals, finished: send?.status !== "Preparing" };
  const campaign = send.campaign;
  const groups = new Map((await withTemplateHtml(campaign.groups)).map((g) => [g.group_number, g]));
  // A group that is not personalised sends everyone one message: its recipients' names and own
  // recommendations are not loaded (its shared products are, once: ./compose-message.ts).
  const personalised = new Set([...groups.values()].filter((g) => g.is_personalized).map((g) => g.group_number));
  const withProducts = usesProducts(
    [...groups.values()]
      .filter((g) => personalised.has(g.group_number))
      .flatMap((g) => [
        g.channel_subject,
        g.channel_message_text,
        g.channel_button,
        g.channel_button_link,
        g.channel_image_url,
        g.channel_fallback_message_text,
        g.template_html ?? "",
      ]),
  );
  const database = await getDatabase();
  /** Claimed and not yet recorded: their lease is renewed while the run holds them. */
  const held = new Set<string>();
  let touchedAt = 0;
  const recorder = groupCommit<Result>({
    write: (results) => {
      // The send's date_modified is kept fresh, not rewritten by every group.
      const touch = Date.now() - touchedAt >= TOUCH_EVERY_MS;
      if (touch) touchedAt = Date.now();
      return record(sendId, results, touch);
    },
    fallback: (result, error) => markUnrecorded(sendId, result, error),
  });
  /** Claims the next batch and loads what its messages need; null when nothing is claimable. */
  const nextBatch = async (): Promise<Batch | null> => {
    const at = now();
    const claimedAll = await database.sql.query<Claimed>(CLAIM, [
      sendId,
      batchSize,
      at,
      new Date(at.getTime() - LEASE_MS),
      [...held],
    ]);
    if (claimedAll.length === 0) return null;
    // Consent and suppression checked again now: who lost them since preparation is skipped.
    const claimed = await filterSendable({ sendId, channelType: campaign.channel_type, claimed: claimedAll });
    if (claimed.length === 0) return nextBatch();
    for (const r of claimed) held.add(r.customer_id);
    const own = claimed.filter((r) => personalised.has(r.group_number)).map((r) => r.customer_id);
    const facts = own.length ? await loadPersonalisation(own, withProducts) : new Map<string, Personalisation>();
    const smsOnly = campaign.channel_type === "viber_sms" ? await viberNotSendable(sendId, claimed) : new Set<string>();
    return { claimed, facts, smsOnly };
  };
  const sendOne = async (row: Claimed, batch: Batch): Promise<Result> => {
    const group = groups.get(row.group_number);
    if (!group) return { customer_id: row.customer_id, ok: false, error: "the group no longer exists" };
    // viber_sms to a customer who may be sent SMS only: the SMS with the fallback text, no Viber.
    const direct = batch.smsOnly.has(row.customer_id);
    const channelType = direct ? "sms" : campaign.channel_type;
    const content = direct ? { ...group, channel_message_text: group.channel_fallback_message_text } : group;
    let message: Awaited<ReturnType<typeof messageFor>>;
    try {
      message = await messageFor(channelType, content, row.address, batch.facts.get(row.customer_id), {
        campaign_id: row.campaign_id,
        send_id: sendId,
        customer_id: row.customer_id,
      });
    } catch (error) {
      // This message only: the others of the batch go out; sending it again would not help.
      return {
        customer_id: row.customer_id,
        ok: false,
        error: `could not be composed: ${String(error).slice(0, 1000)}`,
      };
    }
    try {
      const handed = await handOver({ ...message, messageId: messageIdOf(sendId, row.customer_id) });
      return {
        customer_id: row.customer_id,
        ok: true,
        providerId: handed.messageId,
        row: handed.row,
        deliveredOnHandOver: !handed.deliveryReceipts && handed.row.channel !== "email",
      };
    } catch (error) {
      // Transient failures (429, 5xx, timeouts) come back with backoff for up to an hour, never
      // before the provider's Retry-After; permanent ones fail at once (lib/messaging/provider-error.ts).
      const at = now();
      const decision = retryDecision({ error, attempt: row.attempts, firstFailedAt: row.first_failed_at, now: at });
      const reason = decision.retry || !isTransient(error) ? "" : ` (given up: ${decision.reason})`;
      return {
        customer_id: row.customer_id,
        ok: false,
        error: `${String(error).slice(0, 1000)}${reason}`,
        retry: decision.retry,
        retryAt: new Date(at.getTime() + decision.after_ms),
      };
    }
  };
  await giveUpInterrupted(sendId);
  // A long batch (a slow provider, a low rate) must not outlive its lease: another run would take
  // its rows and send them again. The rows this run holds have their lease renewed meanwhile.
  const renewal = setInterval(
    () => {
      renewLeases(sendId, [...held]).catch((error) =>
        log.warn("campaign send: leases not renewed", { send: sendId, error: String(error) }),
      );
    },
    opts.renewEveryMs ?? LEASE_MS / 5,
  );
  renewal.unref?.();
  // A pipeline: while a batch's messages are with the provider, the next batch is claimed and
  // loaded, and each message is recorded as its provider answers (many in one transaction), so
  // the provider is never left waiting on the database.
  let next: Promise<Batch | null> = nextBatch();
  try {
    for (let batch = 0; ; batch++) {
      const current = await next;
      if (!current) {
        // A batch being recorded may put rows back for a retry: wait for it before deciding.
        await recorder.idle();
        // Rows whose run died meanwhile, in flight too often, are not claimed: given up here.
        await giveUpInterrupted(sendId);
        if (await waitForRetries(sendId)) {
          next = nextBatch();
          continue;
        }
        break;
      }
      const last = opts.maxBatches !== undefined && batch + 1 >= opts.maxBatches;
      next = last ? Promise.resolve(null) : nextBatch();
      // Awaited in the next round, or released below: never an unhandled rejection meanwhile.
      next.catch(() => undefined);
      // Each outcome is recorded before its worker takes the next message (./group-commit.ts).
      const results = await sendAll(
        current.claimed.map((row) => async () => {
          const result = await sendOne(row, current);
          await recorder.add(result);
          held.delete(row.customer_id);
          return result;
        }),
      );
      const ok = results.filter((r) => r.ok).length;
      totals.sent += ok;
      totals.failed += results.filter((r) => !r.ok && !r.retry).length;
      if (ok === 0 && results.every((r) => r.retry)) {
        // The provider refuses everything for now: the run stops, the batch claimed ahead goes
        // back unsent, and the job is queued again for the earliest retry (below).
        log.warn("campaign send paused: the provider refused a whole batch for now", {
          send: sendId,
          error: results[0]?.error,
        });
        await release(sendId, await next.catch(() => null));
        break;
      }
      if (last) break;
    }
  } catch (error) {
    // The batch claimed ahead goes back unsent (not left to its lease); what was sent is recorded.
    await release(sendId, await next.catch(() => null));
    await recorder.idle();
    throw error;
  } finally {
    clearInterval(renewal);
  }
  await recorder.idle();
  totals.finished = await finishIfDone(sendId);
  if (!totals.finished) await scheduleRetries(sendId);
  return totals;
}

/** Queues the send's job again to start when its earliest retry is due (none: nothing to do). */
async function scheduleRetries(sendId: string): Promise<void> {
  const database = await getDatabase();
  const [next] = await database.sql.query<{ at: Date | null }>(
    "SELECT MIN(retry_at) AS at FROM campaign_messages WHERE send_id = $1 AND status = 'queued' AND retry_at IS NOT NULL",
    [sendId],
  );
  if (next?.at) await queueDelivery(sendId, new Date(next.at));
}

/**
 * viber_sms recipients among the claimed whose Viber leg may not go: no Viber consent, or their
 * number suppressed on Viber (effective consent, lib/data/effective-consent.ts; preparation lets
 * either leg in, and filterSendable has just checked that one of them may go). They are sent the
 * SMS directly, and their rows are marked so that the fallback (./fallback.ts) never sends them a
 * second SMS.
 */
async function viberNotSendable(sendId: string, claimed: Claimed[]): Promise<Set<string>> {
  const database = await getDatabase();
  const rows = await database.sql.query<{ customer_id: string }>(
    `UPDATE campaign_messages m SET fallback_status = 'direct'
       FROM customers c
      WHERE m.send_id = $1 AND m.customer_id = ANY($2::text[]) AND c.customer_id = m.customer_id
        AND NOT (c.viber_consent AND NOT ${suppressedSql("viber", "m.address")})
        AND (m.fallback_status IS NULL OR m.fallback_status = 'direct')
     RETURNING m.customer_id`,
    [sendId, claimed.map((r) => r.customer_id)],
  );
  return new Set(rows.map((r) => r.customer_id));
}

/**
 * Keeps outcomes (a group of ./group-commit.ts) at once: the outbox rows of the messages handed on
 * (one INSERT), their rows sent, the others failed or queued again for a retry. A crash before it
 * leaves them in `sending`; they are sent again under the same ids after the lease.
 *
 * Usually one statement (data-modifying CTEs, atomic as a transaction is): with 20 messages in
 * flight a send writes every few messages, and on the embedded database BEGIN, each statement and
 * COMMIT are a turn each on its one backend (it was five turns a write, the send's date_modified
 * rewritten by each; now one, the send touched every TOUCH_EVERY_MS). A message delivered when
 * handed on (deliveredOnHandOver: no receipt will come) also gets its delivered event and
 * receipt_status, as a receipt would give them (the report counts it, and a viber_sms message
 * delivered to the Outbox gets no SMS fallback): that takes a transaction of several statements.
 */
async function record(sendId: string, results: Result[], touch: boolean): Promise<void> {
  if (results.some((r) => r.ok && r.deliveredOnHandOver)) return recordInTransaction(sendId, results);
  const database = await getDatabase();
  const sent = results.filter((r) => r.ok);
  const failed = results.filter((r) => !r.ok);
  const rows = sent.flatMap((r) => (r.row ? [r.row] : []));
  // Only the parts this group needs: planning the statement is a good part of its cost.
  const params: unknown[] = [sendId, now()];
  const add = (...values: unknown[]) => {
    params.push(...values);
    return params.length - values.length + 1;
  };
  const parts: string[] = [];
  if (sent.length) {
    const p = add(
      sent.map((r) => r.customer_id),
      sent.map((r) => r.providerId ?? ""),
    );
    parts.push(`sent AS (
       UPDATE campaign_messages m SET status = 'sent', provider_message_id = v.provider_id, sent_at = $2, error = NULL
         FROM unnest($${p}::text[], $${p + 1}::text[]) AS v(customer_id, provider_id)
        WHERE m.send_id = $1 AND m.customer_id = v.customer_id AND m.status = 'sending')`);
  }
  if (failed.length) {
    const p = add(
      failed.map((r) => r.customer_id),
      failed.map((r) => r.error ?? ""),
      failed.map((r) => r.retry === true),
      failed.map((r) => r.retryAt ?? null),
    );
    parts.push(`failed AS (
       UPDATE campaign_messages m SET status = CASE WHEN v.retry THEN 'queued' ELSE 'failed' END, error = v.error,
              retry_at = CASE WHEN v.retry THEN v.retry_at END,
              first_failed_at = CASE WHEN v.retry THEN COALESCE(m.first_failed_at, $2::timestamptz) END
         FROM unnest($${p}::text[], $${p + 1}::text[], $${p + 2}::boolean[], $${p + 3}::timestamptz[])
              AS v(customer_id, error, retry, retry_at)
        WHERE m.send_id = $1 AND m.customer_id = v.customer_id AND m.status = 'sending')`);
  }
  if (rows.length) {
    const insert = outboxInsert(rows, params.length + 1);
    add(...insert.params);
    parts.push(`outbox AS (${insert.sql})`);
  }
  // The send's liveness for the scheduler's sweep (./start-due.ts: 10 minutes without a change).
  if (touch) parts.push("touched AS (UPDATE campaign_sends SET date_modified = $2 WHERE send_id = $1)");
  if (parts.length === 0) return;
  await database.sql.query(`WITH ${parts.join(",\n")}\nSELECT $1::text AS send_id, $2::timestamptz AS at`, params);
}

/** record() with messages delivered on hand-over: their receipt and event too, in one transaction. */
async function recordInTransaction(sendId: string, results: Result[]): Promise<void> {
  const database = await getDatabase();
  const sent = results.filter((r) => r.ok);
  const failed = results.filter((r) => !r.ok);
  const at = now();
  await database.transaction(async (sql) => {
    await recordMessages(
      sent.flatMap((r) => (r.row ? [r.row] : [])),
      sql,
    );
    if (sent.length) {
      const marked = await sql.query<{ customer_id: string }>(
        `UPDATE campaign_messages m SET status = 'sent', provider_message_id = v.provider_id, sent_at = $2, error = NULL
         FROM (SELECT unnest($3::text[]) AS customer_id, unnest($4::text[]) AS provider_id) v
         WHERE m.send_id = $1 AND m.customer_id = v.customer_id AND m.status = 'sending'
         RETURNING m.customer_id`,
        [sendId, at, sent.map((r) => r.customer_id), sent.map((r) => r.providerId ?? "")],
      );
      const markedIds = new Set(marked.map((r) => r.customer_id));
      const delivered = sent.filter((r) => r.deliveredOnHandOver && r.row && markedIds.has(r.customer_id));
      if (delivered.length) {
        await recordDeliveredOnHandOver(sql, {
          sendId,
          at,
          messages: delivered.map((r) => ({
            customerId: r.customer_id,
            leg: r.row?.channel ?? "",
            provider: r.row?.provider ?? "",
          })),
        });
      }
    }
    if (failed.length) {
      await sql.query(
        `UPDATE campaign_messages m SET status = CASE WHEN v.retry THEN 'queued' ELSE 'failed' END, error = v.error,
           retry_at = CASE WHEN v.retry THEN v.retry_at END,
           first_failed_at = CASE WHEN v.retry THEN COALESCE(m.first_failed_at, $6::timestamptz) END
         FROM (SELECT unnest($2::text[]) AS customer_id, unnest($3::text[]) AS error, unnest($4::boolean[]) AS retry,
                      unnest($5::timestamptz[]) AS retry_at) v
         WHERE m.send_id = $1 AND m.customer_id = v.customer_id AND m.status = 'sending'`,
        [
          sendId,
          failed.map((r) => r.customer_id),
          failed.map((r) => r.error ?? ""),
          failed.map((r) => r.retry === true),
          failed.map((r) => r.retryAt ?? null),
          at,
        ],
      );
    }
    await sql.query("UPDATE campaign_sends SET date_modified = $2 WHERE send_id = $1", [sendId, at]);
  });
}

/**
 * What a delivered receipt records (./record-receipt.ts), for messages whose provider sends none:
 * a delivered event of the leg and, on the first leg, receipt_status delivered. Inside the
 * caller's transaction, with the message's sent state.
 */
export async function recordDeliveredOnHandOver(
  sql: SqlRunner,
  opts: { sendId: string; at: Date; messages: { customerId: string; leg: string; provider: string }[] },
): Promise<void> {
  const ids = opts.messages.map((m) => m.customerId);
  const legs = opts.messages.map((m) => m.leg);
  // The first leg's status only, as record-receipt.ts keeps it (viber_sms's SMS leg is not it).
  await sql.query(
    `UPDATE campaign_messages m SET receipt_status = 'delivered'
       FROM (SELECT unnest($2::text[]) AS customer_id, unnest($3::text[]) AS leg) v
      WHERE m.send_id = $1 AND m.customer_id = v.customer_id AND (v.leg <> 'sms' OR m.channel = 'sms')
        AND m.receipt_status IS DISTINCT FROM 'delivered'`,
    [opts.sendId, ids, legs],
  );
  await sql.query(
    `INSERT INTO campaign_events (send_id, customer_id, campaign_key, group_number, kind, leg, detail, at)
     SELECT m.send_id, m.customer_id, s.campaign_key, m.group_number, 'delivered', v.leg, v.detail, $2
       FROM (SELECT unnest($3::text[]) AS customer_id, unnest($4::text[]) AS leg, unnest($5::text[]) AS detail) v
       JOIN campaign_messages m ON m.send_id = $1 AND m.customer_id = v.customer_id
       JOIN campaign_sends s ON s.send_id = m.send_id`,
    [
      opts.sendId,
      opts.at,
      ids,
      legs,
      opts.messages.map((m) => `${m.provider}: delivered when handed on (no receipts)`),
    ],
  );
}

/**
 * Rows whose claim ended without an outcome MAX_INTERRUPTIONS times (this one included: its lease
 * passed) are given up: a message that takes a worker down each time. The claim leaves them
 * alone. Provider retries are not interruptions: they are counted by attempts and end by the
 * retry policy (lib/messaging/provider-error.ts).
 */
async function giveUpInterrupted(sendId: string): Promise<void> {
  const database = await getDatabase();
  await database.sql.query(
    `UPDATE campaign_messages SET status = 'failed', interruptions = interruptions + 1,
       error = 'interrupted in flight ${MAX_INTERRUPTIONS} times (its run stopped before the provider answered)'
     WHERE send_id = $1 AND status = 'sending' AND claimed_at < $2 AND interruptions + 1 >= $3`,
    [sendId, new Date(now().getTime() - LEASE_MS), MAX_INTERRUPTIONS],
  );
}

/**
 * A message whose outcome could not be written (./group-commit.ts tried it alone): failed with the
 * reason, so it neither holds up its batch nor goes out again after the lease. Throws when even
 * that cannot be written (the database is gone): the run stops.
 */
async function markUnrecorded(sendId: string, result: Result, error: unknown): Promise<void> {
  const database = await getDatabase();
  const what = result.ok ? "handed to the provider, but its outcome could not be recorded" : "could not be recorded";
  const reason = `${what}: ${String(error).slice(0, 500)}${result.error ? ` (${result.error.slice(0, 400)})` : ""}`;
  log.warn("campaign message not recorded", { send: sendId, customer: result.customer_id, error: String(error) });
  await database.sql.query(
    `UPDATE campaign_messages SET status = 'failed', error = $3, provider_message_id = $4
     WHERE send_id = $1 AND customer_id = $2 AND status = 'sending'`,
    [sendId, result.customer_id, reason, result.providerId ?? null],
  );
}

/** Renews the lease of the rows a run holds (still in sending). */
async function renewLeases(sendId: string, customerIds: string[]): Promise<void> {
  if (customerIds.length === 0) return;
  const database = await getDatabase();
  await database.sql.query(
    `UPDATE campaign_messages SET claimed_at = $3
     WHERE send_id = $1 AND customer_id = ANY($2::text[]) AND status = 'sending'`,
    [sendId, customerIds, now()],
  );
}

/** Puts a claimed batch that was not sent back in the queue, its claim not counted as an attempt. */
async function release(sendId: string, batch: Batch | null): Promise<void> {
  if (!batch) return;
  const database = await getDatabase();
  await database.sql.query(
    `UPDATE campaign_messages SET status = 'queued', attempts = attempts - 1, claimed_at = NULL
     WHERE send_id = $1 AND customer_id = ANY($2::text[]) AND status = 'sending'`,
    [sendId, batch.claimed.map((r) => r.customer_id)],
  );
}

/** Waits for the send's next retry when it is due soon; false when there is none to wait for. */
async function waitForRetries(sendId: string): Promise<boolean> {
  const database = await getDatabase();
  const [next] = await database.sql.query<{ at: Date | null }>(
    "SELECT MIN(retry_at) AS at FROM campaign_messages WHERE send_id = $1 AND status = 'queued' AND retry_at IS NOT NULL",
    [sendId],
  );
  if (!next?.at) return false;
  const wait = new Date(next.at).getTime() - now().getTime();
  if (wait > RETRY_WAIT_MS) return false;
  // At least a moment: a due row another run holds (SKIP LOCKED) is not spun on.
  await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 50)));
  return true;
}
