import { describe, expect, it } from "vitest";
import {
  isTransient,
  isTransientStatus,
  MAX_BACKOFF_MS,
  ProviderError,
  parseRetryAfter,
  RETRY_WINDOW_MS,
  retryDecision,
} from "./provider-error";

const at = new Date("2026-11-25T10:00:00Z");
const transient = (retryAfterMs?: number) => new ProviderError("twilio answered 429", true, 429, retryAfterMs);

describe("classifying provider failures", () => {
  it("429, 408, 425 and 5xx are transient; other 4xx, 501 and 505 permanent", () => {
    for (const s of [408, 425, 429, 500, 502, 503, 504]) expect(isTransientStatus(s), String(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 413, 422, 501, 505]) expect(isTransientStatus(s), String(s)).toBe(false);
  });

  it("connection resets, timeouts and SMTP 4xx are transient; SMTP 5xx permanent", () => {
    expect(isTransient(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }))).toBe(true);
    expect(
      isTransient(new TypeError("fetch failed", { cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }) })),
    ).toBe(true);
    expect(isTransient(new DOMException("The operation was aborted due to timeout", "TimeoutError"))).toBe(true);
    expect(isTransient(Object.assign(new Error("451 try later"), { responseCode: 451 }))).toBe(true);
    expect(isTransient(Object.assign(new Error("550 no such user"), { responseCode: 550 }))).toBe(false);
    expect(isTransient(new ProviderError("21211 invalid To", false, 400))).toBe(false);
    expect(isTransient(new Error("a bug"))).toBe(false);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("30", at)).toBe(30_000);
    expect(parseRetryAfter(new Date(at.getTime() + 90_000).toUTCString(), at)).toBe(90_000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", at)).toBe(0);
    expect(parseRetryAfter("soon", at)).toBeUndefined();
    expect(parseRetryAfter(null, at)).toBeUndefined();
  });
});

describe("retryDecision", () => {
  it("fails a permanent refusal at once", () => {
    const d = retryDecision({ error: new ProviderError("400", false, 400), attempt: 1, firstFailedAt: null, now: at });
    expect(d).toMatchObject({ retry: false, after_ms: 0 });
  });

  it("backs off exponentially with jitter, capped at 10 minutes", () => {
    const of = (attempt: number, r: number) =>
      retryDecision({ error: transient(), attempt, firstFailedAt: at, now: at, random: () => r }).after_ms;
    expect(of(1, 0.5)).toBe(1000);
    expect(of(2, 0.5)).toBe(2000);
    expect(of(5, 0.5)).toBe(16_000);
    expect(of(1, 0)).toBe(750);
    expect(of(1, 1)).toBe(1250);
    expect(of(30, 0.5)).toBe(MAX_BACKOFF_MS);
    const draws = new Set(Array.from({ length: 20 }, () => of(3, Math.random())));
    expect(draws.size).toBeGreaterThan(1);
  });

  it("never retries before the provider's Retry-After", () => {
    const d = retryDecision({ error: transient(30_000), attempt: 1, firstFailedAt: null, now: at, random: () => 0.5 });
    expect(d).toEqual({ retry: true, after_ms: 30_000 });
  });

  it("stops an hour after the first failure, also when Retry-After points past it", () => {
    const first = new Date(at.getTime() - RETRY_WINDOW_MS + 5_000);
    expect(
      retryDecision({ error: transient(), attempt: 3, firstFailedAt: first, now: at, random: () => 0.5 }),
    ).toMatchObject({
      retry: true,
    });
    expect(
      retryDecision({ error: transient(10_000), attempt: 3, firstFailedAt: first, now: at, random: () => 0.5 }),
    ).toMatchObject({ retry: false, reason: "retried for an hour" });
    expect(
      retryDecision({ error: transient(2 * RETRY_WINDOW_MS), attempt: 1, firstFailedAt: null, now: at }),
    ).toMatchObject({ retry: false });
  });
});
