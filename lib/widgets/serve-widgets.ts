/**
 * GET /widgets.js: the widgets as built into ./built.json. Shops embed `/widgets.js`, which
 * browsers keep for an hour and then ask again with the ETag (304 while the version is the same);
 * `/widgets.js?v=<version>` (the version in X-Lumen-Widgets-Version and lumenWidgets.version) is
 * immutable and kept for a year. Any other v answers the current code with the short lifetime.
 */
import built from "./built.json";

export const WIDGETS_VERSION = built.version;

const SHORT = "public, max-age=3600, stale-while-revalidate=86400";
const IMMUTABLE = "public, max-age=31536000, immutable";

export function widgetsResponse(request: Request): Response {
  const pinned = new URL(request.url).searchParams.get("v") === built.version;
  const etag = `"${built.version}"`;
  const headers: Record<string, string> = {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": pinned ? IMMUTABLE : SHORT,
    etag,
    "x-lumen-widgets-version": built.version,
    // Any site may load it (a script tag needs no CORS; this lets a page use integrity/crossorigin).
    "access-control-allow-origin": "*",
  };
  const seen = request.headers.get("if-none-match");
  if (seen?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(built.code, { headers });
}
