/**
 * The tracking snippet's logic, free of the browser's globals so a test can drive it (fake fetch,
 * storage, cookie and timers): a queue of events in localStorage, sent in batches to
 * POST /api/latest/track/events and retried until the service has them, a first-party cookie
 * identity, identify and consent. ./snippet.ts wires it to the page.
 *
 * - Every event gets a random id, so a batch sent twice (a retry after an answer lost, another
 *   tab, a beacon at page exit) is stored once.
 * - A batch leaves the queue only when the service answered it: 2xx, or a refusal that a retry
 *   cannot change (400-499 but 408 and 429). Otherwise (no network, 5xx, 429) it is sent again
 *   after 1, 2, 4, ... 30 s (or Retry-After), at once when the browser is back online, and on the
 *   next page (the queue is in localStorage), so a network drop of any length loses nothing the
 *   queue's cap (MAX_QUEUE) keeps.
 * - At page exit what is queued goes with sendBeacon (its answer cannot be read, so it stays queued
 *   and the next page sends it again; the event ids make that harmless).
 * - Without consent nothing is recorded or sent and neither the cookie nor the queue exists.
 */
import type { Lumen, LumenEventProperties, LumenEventType } from "./lumen";

export const QUEUE_KEY = "lumen_queue";
export const CUSTOMER_KEY = "lumen_customer";
export const CONSENT_KEY = "lumen_consent";
/** Events per request (the route takes 50). */
export const BATCH = 20;
/** Events kept while the service cannot be reached; the oldest go first past it. */
export const MAX_QUEUE = 500;
/** A batch waits this long for more events before it goes. */
export const FLUSH_DELAY_MS = 1000;
export const MAX_RETRY_MS = 30_000;

/** A queued entry: an event (e) of the cookie (c) and customer (u); without e, the identify itself. */
export interface Entry {
  c: string;
  u?: string;
  e?: Record<string, unknown> & { event_id: string };
}

export interface TrackerDeps {
  /** The events route with the key: https://<lumen>/api/latest/track/events?key=pk_... */
  endpoint: string;
  fetch: (url: string, init: RequestInit) => Promise<{ status: number; headers: { get(name: string): string | null } }>;
  /** navigator.sendBeacon, when the browser has it. */
  beacon?: (url: string, body: string) => boolean;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  cookie: { get(): string | undefined; set(value: string): void; remove(): void };
  now: () => number;
  randomId: () => string;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Consent before the visitor said anything (the script's data-consent="pending": false). */
  consentDefault: boolean;
  version: string;
}

export interface Tracker extends Lumen {
  /** The page is going away: send what is queued with sendBeacon. */
  pageExit(): void;
  /** The browser is back online: send now. */
  online(): void;
}

export function createTracker(deps: TrackerDeps): Tracker {
  const { storage } = deps;
  let timer: unknown;
  let timerAt = 0;
  let inFlight: Promise<void> | undefined;
  let failures = 0;

  const read = (): Entry[] => {
    try {
      const parsed = JSON.parse(storage.getItem(QUEUE_KEY) ?? "[]");
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  };
  const write = (queue: Entry[]) => {
    try {
      if (queue.length) storage.setItem(QUEUE_KEY, JSON.stringify(queue.slice(-MAX_QUEUE)));
      else storage.removeItem(QUEUE_KEY);
    } catch {
      // Storage full or refused (private mode): the events are lost with the page, not the page.
    }
  };
  const consented = () => {
    const stored = storage.getItem(CONSENT_KEY);
    return stored === null ? deps.consentDefault : stored === "1";
  };
  const cookieId = (create: boolean): string | undefined => {
    let id = deps.cookie.get();
    if (!id && create) {
      id = deps.randomId();
      deps.cookie.set(id);
    }
    return id;
  };
  const customerId = () => storage.getItem(CUSTOMER_KEY) ?? undefined;

  const schedule = (ms: number) => {
    const at = deps.now() + ms;
    if (timer !== undefined && timerAt <= at) return;
    if (timer !== undefined) deps.clearTimeout(timer);
    timerAt = at;
    timer = deps.setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
  };

  /** The first entries that share a cookie and customer (one visitor per request), at most BATCH events. */
  const nextBatch = (queue: Entry[]): Entry[] => {
    const first = queue[0];
    if (!first) return [];
    const batch: Entry[] = [];
    let events = 0;
    for (const entry of queue) {
      if (entry.c !== first.c || entry.u !== first.u) break;
      if (entry.e && events === BATCH) break;
      if (entry.e) events++;
      batch.push(entry);
    }
    return batch;
  };
  const bodyOf = (batch: Entry[]) =>
    JSON.stringify({
      cookie_id: batch[0]!.c,
      ...(batch[0]!.u ? { customer_id: batch[0]!.u } : {}),
      sent_at: new Date(deps.now()).toISOString(),
      events: batch.flatMap((entry) => (entry.e ? [entry.e] : [])),
    });
  const sameEntry = (a: Entry, b: Entry) =>
    a.c === b.c && a.u === b.u && (a.e && b.e ? a.e.event_id === b.e.event_id : !a.e && !b.e);
  const remove = (sent: Entry[]) => write(read().filter((entry) => !sent.some((s) => sameEntry(s, entry))));

  const sendOnce = async (): Promise<boolean> => {
    const batch = nextBatch(read());
    if (!batch.length) return false;
    let retryAfter = 0;
    try {
      const res = await deps.fetch(deps.endpoint, {
        method: "POST",
        // text/plain: no CORS preflight; keepalive: the request outlives the page.
        headers: { "content-type": "text/plain" },
        body: bodyOf(batch),
        keepalive: true,
        credentials: "omit",
      });
      if (res.status < 400 || (res.status < 500 && res.status !== 408 && res.status !== 429)) {
        remove(batch);
        failures = 0;
        return true;
      }
      retryAfter = Number(res.headers.get("retry-after")) * 1000 || 0;
    } catch {
      // No network: kept, tried again.
    }
    failures++;
    schedule(Math.max(retryAfter, Math.min(MAX_RETRY_MS, 1000 * 2 ** (failures - 1))));
    return false;
  };

  const flush = (): Promise<void> => {
    if (inFlight) return inFlight;
    inFlight = (async () => {
      try {
        while (consented() && (await sendOnce()));
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  };

  const enqueue = (entry: Entry) => {
    const queue = read();
    queue.push(entry);
    write(queue);
    if (failures === 0) schedule(queue.length >= BATCH ? 0 : FLUSH_DELAY_MS);
  };

  const tracker: Tracker = {
    version: deps.version,
    track(type: LumenEventType, properties: LumenEventProperties = {}) {
      if (!consented()) return;
      const c = cookieId(true)!;
      const u = customerId();
      enqueue({
        c,
        ...(u ? { u } : {}),
        e: {
          ...properties,
          event_id: deps.randomId(),
          event_type: type,
          timestamp: new Date(deps.now()).toISOString(),
        },
      });
    },
    identify(customer: string) {
      if (!consented() || !customer) return;
      const before = customerId();
      if (before === customer) return;
      // Another customer on this browser: a cookie of their own (the service never moves a link).
      if (before) deps.cookie.remove();
      storage.setItem(CUSTOMER_KEY, customer);
      enqueue({ c: cookieId(true)!, u: customer });
    },
    consent(granted: boolean) {
      storage.setItem(CONSENT_KEY, granted ? "1" : "0");
      if (granted) return;
      if (timer !== undefined) deps.clearTimeout(timer);
      timer = undefined;
      storage.removeItem(QUEUE_KEY);
      storage.removeItem(CUSTOMER_KEY);
      deps.cookie.remove();
    },
    flush,
    cookieId: () => (consented() ? cookieId(false) : undefined),
    customerId: () => (consented() ? customerId() : undefined),
    pageExit() {
      if (!consented() || !deps.beacon) return;
      // Every visitor's batches (a queue may hold another cookie's, after a new sign-in).
      const queue = read();
      for (let at = 0; at < queue.length; ) {
        const batch = nextBatch(queue.slice(at));
        deps.beacon(deps.endpoint, bodyOf(batch));
        at += batch.length;
      }
    },
    online() {
      failures = 0;
      void flush();
    },
  };
  // Events left by an earlier page.
  if (consented() && read().length) schedule(0);
  return tracker;
}
