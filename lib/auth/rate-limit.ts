/**
 * Rate limit of failed sign-ins and token requests: 10 failures per address and account per
 * 5 minutes, then 429 with Retry-After (the studio's sign-in form says to wait). Counted by
 * rate-limiter-flexible in the database (RateLimiterPrisma over the rate_limits table), so every
 * web process sees the same counts.
 */
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { getDatabase } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { tooManyRequests } from "@/lib/http/errors";

export const FAILURES_ALLOWED = 10;
export const FAILURE_WINDOW_S = 300;

const limiters = perDatabase(
  "auth.rate-limit",
  (database) =>
    new RateLimiterPrisma({
      storeClient: database.prisma,
      tableName: "rateLimit",
      keyPrefix: "auth",
      points: FAILURES_ALLOWED,
      duration: FAILURE_WINDOW_S,
    }),
);

/** The client's address (lib/http/client-address.ts: X-Forwarded-For only from TRUSTED_PROXIES). */
export { clientAddress } from "@/lib/http/client-address";

/** Seconds to wait when the key has used its failures, else undefined. */
export async function secondsLimited(key: string): Promise<number | undefined> {
  const state = await limiters(await getDatabase()).get(key);
  if (state && state.consumedPoints >= FAILURES_ALLOWED) return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  return undefined;
}

export async function assertNotLimited(key: string): Promise<void> {
  const wait = await secondsLimited(key);
  if (wait !== undefined) throw tooManyRequests(wait);
}

export async function recordFailure(key: string): Promise<void> {
  try {
    await limiters(await getDatabase()).consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}
