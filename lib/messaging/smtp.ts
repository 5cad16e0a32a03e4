/**
 * E-mail over SMTP with nodemailer (SMTP_URL, EMAIL_FROM). One pooled transport per URL and
 * process. A message the server refuses throws (the caller's job fails and is retried); what was
 * accepted is recorded in the outbox (./send-message.ts) with provider "smtp" and the Message-ID.
 * A message with an ASCII address is composed by ./mime.ts and written as one piece; any other
 * by nodemailer's composer. A message
 * with the caller's own id (campaign messages) goes out with the Message-ID `<id@domain>` on the
 * sending domain; with a DKIM key configured every message is signed (./dkim.ts).
 */
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { processWide } from "@/lib/process-wide";
import { dkimOptions, messageIdDomain } from "./dkim";
import { returnPathFor } from "./inbound/verp";
import { composable, composeEmail, parseFrom } from "./mime";
import type { Provider } from "./send-message";
import { emailFrom } from "./sender";

const transports = processWide("smtp-transports", () => new Map<string, Transporter>());

/**
 * Connections of the pool (a maxConnections in SMTP_URL's query wins): as many as a campaign send
 * has messages in flight (lib/campaigns/sending/deliver.ts PARALLEL). A relay such as Postfix
 * takes 50 connections per client by default.
 */
export const SMTP_POOL_SIZE = 20;

/**
 * The URL with pool=true and maxConnections added to its query: nodemailer takes every transport
 * option from the URL when it is given one (options passed beside it would be ignored, and each
 * message would open its own connection).
 */
export function pooledUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set("pool", "true");
  if (!u.searchParams.has("maxConnections")) u.searchParams.set("maxConnections", String(SMTP_POOL_SIZE));
  return u.toString();
}

interface SocketOptions {
  host?: string;
  port?: number;
  secure?: boolean;
}

/** A pooled transport to the URL (bench/scenarios/send.ts measures a bare loop on one too). */
export function createSmtpTransport(url: string): Transporter {
  const t = nodemailer.createTransport(pooledUrl(url));
  // Plain smtp:// connections with TCP_NODELAY: nodemailer writes a message in several pieces,
  // and with Nagle's algorithm each message waited for the server's delayed ACK (~40 ms).
  // smtps:// (TLS from the start) keeps nodemailer's own socket.
  const pool = (t as unknown as { transporter: { getSocket?: unknown } }).transporter;
  pool.getSocket = (options: SocketOptions, callback: (err: Error | null, socket?: unknown) => void) => {
    if (options.secure || !options.host || !options.port) return callback(null, false);
    const socket = connect(options.port, options.host);
    socket.setNoDelay(true);
    // nodemailer's own connection timeout (2 minutes) starts only once it has the socket.
    const timer = setTimeout(() => socket.destroy(new Error("SMTP connection timed out")), 120_000);
    const failed = (error: Error) => {
      clearTimeout(timer);
      callback(error);
    };
    socket.once("error", failed);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.off("error", failed);
      callback(null, { connection: socket });
    });
  };
  return t;
}

function transport(url: string): Transporter {
  let t = transports.get(url);
  if (!t) {
    t = createSmtpTransport(url);
    transports.set(url, t);
  }
  return t;
}

export function smtpProvider(url: string): Provider {
  return {
    name: "smtp",
    // A relay's acceptance; failures come back later as DSNs (./inbound), deliveries never.
    deliveryReceipts: false,
    async send(message) {
      // The campaign's sender: a display name, or an address on EMAIL_FROM's domain (./sender.ts).
      const from = emailFrom(env().EMAIL_FROM, message.sender);
      // On the sending domain (./dkim.ts), not a name of our own.
      const messageId = `<${message.messageId ?? randomUUID()}@${messageIdDomain()}>`;
      // Signed when a DKIM key is configured (nodemailer signs the raw message as well).
      const dkim = dkimOptions();
      if (composable(message)) {
        // The usual case, a campaign e-mail: composed here and written to the socket in one piece.
        const raw = composeEmail({
          from,
          to: message.to,
          subject: message.subject ?? "",
          text: message.body,
          html: message.html,
          messageId,
          headers: message.headers,
        });
        // messageId too: nodemailer would otherwise draw one (five random draws) it does not send.
        await transport(url).sendMail({
          // The envelope sender (Return-Path) is the VERP address when a bounce domain is set.
          envelope: {
            from: returnPathFor(message.messageId, env().BOUNCE_DOMAIN) ?? parseFrom(from).address,
            to: [message.to],
          },
          raw,
          messageId,
          ...(dkim ? { dkim } : {}),
        });
        return { context: { smtp_message_id: messageId } };
      }
      const returnPath = returnPathFor(message.messageId, env().BOUNCE_DOMAIN);
      const info = await transport(url).sendMail({
        from,
        to: message.to,
        ...(returnPath ? { envelope: { from: returnPath, to: [message.to] } } : {}),
        subject: message.subject ?? "",
        text: message.body,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
        messageId,
        ...(dkim ? { dkim } : {}),
      });
      return { context: { smtp_message_id: info.messageId } };
    },
  };
}

/** Closes every pooled SMTP connection (shutdown, tests). */
export function closeSmtp(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}
