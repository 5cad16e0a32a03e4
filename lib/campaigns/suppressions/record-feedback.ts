/**
 * A bounce or complaint about one campaign message, from a DSN or ARF report (the inbound SMTP
 * listener, ./handle-inbound-report.ts) or a provider's failed receipt (Twilio, Infobip). Kept
 * once per message and kind in message_feedback (a report delivered twice records nothing more),
 * with a campaign event (bounced or complained: the delivery report's columns), and the address
 * suppressed on the channel: at once for a hard bounce or a complaint, after soft_bounce_limit
 * soft bounces in a row (the customer's last that many messages on the channel, up to this one,
 * all soft-bounced; a message delivered in between breaks the run). All of it in one transaction
 * (with a provider's receipt, in the receipt's).
 */

import type { SuppressionChannel } from "@/lib/data/effective-consent";
import { getDatabase, type SqlRunner } from "@/lib/db/client";
import { log } from "@/lib/log";
import { recordCampaignEvent } from "../events";
import { getCampaignSettings } from "../settings";
import type { SuppressionReason } from "./schemas";
import { suppress } from "./suppress";

export type FeedbackKind = "hard_bounce" | "soft_bounce" | "complaint";

export interface Feedback {
  sendId: string;
  customerId: string;
  kind: FeedbackKind;
  /** The leg it concerns: email, sms or viber. */
  channel: SuppressionChannel;
  /** dsn, arf, twilio, infobip */
  source: string;
  /** The DSN's Status, the ARF feedback type, the provider's error code. */
  status: string;
  detail: string;
  /** The suppression's reason when not the kind's own (a Twilio STOP: stop_reply). */
  reason?: SuppressionReason;
}

export type FeedbackOutcome = "recorded" | "replay" | "unknown";

/**
 * Records a bounce or complaint: its message_feedback row, its event and any suppression in one
 * transaction, so a crash part-way keeps none of them and the report delivered again (a DSN's
 * retry, a provider's receipt retried after a 5xx) records them all; never a feedback row kept
 * (a replay from then on) without its suppression.
 */
export async function recordFeedback(feedback: Feedback): Promise<FeedbackOutcome> {
  // Read before the transaction: on the embedded database another connection waits for it to end.
  const { soft_bounce_limit } = await getCampaignSettings();
  const database = await getDatabase();
  return database.transaction((sql) => recordFeedbackIn(sql, feedback, soft_bounce_limit));
}

/**
 * recordFeedback's writes inside the caller's transaction (a provider's receipt and the bounce it
 * reports are kept together: ../sending/record-receipt.ts). softBounceLimit is the campaign
 * setting, read by the caller before its transaction began.
 */
export async function recordFeedbackIn(
  sql: SqlRunner,
  feedback: Feedback,
  softBounceLimit: number,
): Promise<FeedbackOutcome> {
  const [message] = await sql.query<{ address: string; sent_at: Date | null }>(
    "SELECT address, sent_at FROM campaign_messages WHERE send_id = $1 AND customer_id = $2",
    [feedback.sendId, feedback.customerId],
  );
  if (!message) return "unknown";
  const fresh = await sql.query(
    `INSERT INTO message_feedback (send_id, customer_id, kind, channel, address, status, detail, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING 1`,
    [
      feedback.sendId,
      feedback.customerId,
      feedback.kind,
      feedback.channel,
      message.address,
      feedback.status.slice(0, 100),
      feedback.detail.slice(0, 1000),
      feedback.source,
    ],
  );
  if (fresh.length === 0) return "replay";
  await recordCampaignEvent(
    {
      sendId: feedback.sendId,
      customerId: feedback.customerId,
      kind: feedback.kind === "complaint" ? "complained" : "bounced",
      leg: feedback.channel,
      detail: `${feedback.source} ${feedback.kind} ${feedback.status} ${feedback.detail}`.trim(),
    },
    sql,
  );
  const suppression = async (reason: SuppressionReason, note: string) => {
    if (!message.address.trim()) return;
    await suppress({
      channel: feedback.channel,
      address: message.address,
      customerId: feedback.customerId,
      reason,
      source: feedback.source,
      note,
      sql,
    });
    log.info("address suppressed", { channel: feedback.channel, reason, send: feedback.sendId });
  };
  const note = `send ${feedback.sendId}: ${feedback.status} ${feedback.detail}`.trim();
  if (feedback.kind === "hard_bounce") await suppression(feedback.reason ?? "hard_bounce", note);
  else if (feedback.kind === "complaint") await suppression(feedback.reason ?? "complaint", note);
  else if (await softRunReached(sql, feedback, message.sent_at, softBounceLimit)) {
    await suppression("hard_bounce", `${softBounceLimit} soft bounces in a row; last ${note}`);
  }
  return "recorded";
}

/** The customer's last soft_bounce_limit messages on the channel (up to this one) all soft-bounced. */
async function softRunReached(
  sql: SqlRunner,
  feedback: Feedback,
  sentAt: Date | null,
  limit: number,
): Promise<boolean> {
  const channels = feedback.channel === "email" ? ["email"] : [feedback.channel, "viber_sms"];
  const [run] = await sql.query<{ n: number; soft: number }>(
    `SELECT COUNT(*)::int AS n, COUNT(f.kind)::int AS soft FROM (
       SELECT m.send_id, m.customer_id FROM campaign_messages m
       WHERE m.customer_id = $1 AND m.channel = ANY($2::text[]) AND m.status = 'sent' AND m.sent_at <= $3
       ORDER BY m.sent_at DESC LIMIT $4
     ) last
     LEFT JOIN message_feedback f
       ON f.send_id = last.send_id AND f.customer_id = last.customer_id AND f.kind = 'soft_bounce' AND f.channel = $5`,
    [feedback.customerId, channels, sentAt ?? new Date(8.64e15), limit, feedback.channel],
  );
  return run !== undefined && run.n >= limit && run.soft >= limit;
}
