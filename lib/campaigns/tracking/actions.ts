/**
 * What the public tracking routes do: a click (/r/<code>) records a clicked event and gives the
 * target; an open (/o/<token>.gif) records an opened event (once per recipient of a send); an
 * unsubscribe (POST /u/<token>) clears the customer's consent for the message's channel and
 * records an unsubscribed event (once). Every event goes through recordCampaignEvent.
 */
import { now } from "@/lib/clock";
import { getDatabase } from "@/lib/db/client";
import { log } from "@/lib/log";
import { type CampaignEventKind, recordCampaignEvent } from "../events";
import { suppressUnsubscribed } from "../suppressions/suppress-unsubscribed";
import { resolveLink } from "./links";
import { type MessageRef, readMessageToken, type TokenPurpose } from "./tokens";

const CONSENT_COLUMN: Record<string, string> = {
  email: "email_consent",
  sms: "sms_consent",
  viber: "viber_consent",
};

/** The target of a short link (with its UTM parameters) after recording the click; undefined: 404. */
export async function click(code: string): Promise<string | undefined> {
  const target = await resolveLink(code);
  if (!target) return undefined;
  try {
    await recordCampaignEvent({
      sendId: target.sendId,
      customerId: target.customerId,
      kind: "clicked",
      detail: target.url,
    });
  } catch (error) {
    // The visitor still gets to the link.
    log.warn("campaign click not recorded", { error: String(error) });
  }
  return target.url;
}

async function recordOnce(ref: MessageRef, kind: CampaignEventKind, leg: string): Promise<void> {
  const database = await getDatabase();
  const seen = await database.sql.query(
    "SELECT 1 FROM campaign_events WHERE send_id = $1 AND customer_id = $2 AND kind = $3 LIMIT 1",
    [ref.sendId, ref.customerId, kind],
  );
  if (seen.length === 0) await recordCampaignEvent({ ...ref, kind, leg });
}

/**
 * The recipient a message token names, when the token is genuine, signed for this purpose (a
 * pixel's token does not unsubscribe) and the message exists.
 */
export async function messageOf(
  token: string,
  purpose: TokenPurpose,
): Promise<(MessageRef & { channel: string }) | undefined> {
  const ref = readMessageToken(token, purpose);
  if (!ref) return undefined;
  const database = await getDatabase();
  const [row] = await database.sql.query<{ channel: string }>(
    "SELECT channel FROM campaign_messages WHERE send_id = $1 AND customer_id = $2",
    [ref.sendId, ref.customerId],
  );
  return row ? { ...ref, channel: row.channel } : undefined;
}

/** Records an open; false for a forged or unknown token. */
export async function open(token: string): Promise<boolean> {
  const message = await messageOf(token, "open");
  if (!message) return false;
  await recordOnce(message, "opened", message.channel);
  return true;
}

/** Clears the consent of the message's channel and records the unsubscribe; false: 404. */
export async function unsubscribe(token: string): Promise<boolean> {
  const message = await messageOf(token, "unsubscribe");
  if (!message) return false;
  const column = CONSENT_COLUMN[message.channel] ?? "email_consent";
  const database = await getDatabase();
  await database.sql.query(`UPDATE customers SET ${column} = false, date_modified = $2 WHERE customer_id = $1`, [
    message.customerId,
    now(),
  ]);
  // The suppression is what holds: the next import may set the consent column back to true.
  await suppressUnsubscribed(message);
  await recordOnce(message, "unsubscribed", message.channel);
  log.info("campaign unsubscribe", { send: message.sendId, channel: message.channel });
  return true;
}
