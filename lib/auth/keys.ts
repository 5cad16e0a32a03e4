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
