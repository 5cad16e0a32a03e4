/**
 * Rate limits of publishable keys (pk_...): per visitor (the client address, lib/http/client-
 * address.ts) and key, and per key, each a token bucket refilled at PUBLISHABLE_KEY_VISITOR_RATE /
 * PUBLISHABLE_KEY_RATE requests per second that holds 5 s worth (a page's carousels, a burst of
 * keystrokes). Kept in memory per web process and checked without a promise: the key is used by
 * the content route on every page view, and a database counter would cost more than the answer.
 * A process that restarts forgets its buckets (everyone starts full), which errs on serving.
 */
import { wallMs } from "@/lib/clock";
import { env } from "@/lib/env";
import { tooManyRequests } from "@/lib/http/errors";
import { processWide } from "@/lib/process-wide";

const BURST_SECONDS = 5;
/** Buckets kept; past it the idle (full) ones go, then the oldest. */
const KEPT = 100_000;

interface Bucket {
  tokens: number;
  at: number;
}

const state = processWide("auth.key-limits", () => ({
  visitors: new Map<string, Bucket>(),
  keys: new Map<string, Bucket>(),
}));

/**
 * Takes one request from the bucket; the seconds to wait when it is empty (0: it passes).
 * rate 0: no limit.
 */
function take(buckets: Map<string, Bucket>, key: string, rate: number, now: number): number {
  if (rate <= 0) return 0;
  const capacity = rate * BURST_SECONDS;
  let bucket = buckets.get(key);
  if (!bucket) {
    if (buckets.size >= KEPT) prune(buckets, now);
    bucket = { tokens: capacity, at: now };
    buckets.set(key, bucket);
  } else {
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
  }
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
}

function prune(buckets: Map<string, Bucket>, now: number): void {
  const fullAfterMs = BURST_SECONDS * 1000;
  for (const [key, bucket] of buckets) {
    if (now - bucket.at >= fullAfterMs) buckets.delete(key);
  }
  // Everyone is active: the oldest tenth goes (they start again full).
  if (buckets.size >= KEPT) {
    let drop = Math.ceil(KEPT / 10);
    for (const key of buckets.keys()) {
      if (drop-- <= 0) break;
      buckets.delete(key);
    }
  }
}

/** Counts a request of a publishable key; throws 429 rate_limited with Retry-After past a limit. */
export function countKeyRequest(clientId: string, visitor: string, now = wallMs()): void {
  const settings = env();
  // The visitor's bucket first: one visitor held back does not use up the key's.
  const perVisitor = take(state.visitors, `${clientId} ${visitor}`, settings.PUBLISHABLE_KEY_VISITOR_RATE, now);
  if (perVisitor > 0) throw tooManyRequests(perVisitor);
  const perKey = take(state.keys, clientId, settings.PUBLISHABLE_KEY_RATE, now);
  if (perKey > 0) throw tooManyRequests(perKey);
}

/** Tests: every bucket full again. */
export function resetKeyLimits(): void {
  state.visitors.clear();
  state.keys.clear();
}
