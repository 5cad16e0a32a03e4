/**
 * An unsubscribe (the link or the one-click POST) suppresses the address the message went to, on
 * the message's channel (a viber_sms message: Viber and SMS, both legs reach the same phone).
 */

import type { SuppressionChannel } from "@/lib/data/effective-consent";
import { getDatabase } from "@/lib/db/client";
import { suppress } from "./suppress";

const CHANNELS: Record<string, SuppressionChannel[]> = {
  email: ["email"],
  sms: ["sms"],
  viber: ["viber"],
  viber_sms: ["viber", "sms"],
};

export async function suppressUnsubscribed(message: { sendId: string; customerId: string }): Promise<void> {
  const database = await getDatabase();
  const [row] = await database.sql.query<{ channel: string; address: string }>(
    "SELECT channel, address FROM campaign_messages WHERE send_id = $1 AND customer_id = $2",
    [message.sendId, message.customerId],
  );
  if (!row?.address.trim()) return;
  for (const channel of CHANNELS[row.channel] ?? []) {
    await suppress({
      channel,
      address: row.address,
      customerId: message.customerId,
      reason: "unsubscribe",
      source: "unsubscribe_link",
      note: `send ${message.sendId}`,
    });
  }
}
