/**
 * Signed tokens of the tracking routes, HMAC-SHA256 (truncated) with the links' own key derived
 * from AUTH_SECRET (lib/auth/keys.ts); tokens signed with AUTH_SECRET itself, as mail sent before
 * had them, are read until LEGACY_SIGNATURES_UNTIL:
 * - a message token names a recipient of a send for one purpose: the open pixel
 *   (/o/<token>.gif, purpose "open") or the unsubscribe link (/u/<token>, purpose
 *   "unsubscribe"): `<base64url(send_id \n customer_id)>.<16 characters of signature>`, the
 *   purpose signed with it, so a pixel's token (which mail clients and proxies fetch, log and
 *   pass around) cannot unsubscribe anyone. Tokens of mail sent before the two were separated
 *   (purpose "message", one token for both) are still read by both routes: an unsubscribe link
 *   already in someone's inbox keeps working;
 * - a link code (/r/<code>) names a tracked link row and the customer it was sent to:
 *   `<base62(link id)>.<base64url(customer_id)>.<10 characters of signature>` (short enough for
 *   SMS: about 20 characters with a short customer id).
 * A token whose signature does not match reads as undefined (the routes answer 404).
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import { deriveKey, legacySignaturesAccepted } from "@/lib/auth/keys";
import { env } from "@/lib/env";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function toBase62(n: bigint): string {
  if (n <= 0n) return "0";
  let out = "";
  let v = n;
  while (v > 0n) {
    out = BASE62[Number(v % 62n)] + out;
    v /= 62n;
  }
  return out;
}

export function fromBase62(s: string): bigint | undefined {
  if (!/^[0-9A-Za-z]{1,12}$/.test(s)) return undefined;
  let v = 0n;
  for (const ch of s) v = v * 62n + BigInt(BASE62.indexOf(ch));
  return v;
}

/** The keys as key objects, made once per secret (a campaign send signs ~3 tokens a message). */
let keys: { secret: string; own: KeyObject; legacy: KeyObject } | undefined;

function keyObjects(): { own: KeyObject; legacy: KeyObject } {
  const secret = env().AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set");
  if (keys?.secret !== secret) {
    keys = {
      secret,
      own: createSecretKey(deriveKey("links")),
      legacy: createSecretKey(Buffer.from(secret, "utf8")),
    };
  }
  return keys;
}

function mac(key: KeyObject, purpose: string, payload: string, length: number): string {
  return createHmac("sha256", key).update(`${purpose}\u0000${payload}`).digest("base64url").slice(0, length);
}

function sign(purpose: string, payload: string, length: number): string {
  return mac(keyObjects().own, purpose, payload, length);
}

/** Whether `signature` signs the payload: with the links' key, or (in the transition) AUTH_SECRET. */
function verifies(signature: string, purpose: string, payload: string, length: number): boolean {
  const { own, legacy } = keyObjects();
  if (same(signature, mac(own, purpose, payload, length))) return true;
  return legacySignaturesAccepted() && same(signature, mac(legacy, purpose, payload, length));
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const unb64 = (s: string) => (/^[A-Za-z0-9_-]+$/.test(s) ? Buffer.from(s, "base64url").toString("utf8") : undefined);

export interface MessageRef {
  sendId: string;
  customerId: string;
}

export type TokenPurpose = "open" | "unsubscribe";

/** The purpose of tokens made before the pixel and the unsubscribe link had their own. */
const LEGACY_PURPOSE = "message";

export function messageToken(ref: MessageRef, purpose: TokenPurpose): string {
  const payload = b64(`${ref.sendId}\n${ref.customerId}`);
  return `${payload}.${sign(purpose, payload, 16)}`;
}

export const pixelToken = (ref: MessageRef) => messageToken(ref, "open");
export const unsubscribeToken = (ref: MessageRef) => messageToken(ref, "unsubscribe");

/** The recipient a token names when it was signed for `purpose` (or is a legacy token). */
export function readMessageToken(token: string, purpose: TokenPurpose): MessageRef | undefined {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return undefined;
  if (!verifies(signature, purpose, payload, 16) && !verifies(signature, LEGACY_PURPOSE, payload, 16)) {
    return undefined;
  }
  const text = unb64(payload);
  const cut = text?.indexOf("\n") ?? -1;
  if (!text || cut < 1) return undefined;
  return { sendId: text.slice(0, cut), customerId: text.slice(cut + 1) };
}

export function linkCode(linkId: bigint, customerId: string): string {
  const head = `${toBase62(linkId)}.${b64(customerId)}`;
  return `${head}.${sign("link", head, 10)}`;
}

export function readLinkCode(code: string): { linkId: bigint; customerId: string } | undefined {
  const parts = code.split(".");
  if (parts.length !== 3) return undefined;
  const [id, customer, signature] = parts as [string, string, string];
  if (!verifies(signature, "link", `${id}.${customer}`, 10)) return undefined;
  const linkId = fromBase62(id);
  const customerId = unb64(customer);
  if (linkId === undefined || !customerId) return undefined;
  return { linkId, customerId };
}
