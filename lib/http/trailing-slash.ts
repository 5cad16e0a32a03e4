/**
 * The spec writes some API paths with a trailing slash (POST /campaigning-studio/campaignings/).
 * Next answers such a path with a 308 redirect to the path without it, which clients that do not
 * follow redirects with their body (or at all) take as a failure. The server (scripts/start.ts)
 * drops the trailing slash of /api/ paths before routing instead, so both forms reach the same
 * handler in one round trip. Pages keep Next's redirect.
 */
export function withoutApiTrailingSlash(url: string): string {
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.startsWith("/api/") || !path.endsWith("/") || path === "/api/") return url;
  const trimmed = path.replace(/\/+$/, "");
  return q < 0 ? trimmed : trimmed + url.slice(q);
}
