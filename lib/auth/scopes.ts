/**
 * What a credential may do, besides its role. An API client has scopes:
 *   content     touchpoint content and search, public event tracking, the wheel (what a shop's
 *               pages call; nothing about customers, nothing written but events)
 *   data:write  the intake routes
 *   studio      everything the client's role allows (users and sessions always have it)
 * An operation declares the scope it needs (lib/http/operation.ts, `scope`; none: studio). A
 * client whose scopes are exactly ["content"] is publishable: it also has a `pk_` key, which
 * browsers send, checked against the client's allowed origins (lib/auth/origins.ts).
 * Free of server imports: the Settings form uses the same rules.
 */
import { z } from "zod";

export const SCOPES = ["content", "data:write", "studio"] as const;
export const ZScope = z
  .enum(SCOPES)
  .describe(
    "content: touchpoint content and search, public event tracking, the wheel; data:write: the intake routes; studio: everything the role allows",
  );
export type Scope = z.infer<typeof ZScope>;

/** Users and sessions: everything their role allows. */
export const STUDIO_SCOPES: readonly Scope[] = ["studio"];

/** True when a credential with `scopes` may call an operation that needs `needed`. */
export function allowsScope(scopes: readonly Scope[], needed: Scope): boolean {
  return scopes.includes(needed) || scopes.includes("studio");
}

/** A publishable client: its scopes are exactly ["content"]. */
export function isPublishable(scopes: readonly string[]): boolean {
  return scopes.length === 1 && scopes[0] === "content";
}

/** Publishable keys start with this; what follows is 32 random base64url characters or more. */
export const PUBLISHABLE_PREFIX = "pk_";

export function looksPublishable(value: string): boolean {
  return value.startsWith(PUBLISHABLE_PREFIX);
}

/** Known scopes only, in SCOPES order, once each (stored and compared that way). */
export function normalScopes(scopes: readonly string[]): Scope[] {
  return SCOPES.filter((s) => scopes.includes(s));
}

/** The scopes of a space-separated OAuth `scope` string; undefined when one is unknown. */
export function parseScopeString(text: string): Scope[] | undefined {
  const words = text.split(" ").filter(Boolean);
  if (words.some((w) => !(SCOPES as readonly string[]).includes(w))) return undefined;
  return normalScopes(words);
}

/**
 * The publishable key a request carries in its query (`key=pk_...`, for browsers: a script tag or
 * an image cannot send headers); undefined without one. Other values are returned too, and refused.
 */
export function keyInQuery(url: string): string | undefined {
  const q = url.indexOf("?");
  if (q < 0) return undefined;
  let at = url.indexOf("key=", q);
  while (at >= 0 && url[at - 1] !== "?" && url[at - 1] !== "&") at = url.indexOf("key=", at + 4);
  if (at < 0) return undefined;
  const end = url.indexOf("&", at);
  const raw = url.slice(at + 4, end < 0 ? undefined : end);
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}
