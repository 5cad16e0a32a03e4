/**
 * Security headers. Pages (proxy.ts): a Content-Security-Policy with a fresh nonce per request
 * (Next puts it on its own scripts), framing refused except the public wheel page for the shop
 * origins of WHEEL_FRAME_ANCESTORS, nosniff, Referrer-Policy, Permissions-Policy, HSTS over HTTPS.
 * API and every other answer of the server (lib/http/server.ts, direct routes included): nosniff,
 * no framing, HSTS over HTTPS.
 *
 * Styles are not nonced ('unsafe-inline'): React writes style attributes, and the campaign
 * studio previews e-mail HTML (inline <style>, remote images) in a sandboxed srcdoc frame, which
 * inherits this policy. Scripts are what the nonce guards: a sandboxed preview runs none.
 */
export const HSTS = "max-age=63072000; includeSubDomains";

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), magnetometer=(), gyroscope=(), accelerometer=()";

export const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** Headers of every API answer: not to be sniffed as another type, not to be framed. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
};

/** API_HEADERS with HSTS, for answers served over HTTPS. */
export const API_HEADERS_HTTPS: Readonly<Record<string, string>> = {
  ...API_HEADERS,
  "Strict-Transport-Security": HSTS,
};

/** Whether the request came over HTTPS: its URL, or the proxy in front saying so. */
export function isHttps(url: string, forwardedProto: string | null | undefined): boolean {
  if (url.startsWith("https:")) return true;
  return (forwardedProto ?? "").split(",")[0]?.trim().toLowerCase() === "https";
}

/** A nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** WHEEL_FRAME_ANCESTORS as a list of origins. */
export function frameOrigins(setting: string): string[] {
  return setting.split(/[\s,]+/).filter(Boolean);
}

export interface PagePolicy {
  nonce: string;
  /** next dev: React needs eval for its debugging information, and the dev server a websocket. */
  dev: boolean;
  https: boolean;
  /** Origins that may frame this page; none: framing refused. */
  frameAncestors: string[];
}

export function contentSecurityPolicy(p: PagePolicy): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${p.nonce}' 'strict-dynamic'${p.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${p.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${p.frameAncestors.length > 0 ? p.frameAncestors.join(" ") : "'none'"}`,
    ...(p.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** Every security header of a page's answer. */
export function pageHeaders(p: PagePolicy): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(p),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
    // Older browsers without frame-ancestors; a page shops may frame gets none.
    ...(p.frameAncestors.length === 0 ? { "X-Frame-Options": "DENY" } : {}),
    ...(p.https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}
