/**
 * What the inbound SMTP listener (lib/messaging/inbound) hands over: a DSN or an ARF report, turned
 * into feedback on the campaign message it names (./record-feedback.ts). The message is named by
 * the VERP token of the address the report came to, else by the original message's Message-ID;
 * both are the campaign message's deterministic id, found in the outbox record of what was sent
 * (its context holds the send and the customer). A report naming no message of ours records
 * nothing: nobody can suppress an address by mailing the listener a made-up report.
 */
import { getDatabase } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { InboundReport } from "@/lib/messaging/inbound/parse-report";
import { type FeedbackOutcome, recordFeedback } from "./record-feedback";

/** The campaign message an id names, when we sent it. */
async function messageNamed(ids: string[]): Promise<{ sendId: string; customerId: string } | undefined> {
  if (ids.length === 0) return undefined;
  const database = await getDatabase();
  const [row] = await database.sql.query<{ send_id: string | null; customer_id: string | null }>(
    `SELECT context->>'send_id' AS send_id, context->>'customer_id' AS customer_id FROM outbox_messages
     WHERE message_id = ANY($1::text[]) AND channel = 'email' AND context->>'send_id' IS NOT NULL LIMIT 1`,
    [ids],
  );
  return row?.send_id && row.customer_id ? { sendId: row.send_id, customerId: row.customer_id } : undefined;
}

export async function handleInboundReport(report: InboundReport): Promise<FeedbackOutcome | "ignored"> {
  const message = await messageNamed([...report.tokens, ...report.messageIds]);
  if (!message) {
    log.info("inbound report names no campaign message: ignored", { kind: report.kind });
    return "ignored";
  }
  if (report.kind === "dsn") {
    const failed = report.recipients.filter((r) => r.bounce);
    const worst = failed.find((r) => r.bounce === "hard") ?? failed[0];
    if (!worst) return "ignored";
    return recordFeedback({
      ...message,
      kind: worst.bounce === "hard" ? "hard_bounce" : "soft_bounce",
      channel: "email",
      source: "dsn",
      status: worst.status,
      detail: worst.diagnostic,
    });
  }
  if (report.feedbackType !== "abuse") {
    log.info("feedback report that is no complaint: ignored", { type: report.feedbackType });
    return "ignored";
  }
  return recordFeedback({
    ...message,
    kind: "complaint",
    channel: "email",
    source: "arf",
    status: "abuse",
    detail: report.userAgent ? `reported by ${report.userAgent}` : "",
  });
}
