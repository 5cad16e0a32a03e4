/**
 * A built script served to shops' pages (/sdk.js, /widgets.js): the plain URL is kept for an hour
 * and then asked again with the ETag (304 while the version is the same), so a new version
 * reaches every shop within the hour; `?v=<version>` is immutable and kept for a year. Any other
 * v answers the current code with the short lifetime.
 */
const SHORT = "public, max-age=3600, stale-while-revalidate=86400";
const IMMUTABLE = "public, max-age=31536000, immutable";

export function versionedAsset(
  request: Request,
  asset: { version: string; body: string; contentType: string; etagSuffix?: string; versionHeader: string },
): Response {
  const pinned = new URL(request.url).searchParams.get("v") === asset.version;
  const etag = `"${asset.version}${asset.etagSuffix ?? ""}"`;
  const headers: Record<string, string> = {
    "content-type": asset.contentType,
    "cache-control": pinned ? IMMUTABLE : SHORT,
    etag,
    [asset.versionHeader]: asset.version,
    // Any site may load it (a script tag needs no CORS; this lets a page use integrity/crossorigin).
    "access-control-allow-origin": "*",
  };
  const seen = request.headers.get("if-none-match");
  if (seen?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(asset.body, { headers });
}
