/**
 * One key per purpose, derived from AUTH_SECRET with HKDF-SHA256 (RFC 5869), so a key that leaks
 * from one use (a link signature, a webhook URL) says nothing about the others. Purposes are fixed
 * names; the derived key is cached per secret.
 */
import { hkdfSync } from "node:crypto";
import { env } from "@/lib/env";

export type KeyPurpose = "sessions" | "tokens" | "links" | "webhooks" | "setup";

const cache = new Map<string, Buffer>();

export function deriveKey(purpose: KeyPurpose): Buffer {
  const secret = env().AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set");
  const id = `${purpose}\u0000${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "lumen", `lumen/${purpose}`, 32));
    cache.set(id, key);
  }
  return key;
}

/** Auth.js's secret for the session cookie (it derives its own encryption key from this). */
export function sessionSecret(): string {
  return deriveKey("sessions").toString("base64url");
}

/**
 * Links and webhook URLs were signed with AUTH_SECRET itself before each purpose had its own key.
 * Until this date a signature made that way is still accepted (an unsubscribe link or a tracked
 * link in a mail already sent, a provider's receipt URL given out before); new ones are signed
 * with the derived key only. After it, the old signatures are refused.
 */
export const LEGACY_SIGNATURES_UNTIL = new Date("2027-03-01T00:00:00Z");

/** Whether signatures made with AUTH_SECRET itself are still accepted at `at`. */
export function legacySignaturesAccepted(at: Date = new Date()): boolean {
  return at.getTime() < LEGACY_SIGNATURES_UNTIL.getTime();
}

/**
 * The keys a link or webhook signature is checked against: the purpose's own key, and during the
 * transition (LEGACY_SIGNATURES_UNTIL) AUTH_SECRET's bytes, the key such signatures had before.
 */
export function verificationKeys(purpose: "links" | "webhooks", at: Date = new Date()): Buffer[] {
  const own = deriveKey(purpose);
  if (!legacySignaturesAccepted(at)) return [own];
  return [own, Buffer.from(env().AUTH_SECRET ?? "", "utf8")];
}
