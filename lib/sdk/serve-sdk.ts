/**
 * GET /sdk.js (and /sdk.d.ts): the tracking snippet as built into ./built.json. Shops embed
 * `/sdk.js`, which browsers keep for an hour and then ask again with the ETag (304 while the
 * version is the same), so a new version reaches every shop within the hour; `/sdk.js?v=<version>`
 * (the version in the X-Lumen-SDK-Version header and in window.lumen.version) is immutable and
 * kept for a year. Any other v answers the current code with the short lifetime.
 */
import built from "./built.json";

const { version: SDK_VERSION, code: SDK_CODE, types: SDK_TYPES } = built;

const SHORT = "public, max-age=3600, stale-while-revalidate=86400";
const IMMUTABLE = "public, max-age=31536000, immutable";

export function sdkResponse(request: Request, what: "code" | "types" = "code"): Response {
  const pinned = new URL(request.url).searchParams.get("v") === SDK_VERSION;
  const etag = `"${SDK_VERSION}${what === "types" ? "-d" : ""}"`;
  const headers: Record<string, string> = {
    "content-type": what === "code" ? "text/javascript; charset=utf-8" : "text/plain; charset=utf-8",
    "cache-control": pinned ? IMMUTABLE : SHORT,
    etag,
    "x-lumen-sdk-version": SDK_VERSION,
    // Any site may load it (a script tag needs no CORS; this lets a page use integrity/crossorigin).
    "access-control-allow-origin": "*",
  };
  const seen = request.headers.get("if-none-match");
  if (seen?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(what === "code" ? SDK_CODE : SDK_TYPES, { headers });
}
