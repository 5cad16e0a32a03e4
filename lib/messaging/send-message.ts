/**
 * The channel provider layer. Every message goes through sendMessage; the provider of a channel
 * delivers it. E-mail goes over SMTP when SMTP_URL is set (./smtp.ts), SMS over Twilio when
 * SMS_PROVIDER=twilio (./twilio.ts), Viber over Infobip when VIBER_PROVIDER=infobip (./infobip.ts);
 * otherwise to the outbox. Every provider records what it handed on in outbox_messages, which the
 * Outbox page lists. Each send first waits for its provider's rate (./rate-limit.ts, per process).
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
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
   * `<id@lumen>`, so a message sent again after a crash is recognisably the same message.
   */
  messageId?: string;
  /** Extra e-mail headers (List-Unsubscribe and List-Unsubscribe-Post of campaign e-mails). */
  headers?: Record<string, string>;
}

export interface Provider {
  name: string;
  send(message: OutgoingMessage): Promise<{ messageId: string }>;
}

/** Keeps a message in outbox_messages: what the outbox provider delivers, and every provider's record. */
export async function recordMessage(message: OutgoingMessage, provider: string, status = "sent"): Promise<string> {
  const prisma = await db();
  const message_id = message.messageId ?? newId("message");
  // With a caller's id the INSERT does nothing when the message is there already (sent again after a crash).
  await prisma.outboxMessage.createMany({
    data: [
      {
        message_id,
        channel: message.channel,
        provider,
        recipient: message.to,
        subject: message.subject ?? "",
        body: message.body,
        status,
        context: (message.context ?? {}) as object,
      },
    ],
    skipDuplicates: message.messageId !== undefined,
  });
  return message_id;
}

export const outboxProvider: Provider = {
  name: "outbox",
  async send(message) {
    return { messageId: await recordMessage(message, "outbox") };
  },
};

export function providerFor(channel: Channel): Provider {
  const settings = env();
  if (channel === "email" && settings.SMTP_URL) return smtpProvider(settings.SMTP_URL, recordMessage);
  if (channel === "sms" && settings.SMS_PROVIDER === "twilio") return twilioProvider(recordMessage);
  if (channel === "viber" && settings.VIBER_PROVIDER === "infobip") return infobipProvider(recordMessage);
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

export async function sendMessage(message: OutgoingMessage): Promise<{ messageId: string; provider: string }> {
  const provider = providerFor(message.channel);
  await throttle(provider.name, rateOf(provider.name));
  const { messageId } = await provider.send(message);
  return { messageId, provider: provider.name };
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
