/**
 * The end of one occurrence: its send becomes Sent or Not sent (with the reason), once (the
 * UPDATE is conditional on the send's current status and, when sending, on no message being
 * queued or in flight). The campaign follows: a recurring campaign with occurrences left goes
 * back to Approved for the next one; otherwise it takes the send's outcome. Each group shows the
 * outcome (sending_status Sent / Not Sent, is_sent, fail_reason).
 */
import type { SqlRunner } from "@/lib/db/client";
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
