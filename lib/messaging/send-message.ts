/**
 * The channel provider layer. Every message goes through sendMessage; the provider of a channel
 * delivers it. E-mail goes over SMTP when SMTP_URL is set (./smtp.ts), SMS over Twilio when
 * SMS_PROVIDER=twilio (./twilio.ts), Viber over Infobip when VIBER_PROVIDER=infobip (./infobip.ts);
 * otherwise to the outbox. Every provider records what it handed on in outbox_messages, which the
 * Outbox page lists (handOver answers the row, recordMessages keeps rows in one INSERT). Each send first waits for its provider's rate (./rate-limit.ts, per process).
 */
import { z } from "zod";
import { now } from "@/lib/clock";
import { db, getDatabase, type SqlRunner } from "@/lib/db/client";
import { env } from "@/lib/env";
import { newId } from "@/lib/http/ids";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { formatTimestamp } from "@/lib/http/timestamps";
import { infobipProvider } from "./infobip";
import { throttle } from "./rate-limit";
import { smtpProvider } from "./smtp";
import { twilioProvider } from "./twilio";

export const CHANNELS = ["sms", "email", "viber"] as const;
export type Channel = (typeof CHANNELS)[number];

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  /** Plain text (the outbox keeps this). */
  body: string;
  /** An HTML alternative for e-mail. */
  html?: string;
  context?: Record<string, unknown>;
  /**
   * A deterministic id chosen by the caller (campaign messages): the outbox keeps the message
   * under it once however often it is sent again, and SMTP sends it as the Message-ID
   * `<id@sending-domain>` (./dkim.ts), so a message sent again after a crash is recognisably the
   * same message.
   */
  messageId?: string;
  /** Extra e-mail headers (List-Unsubscribe and List-Unsubscribe-Post of campaign e-mails). */
  headers?: Record<string, string>;
  /**
   * The campaign's sender (./sender.ts): e-mail's From (a name, or an address on EMAIL_FROM's
   * domain), Twilio's From, Infobip's Viber sender; absent or empty: the provider's setting.
   */
  sender?: string;
}

/** What a provider answers for a message it accepted. */
export interface Accepted {
  /** The provider's own id of the message (Twilio's sid, Infobip's id); else the message's id. */
  providerId?: string;
  /** What the outbox row keeps besides the message's context (the provider's ids). */
  context?: Record<string, unknown>;
}

export interface Provider {
  name: string;
  /**
   * Whether the provider reports each message's delivery later (a receipt to a webhook: Twilio,
   * Infobip). Without (the outbox; SMTP, whose failures come back as DSNs), accepting a message is
   * all anyone learns of its delivery: campaigns count it delivered when it is handed on.
   */
  deliveryReceipts: boolean;
  /** Hands the message on; throws when the provider refuses it. Records nothing. */
  send(message: OutgoingMessage): Promise<Accepted>;
}

/** A row of outbox_messages: every message handed on, whatever its provider. */
export interface OutboxRow {
  message_id: string;
  channel: Channel;
  provider: string;
  recipient: string;
  subject: string;
  body: string;
  status: string;
  context: Record<string, unknown>;
}

/** A message handed on but not yet recorded (./send-message.ts's sendMessage records at once). */
export interface HandedOver {
  /** The provider's id of the message, else the outbox row's id. */
  messageId: string;
  provider: string;
  /** The provider's deliveryReceipts: false, the hand-over is the delivery. */
  deliveryReceipts: boolean;
  row: OutboxRow;
}

/**
 * The INSERT of rows into outbox_messages, its parameters numbered from `first` (a caller may
 * make it part of a larger statement: a campaign's outcomes, lib/campaigns/sending/deliver.ts).
 * A message whose id is there already (sent again after a crash, with the caller's deterministic
 * id) is kept once.
 */
export function outboxInsert(rows: OutboxRow[], first = 1): { sql: string; params: unknown[] } {
  const column = <K extends keyof OutboxRow>(key: K) => rows.map((r) => r[key]);
  const p = Array.from({ length: 9 }, (_, i) => `$${first + i}`);
  return {
    sql: `INSERT INTO outbox_messages (message_id, channel, provider, recipient, subject, body, status, context, date_created)
     SELECT v.*, ${p[8]}::timestamptz FROM unnest(${p[0]}::text[], ${p[1]}::text[], ${p[2]}::text[], ${p[3]}::text[],
                                           ${p[4]}::text[], ${p[5]}::text[], ${p[6]}::text[], ${p[7]}::jsonb[]) AS v
     ON CONFLICT (message_id) DO NOTHING`,
    params: [
      column("message_id"),
      column("channel"),
      column("provider"),
      column("recipient"),
      column("subject"),
      column("body"),
      column("status"),
      rows.map((r) => JSON.stringify(r.context)),
      now(),
    ],
  };
}

/**
 * Keeps messages in outbox_messages in one INSERT: what the outbox provider delivers, and every
 * provider's record. A message whose id is there already is kept once (outboxInsert).
 */
export async function recordMessages(rows: OutboxRow[], sql?: SqlRunner): Promise<void> {
  if (rows.length === 0) return;
  const runner = sql ?? (await getDatabase()).sql;
  const insert = outboxInsert(rows);
  await runner.query(insert.sql, insert.params);
}

export const outboxProvider: Provider = {
  name: "outbox",
  // The message is delivered when it is in the Outbox: no receipt follows.
  deliveryReceipts: false,
  // Delivering to the outbox is its record.
  send: async () => ({}),
};

export function providerFor(channel: Channel): Provider {
  const settings = env();
  if (channel === "email" && settings.SMTP_URL) return smtpProvider(settings.SMTP_URL);
  if (channel === "sms" && settings.SMS_PROVIDER === "twilio") return twilioProvider();
  if (channel === "viber" && settings.VIBER_PROVIDER === "infobip") return infobipProvider();
  return outboxProvider;
}

/** Messages per second a provider is given (0: no limit; the outbox has none). */
function rateOf(provider: string): number {
  const settings = env();
  if (provider === "smtp") return settings.SMTP_RATE_PER_SECOND;
  if (provider === "twilio") return settings.SMS_RATE_PER_SECOND;
  if (provider === "infobip") return settings.VIBER_RATE_PER_SECOND;
  return 0;
}

/**
 * Hands a message to its channel's provider (after the provider's rate) and answers the outbox
 * row to keep, without keeping it: a caller sending many (a campaign's batch) records them
 * together with recordMessages.
 */
export async function handOver(message: OutgoingMessage): Promise<HandedOver> {
  const provider = providerFor(message.channel);
  await throttle(provider.name, rateOf(provider.name));
  // Every message has its id before it goes out: the provider's copy and the outbox row agree.
  const message_id = message.messageId ?? newId("message");
  const accepted = await provider.send({ ...message, messageId: message_id });
  return {
    messageId: accepted.providerId ?? message_id,
    provider: provider.name,
    deliveryReceipts: provider.deliveryReceipts,
    row: {
      message_id,
      channel: message.channel,
      provider: provider.name,
      recipient: message.to,
      subject: message.subject ?? "",
      body: message.body,
      status: "sent",
      context: { ...message.context, ...(message.sender ? { sender: message.sender } : {}), ...accepted.context },
    },
  };
}

/** Sends one message and records it in the outbox. */
export async function sendMessage(
  message: OutgoingMessage,
): Promise<{ messageId: string; provider: string; deliveryReceipts: boolean }> {
  const handed = await handOver(message);
  await recordMessages([handed.row]);
  return { messageId: handed.messageId, provider: handed.provider, deliveryReceipts: handed.deliveryReceipts };
}

export const ZOutboxMessage = z.object({
  message_id: z.string(),
  channel: z.string(),
  provider: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  context: z.record(z.string(), z.unknown()),
  date_created: z.string(),
});

export async function listOutbox(page: TPagination & { channel?: string }) {
  const prisma = await db();
  const where = page.channel ? { channel: page.channel } : {};
  const [rows, count] = await Promise.all([
    prisma.outboxMessage.findMany({ where, orderBy: { date_created: "desc" }, skip: page.offset, take: page.limit }),
    prisma.outboxMessage.count({ where }),
  ]);
  return listResponse(
    "messages",
    page,
    rows.map((r) => ({
      ...r,
      context: r.context as Record<string, unknown>,
      date_created: formatTimestamp(r.date_created),
    })),
    count,
  );
}
