/**
 * E-mail over SMTP with nodemailer (SMTP_URL, EMAIL_FROM). One pooled transport per URL and
 * process. A message the server refuses throws (the caller's job fails and is retried); what was
 * accepted is recorded in the outbox with provider "smtp" and the server's message id. A message
 * with the caller's own id (campaign messages) goes out with the Message-ID `<id@lumen>`.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { processWide } from "@/lib/process-wide";
import type { OutgoingMessage, Provider } from "./send-message";

const transports = processWide("smtp-transports", () => new Map<string, Transporter>());

function transport(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url, { pool: true, maxConnections: 4 } as object);
    transports.set(url, t);
  }
  return t;
}

export function smtpProvider(
  url: string,
  record: (message: OutgoingMessage, provider: string, status?: string) => Promise<string>,
): Provider {
  return {
    name: "smtp",
    async send(message) {
      const info = await transport(url).sendMail({
        from: env().EMAIL_FROM,
        to: message.to,
        subject: message.subject ?? "",
        text: message.body,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.messageId ? { messageId: `<${message.messageId}@lumen>` } : {}),
      });
      const messageId = await record(
        { ...message, context: { ...message.context, smtp_message_id: info.messageId } },
        "smtp",
      );
      return { messageId };
    },
  };
}

/** Closes every pooled SMTP connection (shutdown, tests). */
export function closeSmtp(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}
