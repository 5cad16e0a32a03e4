/**
 * Campaign events: what happened to a message after it was handed on. Receipts (delivered,
 * failed, bounced, complained) come from providers' webhooks; opens, clicks and unsubscribes from
 * the recipient. Each names its message by (send_id, customer_id); the event takes the message's
 * campaign and group from campaign_messages so the delivery report can count by group.
 */
import { now } from "@/lib/clock";
import { getDatabase, type SqlRunner } from "@/lib/db/client";

export const EVENT_KINDS = [
  "delivered",
  "failed",
  "bounced",
  "complained",
  "opened",
  "clicked",
  "unsubscribed",
] as const;
export type CampaignEventKind = (typeof EVENT_KINDS)[number];

export interface CampaignEventInput {
  sendId: string;
  customerId: string;
  kind: CampaignEventKind;
  /** email, sms or viber: the leg of a viber_sms message it concerns. */
  leg?: string;
  detail?: string;
  at?: Date;
}

/**
 * Records an event of a message; false when no such message exists (nothing is written). With
 * `sql`, inside the caller's transaction (a receipt and its event are kept together or not at all).
 */
export async function recordCampaignEvent(event: CampaignEventInput, sql?: SqlRunner): Promise<boolean> {
  const runner = sql ?? (await getDatabase()).sql;
  const rows = await runner.query<{ id: string }>(
    `INSERT INTO campaign_events (send_id, customer_id, campaign_key, group_number, kind, leg, detail, at)
     SELECT m.send_id, m.customer_id, s.campaign_key, m.group_number, $3, $4, $5, $6
       FROM campaign_messages m JOIN campaign_sends s ON s.send_id = m.send_id
      WHERE m.send_id = $1 AND m.customer_id = $2
     RETURNING id::text AS id`,
    [
      event.sendId,
      event.customerId,
      event.kind,
      event.leg ?? "",
      (event.detail ?? "").slice(0, 500),
      event.at ?? now(),
    ],
  );
  return rows.length > 0;
}
