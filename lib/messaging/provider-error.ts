/**
 * A provider's refusal, and what to do about it.
 *
 * Transient (may pass on a retry): HTTP 408, 425, 429 and 5xx (but 501 and 505, which say the
 * request itself is wrong), a timeout, a connection refused or reset, a DNS failure; an SMTP 4xx
 * reply or a lost SMTP connection. Permanent (fails at once): any other HTTP 4xx, among them the
 * providers' documented refusals of the message itself (Twilio 21211 invalid To, 21610 the
 * recipient replied STOP, 21614 not a mobile number, 21617 body too long, ...; Infobip
 * BAD_REQUEST and its validation errors, 401 UNAUTHORIZED), an SMTP 5xx reply, a number that is
 * no phone number at all.
 *
 * retryDecision is the one policy for campaign messages: exponential backoff from 1 s doubling up
 * to 10 minutes, with jitter (x0.75-1.25, so a refused batch does not come back as one burst),
 * never sooner than the provider's Retry-After (seconds or an HTTP date), and for at most an hour
 * after the message's first transient failure; then it fails with the last error. The caller
 * schedules the retry (a retry-at column, a job's startAfter): nothing here waits.
 */

/** Retries stop this long after a message's first transient failure. */
export const RETRY_WINDOW_MS = 60 * 60 * 1000;
/** The first backoff; each next one doubles, up to MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 10 * 60 * 1000;
/** A request to a provider that has not answered within this long is given up (and retried). */
export const PROVIDER_TIMEOUT_MS = 30_000;

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
    readonly status?: number,
    /** The provider's Retry-After, in ms from when it answered. */
    readonly retryAfterMs?: number,
    /** The provider's own error code (Twilio's `code`, Infobip's messageId), when it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** Whether an HTTP status may pass on a retry. */
export function isTransientStatus(status: number): boolean {
  if (status === 408 || status === 425 || status === 429) return true;
  return status >= 500 && status !== 501 && status !== 505;
}

/** Network failures worth a retry (node's and undici's codes). */
const TRANSIENT_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_SOCKET",
  // nodemailer: connection lost or refused, socket or DNS trouble, greeting timeout.
  "ECONNECTION",
  "ESOCKET",
  "EDNS",
  "ETLS",
]);

/**
 * Retry-After as ms from `at`: delta-seconds ("120") or an HTTP date (RFC 9110 10.2.3). Undefined
 * when absent or unreadable; a date in the past reads as 0.
 */
export function parseRetryAfter(value: string | null | undefined, at: Date = new Date()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - at.getTime());
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const own = "code" in error && typeof error.code === "string" ? error.code : undefined;
  if (own) return own;
  // fetch wraps the socket's error: TypeError("fetch failed", { cause }).
  return "cause" in error ? codeOf(error.cause) : undefined;
}

/** Whether a failure to hand a message on may pass on a retry (see the file's comment). */
export function isTransient(error: unknown): boolean {
  if (error instanceof ProviderError) return error.temporary;
  if (typeof error === "object" && error !== null && "responseCode" in error) {
    const reply = error.responseCode;
    // An SMTP reply: 4xx transient, 5xx permanent.
    if (typeof reply === "number") return reply >= 400 && reply < 500;
  }
  const code = codeOf(error);
  if (code && TRANSIENT_CODES.has(code)) return true;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return true;
  return false;
}

export interface RetryDecision {
  retry: boolean;
  /** How long to wait before the retry (0 when not retried). */
  after_ms: number;
  /** Why not, when not retried. */
  reason?: string;
}

/**
 * Whether a message that failed with `error` is tried again, and when.
 * `attempt`: the attempts made so far (1 after the first failure); `firstFailedAt`: when its first
 * transient failure happened (null: this is the first).
 */
export function retryDecision(opts: {
  error: unknown;
  attempt: number;
  firstFailedAt: Date | null;
  now: Date;
  random?: () => number;
}): RetryDecision {
  const { error, now } = opts;
  if (!isTransient(error)) return { retry: false, after_ms: 0, reason: "permanent" };
  const exponent = Math.min(Math.max(0, opts.attempt - 1), 20);
  const backoff = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** exponent);
  const jittered = Math.round(backoff * (0.75 + 0.5 * (opts.random ?? Math.random)()));
  const asked = error instanceof ProviderError ? (error.retryAfterMs ?? 0) : 0;
  const after = Math.max(jittered, asked);
  const deadline = (opts.firstFailedAt ?? now).getTime() + RETRY_WINDOW_MS;
  if (now.getTime() + after > deadline) {
    return { retry: false, after_ms: 0, reason: "retried for an hour" };
  }
  return { retry: true, after_ms: after };
}

/**
 * POSTs to a provider with a timeout. A network error or timeout becomes a transient
 * ProviderError; a refusal one by its status, with the provider's Retry-After and error code.
 */
export async function postToProvider(
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const code = codeOf(error);
    throw new ProviderError(
      `${provider}: ${(error as Error).message}${code ? ` (${code})` : ""}`,
      isTransient(error) || !code,
    );
  }
  const text = await response.text();
  if (!response.ok) {
    const code = providerCode(text);
    throw new ProviderError(
      `${provider} answered ${response.status}${code ? ` ${code}` : ""}: ${text.slice(0, 300)}`,
      isTransientStatus(response.status),
      response.status,
      parseRetryAfter(response.headers.get("retry-after")),
      code,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(`${provider} answered ${response.status} with no JSON: ${text.slice(0, 300)}`, false);
  }
}

/** The provider's error code in its error body: Twilio's `code`, Infobip's serviceException messageId. */
function providerCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as {
      code?: unknown;
      requestError?: { serviceException?: { messageId?: unknown } };
    };
    if (typeof parsed.code === "number" || typeof parsed.code === "string") return String(parsed.code);
    const id = parsed.requestError?.serviceException?.messageId;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}
