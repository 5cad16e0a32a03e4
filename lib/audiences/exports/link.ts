/**
 * An export's download link: signed (HMAC-SHA256 with AUTH_SECRET over the export id and the
 * expiry) so that it cannot be made up or extended, and valid until its expiry.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

function signature(exportId: string, expiresMs: number): string {
  const secret = env().AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set");
  return createHmac("sha256", secret).update(`export:${exportId}:${expiresMs}`).digest("base64url");
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
  const want = Buffer.from(signature(exportId, expiresMs));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}
