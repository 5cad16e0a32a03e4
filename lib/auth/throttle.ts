/**
 * The one throttle of every way to present a password: the sign-in form (its server action),
 * Auth.js's POST /api/auth/callback/credentials and the token grant. Failures are counted per
 * account and per client address in the database (rate-limiter-flexible over rate_limits), so a
 * failure through one door counts at the others and in every process.
 *
 * - The first FREE_FAILURES failures of an account (remembered a day; a success forgets them) or of
 *   an address (remembered an hour) cost nothing. The attempt that reaches FREE_FAILURES, and each
 *   one after, closes the door for BASE_WAIT_S * 2^(failures - FREE_FAILURES) seconds (30 s, 60 s,
 *   2 min ... at most MAX_WAIT_S): exponential backoff. While closed, every attempt is refused with
 *   the wait (429 + Retry-After), right password or not, without hashing anything.
 * - The attempt is counted before the hash runs and the door is claimed atomically (a one-point
 *   limiter whose window is the wait), so a burst of parallel attempts cannot slip through while the
 *   first is still hashing: past the free failures, only one attempt per wait gets through.
 * - Refused attempts are not counted (a locked-out user retrying does not lengthen the wait).
 */
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { type Database, getDatabase } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";

export const FREE_FAILURES = 10;
export const BASE_WAIT_S = 30;
export const MAX_WAIT_S = 900;
const MEMORY_S = { account: 86_400, address: 3_600 } as const;
type Scope = keyof typeof MEMORY_S;

/** A password attempt refused before it was checked: wait this many seconds. */
export class Throttled extends Error {
  constructor(readonly retryAfter: number) {
    super(`Too many failed attempts; try again in ${retryAfter} s.`);
  }
}

/** The wait after the n-th counted failure (n >= FREE_FAILURES). */
export function backoffSeconds(failures: number): number {
  return Math.min(MAX_WAIT_S, BASE_WAIT_S * 2 ** Math.max(0, failures - FREE_FAILURES));
}

const limiters = perDatabase("auth.throttle", (database: Database) => {
  const make = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPrisma({ storeClient: database.prisma, tableName: "rateLimit", keyPrefix, points, duration });
  return {
    failures: {
      account: make("auth-fail-account", 1_000_000_000, MEMORY_S.account),
      address: make("auth-fail-address", 1_000_000_000, MEMORY_S.address),
    },
    gates: {
      account: make("auth-gate-account", 1, BASE_WAIT_S),
      address: make("auth-gate-address", 1, BASE_WAIT_S),
    },
  };
});

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Seconds until this account or address may try again, or undefined when it may now. */
export async function throttleWait(options: { email: string; address: string }): Promise<number | undefined> {
  const { gates } = limiters(await getDatabase());
  const keys = keysOf(options);
  const states = await Promise.all((Object.keys(keys) as Scope[]).map((scope) => gates[scope].get(keys[scope])));
  const waits = states.flatMap((s) =>
    s && s.consumedPoints >= 1 && s.msBeforeNext > 0 ? [seconds(s.msBeforeNext)] : [],
  );
  return waits.length > 0 ? Math.max(...waits) : undefined;
}

function keysOf(options: { email: string; address: string }): Record<Scope, string> {
  return { account: options.email.trim().toLowerCase(), address: options.address };
}

/**
 * Runs `verify` (the password check) unless the account or address must wait (throws Throttled).
 * `verify` answers the authenticated value or undefined for a wrong password; a wrong one counts.
 */
export async function presentPassword<T>(options: {
  email: string;
  address: string;
  verify: () => Promise<T | undefined>;
}): Promise<T | undefined> {
  const wait = await throttleWait(options);
  if (wait !== undefined) throw new Throttled(wait);

  const { failures, gates } = limiters(await getDatabase());
  const keys = keysOf(options);
  const scopes = Object.keys(keys) as Scope[];
  const counts = await Promise.all(scopes.map((scope) => failures[scope].consume(keys[scope])));
  const refund = () => Promise.all(scopes.map((scope) => failures[scope].reward(keys[scope])));
  const claimed: Scope[] = [];
  const release = () => Promise.all(claimed.map((scope) => gates[scope].delete(keys[scope])));

  for (const [i, scope] of scopes.entries()) {
    const n = counts[i]!.consumedPoints;
    if (n < FREE_FAILURES) continue;
    try {
      await gates[scope].consume(keys[scope], 1, { customDuration: backoffSeconds(n) });
      claimed.push(scope);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      // Another attempt holds the door: this one is refused and not counted.
      await Promise.all([release(), refund()]);
      throw new Throttled(seconds(error.msBeforeNext));
    }
  }

  let result: T | undefined;
  try {
    result = await options.verify();
  } catch (error) {
    // Not an answer about the password (the database, a full hash queue): not a failure.
    await Promise.all([release(), refund()]);
    throw error;
  }
  if (result !== undefined) {
    // The account's owner is back: its failures are forgotten. The address keeps its count (one
    // good account must not wipe the record of spraying others), less this attempt.
    await Promise.all([
      failures.account.delete(keys.account),
      gates.account.delete(keys.account),
      failures.address.reward(keys.address),
    ]);
  }
  return result;
}

/** Forgets an account's failures and wait (a super user's password reset). */
export async function forgetAccountFailures(email: string): Promise<void> {
  const { failures, gates } = limiters(await getDatabase());
  const key = email.trim().toLowerCase();
  await Promise.all([failures.account.delete(key), gates.account.delete(key)]);
}
