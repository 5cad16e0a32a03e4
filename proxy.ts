/**
 * Next's proxy (formerly middleware) for pages: a fresh CSP nonce per request, put on the request
 * (Next reads the policy there and nonces its own scripts) and on the answer, with the other
 * security headers (lib/http/security-headers.ts). The public wheel page may be framed by the
 * shop origins of WHEEL_FRAME_ANCESTORS and by Lumen's own pages (the demo store's wheel widget). API routes, static files and prefetches are left out
 * (the server gives every answer nosniff and the API no framing: lib/http/server.ts).
 */
import { type NextRequest, NextResponse } from "next/server";
import { env } from "@/lib/env";
import { frameOrigins, isHttps, newNonce, pageHeaders } from "@/lib/http/security-headers";

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const settings = env();
  const wheel = request.nextUrl.pathname.startsWith("/w/");
  const headers = pageHeaders({
    nonce,
    // Next's build constant (the dev server's bundles say development), not a setting.
    dev: process.env.NODE_ENV === "development",
    https: isHttps(request.url, request.headers.get("x-forwarded-proto")),
    // The wheel widget frames it: shops listed in the setting, and Lumen's own pages (the demo store).
    frameAncestors: wheel ? ["'self'", ...frameOrigins(settings.WHEEL_FRAME_ANCESTORS)] : [],
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
