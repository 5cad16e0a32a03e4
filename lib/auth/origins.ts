/**
 * Browser origins a publishable key answers. Stored as the browser sends them in `Origin`
 * (scheme://host[:port], lower case, no default port), so a request's origin is compared as it is.
 * Free of server imports: the Settings form validates with the same schema.
 */
import { z } from "zod";

export const MAX_ORIGINS = 50;

/** "https://Shop.example/" -> "https://shop.example"; undefined when it is no web origin. */
export function normalOrigin(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) {
    return undefined;
  }
  return url.origin;
}

export const ZOrigin = z
  .string()
  .max(300, "At most 300 characters.")
  .transform((text, ctx) => {
    const origin = normalOrigin(text);
    if (!origin) {
      ctx.addIssue({
        code: "custom",
        message: `"${text}" is not a web origin: write scheme://host[:port], e.g. https://shop.example (no path).`,
      });
      return z.NEVER;
    }
    return origin;
  });

export const ZOrigins = z
  .array(ZOrigin)
  .max(MAX_ORIGINS, `At most ${MAX_ORIGINS} origins.`)
  .transform((origins) => [...new Set(origins)]);
