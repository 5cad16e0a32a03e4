/**
 * Rate limit of failed sign-ins and token requests: 10 failures per address and account per
 * 5 minutes, then 429 with Retry-After. In memory: each process counts its own (enough to stop
 * guessing; a shared store is the next step when running many web processes).
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { tooManyRequests } from "@/lib/http/errors";

const limiter = new RateLimiterMemory({ points: 10, duration: 300 });

export function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || request.headers.get("x-real-ip") || "local";
}

export async function assertNotLimited(key: string): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.consumedPoints >= 10) throw tooManyRequests(Math.ceil(state.msBeforeNext / 1000));
}

export async function recordFailure(key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
  }
}
