/**
 * Where sign-in (its callbackUrl) may lead: a path of this site, nothing else. Browsers drop tab,
 * newline and carriage return from URLs and read a backslash as a slash, so `/\tevil.example`,
 * `\t//evil` and `/\evil` all mean another host: the target is normalised the way a browser would
 * before it is judged, and what is not a plain same-origin path goes to "/".
 */
const EXPORT_DOWNLOAD = /^\/api\/latest\/customer-studio\/exports\/[A-Za-z0-9_-]+\/download\?[A-Za-z0-9=&_%.-]*$/;
const ORIGIN = "http://lumen.invalid";

export function safeRedirect(target: string | undefined | null): string {
  if (typeof target !== "string") return "/";
  const cleaned = browserView(target);
  if (!cleaned.startsWith("/") || cleaned.startsWith("//")) return "/";
  let url: URL;
  try {
    url = new URL(cleaned, ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== ORIGIN) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil" resolves to the path "//evil", which a browser reads as a host.
  if (path.startsWith("//")) return "/";
  // An export's e-mailed download link is the one API path sign-in may lead back to.
  if (EXPORT_DOWNLOAD.test(path)) return path;
  if (path.startsWith("/sign-in") || path.startsWith("/api/") || path.startsWith("/setup")) return "/";
  return path;
}

/**
 * The target as a browser's URL parser sees it: C0 controls and spaces stripped from both ends,
 * tab, newline and carriage return removed anywhere, backslashes read as slashes.
 */
function browserView(target: string): string {
  let start = 0;
  let end = target.length;
  while (start < end && target.charCodeAt(start) <= 0x20) start++;
  while (end > start && target.charCodeAt(end - 1) <= 0x20) end--;
  return target
    .slice(start, end)
    .replace(/[\t\n\r]/g, "")
    .replace(/\\/g, "/");
}
