/**
 * An export's download link: signed (HMAC-SHA256 over the export id and the expiry, with the links'
 * own key derived from AUTH_SECRET, lib/auth/keys.ts) so that it cannot be made up or extended,
 * and valid until its expiry. A link signed with AUTH_SECRET itself (before the derived keys) is
 * accepted until LEGACY_SIGNATURES_UNTIL; it expires 6 minutes after it was made anyway.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey, verificationKeys } from "@/lib/auth/keys";
import { env } from "@/lib/env";

function signature(exportId: string, expiresMs: number, key: Buffer = deriveKey("links")): string {
  return createHmac("sha256", key).update(`export:${exportId}:${expiresMs}`).digest("base64url");
}

export function downloadPath(exportId: string): string {
  return `/api/latest/customer-studio/exports/${encodeURIComponent(exportId)}/download`;
}

export function signedLink(exportId: string, expires: Date): string {
  const ms = expires.getTime();
  const url = new URL(downloadPath(exportId), env().PUBLIC_URL);
  url.searchParams.set("expires", String(ms));
  url.searchParams.set("signature", signature(exportId, ms));
  return url.toString();
}

export function validSignature(exportId: string, expiresMs: number, given: string): boolean {
  const got = Buffer.from(given);
  return verificationKeys("links").some((key) => {
    const want = Buffer.from(signature(exportId, expiresMs, key));
    return want.length === got.length && timingSafeEqual(want, got);
  });
}
