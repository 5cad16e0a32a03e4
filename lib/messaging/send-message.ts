/**
 * The channel provider layer. Every message goes through sendMessage; the provider of a channel
 * delivers it. This release has the outbox provider (stores the message for the Outbox page and
 * for tests); the campaign issue adds SMTP, SMS and Viber gateways behind the same call.
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/http/ids";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { formatTimestamp } from "@/lib/http/timestamps";

export const CHANNELS = ["sms", "email", "viber"] as const;
export type Channel = (typeof CHANNELS)[number];

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  body: string;
  context?: Record<string, unknown>;
}

export interface Provider {
  name: string;
  send(message: OutgoingMessage): Promise<{ messageId: string }>;
}

export const outboxProvider: Provider = {
  name: "outbox",
  async send(message) {
    const prisma = await db();
    const message_id = newId("message");
    await prisma.outboxMessage.create({
      data: {
        message_id,
        channel: message.channel,
        provider: "outbox",
        recipient: message.to,
        subject: message.subject ?? "",
        body: message.body,
        context: (message.context ?? {}) as object,
      },
    });
    return { messageId: message_id };
  },
};

export function providerFor(_channel: Channel): Provider {
  return outboxProvider;
}

export function sendMessage(message: OutgoingMessage) {
  return providerFor(message.channel).send(message);
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
