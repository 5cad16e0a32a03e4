/**
 * Where providers post delivery receipts. Each campaign message's callback URL names its send,
 * customer and leg in the query, so a receipt finds its message without a lookup by the
 * provider's id:
 *   Twilio: /api/latest/webhooks/twilio/status?send=..&customer=..&leg=..; Twilio signs every
 *     callback (X-Twilio-Signature over the full URL and the POST parameters), so the query is
 *     covered by its signature.
 *   Infobip: /api/latest/webhooks/infobip?send=..&customer=..&leg=..&message=..&sig=..; Infobip
 *     does not sign reports, so the URL carries our own HMAC-SHA256 of the message id, send,
 *     customer and leg, with the webhooks' own key derived from AUTH_SECRET (lib/auth/keys.ts;
 *     URLs signed with AUTH_SECRET itself are accepted until LEGACY_SIGNATURES_UNTIL), and a
 *     report is believed only for that message id.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey, verificationKeys } from "@/lib/auth/keys";
import { env } from "@/lib/env";

export const TWILIO_WEBHOOK_PATH = "/api/latest/webhooks/twilio/status";
export const INFOBIP_WEBHOOK_PATH = "/api/latest/webhooks/infobip";

export interface ReceiptTarget {
  sendId: string;
  customerId: string;
  /** sms or viber: which leg of the message the receipt concerns. */
  leg: string;
}

/** The campaign message a provider message belongs to, from the context deliver.ts gives it. */
export function receiptTarget(context: Record<string, unknown> | undefined, leg: string): ReceiptTarget | undefined {
  const sendId = context?.send_id;
  const customerId = context?.customer_id;
  if (typeof sendId !== "string" || typeof customerId !== "string") return undefined;
  return { sendId, customerId, leg: typeof context?.leg === "string" ? context.leg : leg };
}

function withTarget(path: string, target: ReceiptTarget): URL {
  const url = new URL(path, env().PUBLIC_URL);
  url.searchParams.set("send", target.sendId);
  url.searchParams.set("customer", target.customerId);
  url.searchParams.set("leg", target.leg);
  return url;
}

export function twilioCallbackUrl(target: ReceiptTarget): string {
  return withTarget(TWILIO_WEBHOOK_PATH, target).toString();
}

/**
 * Twilio's request signature: HMAC-SHA1 with the auth token over the full URL followed by every
 * POST parameter, sorted by name, as name+value; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function infobipSignature(messageId: string, target: ReceiptTarget, key: Buffer = deriveKey("webhooks")): string {
  return createHmac("sha256", key)
    .update(`infobip:${messageId}:${target.sendId}:${target.customerId}:${target.leg}`)
    .digest("base64url");
}

export function infobipCallbackUrl(messageId: string, target: ReceiptTarget): string {
  const url = withTarget(INFOBIP_WEBHOOK_PATH, target);
  url.searchParams.set("message", messageId);
  url.searchParams.set("sig", infobipSignature(messageId, target));
  return url.toString();
}

export function validInfobipSignature(messageId: string, target: ReceiptTarget, given: string): boolean {
  return verificationKeys("webhooks").some((key) => sameText(infobipSignature(messageId, target, key), given));
}

/** The URL a provider called, as we gave it: PUBLIC_URL with the request's path and query. */
export function publicUrlOf(requestUrl: string): string {
  const url = new URL(requestUrl);
  return new URL(url.pathname + url.search, env().PUBLIC_URL).toString();
}
