/** The API's answer to a throttled password attempt: 429 with Retry-After (lib/auth/throttle.ts). */
import { ApiError } from "@/lib/http/errors";
import { Throttled } from "./throttle";

export function throttledError(retryAfter: number): ApiError {
  return new ApiError(
    429,
    "rate_limited",
    `Too many failed password attempts for this account or from this address; try again in ${retryAfter} s.`,
    undefined,
    { "Retry-After": String(retryAfter) },
  );
}

/** Runs a password check, answering 429 with Retry-After when the throttle refuses it. */
export async function answerThrottled<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Throttled) throw throttledError(error.retryAfter);
    throw error;
  }
}
