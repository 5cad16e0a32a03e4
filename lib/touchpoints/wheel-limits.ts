/**
 * Spins of the public wheel are limited per link and per address (rate-limiter-flexible over the
 * rate_limits table, shared by every process): a link gets 5 spin requests a minute (the first
 * draws, the others answer its result), an address 30 a minute across links. Beyond that: 429
 * with Retry-After.
 */
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { getDatabase } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { tooManyRequests } from "@/lib/http/errors";

export const SPINS_PER_LINK = 5;
export const SPINS_PER_ADDRESS = 30;
const WINDOW_S = 60;

const limiters = perDatabase("wheel.rate-limit", (database) => ({
  link: new RateLimiterPrisma({
    storeClient: database.prisma,
    tableName: "rateLimit",
    keyPrefix: "wheel-link",
    points: SPINS_PER_LINK,
    duration: WINDOW_S,
  }),
  address: new RateLimiterPrisma({
    storeClient: database.prisma,
    tableName: "rateLimit",
    keyPrefix: "wheel-address",
    points: SPINS_PER_ADDRESS,
    duration: WINDOW_S,
  }),
}));

/** Counts one spin request; throws 429 when the link or the address has used its spins. */
export async function countSpin(token: string, address: string): Promise<void> {
  const { link, address: byAddress } = limiters(await getDatabase());
  for (const [limiter, key] of [
    [byAddress, address],
    [link, token],
  ] as const) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  }
}
