/**
 * The end of one occurrence: its send becomes Sent or Not sent (with the reason), once (the
 * UPDATE is conditional on the send's current status and, when sending, on no message being
 * queued or in flight). The campaign follows: a recurring campaign with occurrences left goes
 * back to Approved for the next one; otherwise it takes the send's outcome. Each group shows the
 * outcome (sending_status Sent / Not Sent, is_sent, fail_reason).
 */
import { now } from "@/lib/clock";
import { getDatabase, type SqlRunner } from "@/lib/db/client";
import { log } from "@/lib/log";
import { hasOccurrenceAfter } from "./occurrences";

export type Outcome = "Sent" | "Not sent";

interface Closed {
  campaign_key: string;
  occurrence_at: Date;
}

interface CampaignSchedule {
  start_time: Date;
  end_time: Date;
  recurring_frequency: string;
  recurring_until: Date | null;
}

/** Closes the send if it is still `from` (and, from Sending, nothing is left to send). */
export async function closeSend(
  sql: SqlRunner,
  opts: { sendId: string; from: "Preparing" | "Sending"; outcome: Outcome; reason: string | null; at: Date },
): Promise<boolean> {
  const { sendId, from, outcome, reason, at } = opts;
  const closed = await sql.query<Closed>(
    `UPDATE campaign_sends s SET status = $2, fail_reason = $3, date_finished = $4, date_modified = $4,
       sent = (SELECT COUNT(*)::int FROM campaign_messages m WHERE m.send_id = s.send_id AND m.status = 'sent'),
       failed = (SELECT COUNT(*)::int FROM campaign_messages m WHERE m.send_id = s.send_id AND m.status = 'failed')
     WHERE s.send_id = $1 AND s.status = $5
       AND NOT EXISTS (SELECT 1 FROM campaign_messages m
                       WHERE m.send_id = s.send_id AND m.status IN ('queued', 'sending'))
     RETURNING s.campaign_key, s.occurrence_at`,
    [sendId, outcome, reason, at, from],
  );
  const send = closed[0];
  if (!send) return false;
  const [campaign] = await sql.query<CampaignSchedule>(
    "SELECT start_time, end_time, recurring_frequency, recurring_until FROM campaigns WHERE campaign_key = $1",
    [send.campaign_key],
  );
  const recurring = campaign !== undefined && campaign.recurring_frequency !== "none";
  const next = recurring && hasOccurrenceAfter(campaign, new Date(send.occurrence_at));
  await sql.query(
    `UPDATE campaigns SET status = $2, date_modified = $3
     WHERE campaign_key = $1 AND status IN ('Preparing', 'Sending')`,
    [send.campaign_key, next ? "Approved" : outcome, at],
  );
  await sql.query(
    `UPDATE campaign_groups SET sending_status = $2, is_sent = is_sent OR $3, fail_reason = $4
     WHERE campaign_key = $1`,
    [send.campaign_key, outcome === "Sent" ? "Sent" : "Not Sent", outcome === "Sent", reason],
  );
  return true;
}

interface Left {
  open: number;
  sent: number;
  failed: number;
  skipped: number;
  error: string | null;
}

/** Why nothing was sent, in words: how many failed and how many were skipped, and why. */
export function nothingSentReason(left: Left, skippedWhy: { why: string; n: number }[]): string {
  const messages = (n: number) => `${n} ${n === 1 ? "message was" : "messages were"}`;
  const skipped = skippedWhy.length
    ? `; ${skippedWhy.map((s) => `${s.n} because ${s.why.replace(/^skipped: /, "")}`).join("; ")}`
    : "";
  if (left.failed === 0 && left.skipped === 0) return "no message was left to send";
  if (left.skipped === 0) return `every message failed (${left.failed}); for example: ${left.error ?? "unknown"}`;
  if (left.failed === 0) {
    const all = left.skipped === 1 ? "the one message was" : `all ${left.skipped} messages were`;
    return `${all} skipped at send time, none was sent${skipped}`;
  }
  const failed = `${left.failed} ${left.failed === 1 ? "message" : "messages"} failed`;
  return `nothing was sent: ${failed} (for example: ${left.error ?? "unknown"}) and ${messages(left.skipped)} skipped at send time${skipped}`;
}

/**
 * Closes the send when no message is queued or in flight: Sent when one was sent, else Not sent
 * with what happened (failed, skipped at send time by ../suppressions/filter-sendable.ts, with
 * the counts). True when nothing is left to send.
 */
export async function finishIfDone(sendId: string): Promise<boolean> {
  const database = await getDatabase();
  const [left] = await database.sql.query<Left>(
    `SELECT COUNT(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS open,
            COUNT(*) FILTER (WHERE status = 'sent')::int AS sent,
            COUNT(*) FILTER (WHERE status = 'failed')::int AS failed,
            COUNT(*) FILTER (WHERE status = 'skipped')::int AS skipped,
            MIN(error) FILTER (WHERE status = 'failed') AS error
     FROM campaign_messages WHERE send_id = $1`,
    [sendId],
  );
  if (!left || left.open > 0) return false;
  const nothingSent = left.sent === 0;
  let reason: string | null = null;
  if (nothingSent) {
    const why = left.skipped
      ? await database.sql.query<{ why: string; n: number }>(
          `SELECT error AS why, COUNT(*)::int AS n FROM campaign_messages
           WHERE send_id = $1 AND status = 'skipped' GROUP BY error ORDER BY 2 DESC, 1 LIMIT 3`,
          [sendId],
        )
      : [];
    reason = nothingSentReason(left, why);
  }
  const closed = await database.transaction((sql) =>
    closeSend(sql, { sendId, from: "Sending", outcome: nothingSent ? "Not sent" : "Sent", reason, at: now() }),
  );
  if (closed) {
    log.info("campaign send finished", { send: sendId, sent: left.sent, failed: left.failed, skipped: left.skipped });
  }
  return true;
}
