import { describe, expect, it } from "vitest";
import { BATCH, CONSENT_KEY, createTracker, FLUSH_DELAY_MS, QUEUE_KEY, type TrackerDeps } from "./tracker";

interface Sent {
  body: {
    cookie_id: string;
    customer_id?: string;
    sent_at: string;
    events: { event_id: string; event_type: string; item_id?: string }[];
  };
  init: RequestInit;
}

/** A page: fake clock and timers, storage, cookie jar and a network that can be cut. */
function page(options: { consentDefault?: boolean; storage?: Map<string, string> } = {}) {
  const store = options.storage ?? new Map<string, string>();
  let now = Date.parse("2026-11-25T10:00:00Z");
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextTimer = 1;
  let ids = 0;
  const jar = { value: undefined as string | undefined };
  const net = { down: false, status: 200, retryAfter: null as string | null };
  const sent: Sent[] = [];
  const beacons: Sent["body"][] = [];
  const deps: TrackerDeps = {
    endpoint: "https://lumen.example/api/latest/track/events?key=pk_test",
    fetch: async (_url, init) => {
      if (net.down) throw new TypeError("Failed to fetch");
      sent.push({ body: JSON.parse(String(init.body)), init });
      return { status: net.status, headers: { get: (n: string) => (n === "retry-after" ? net.retryAfter : null) } };
    },
    beacon: (_url, body) => {
      beacons.push(JSON.parse(body));
      return true;
    },
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    cookie: {
      get: () => jar.value,
      set: (v) => {
        jar.value = v;
      },
      remove: () => {
        jar.value = undefined;
      },
    },
    now: () => now,
    randomId: () => `id${++ids}`,
    setTimeout: (fn, ms) => {
      const id = nextTimer++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
    consentDefault: options.consentDefault ?? true,
    version: "test",
  };
  const tracker = createTracker(deps);
  /** Moves the clock on, running the timers that fall due (and what their promises start). */
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const due = timers[0];
      if (!due || due.at > until) break;
      timers.shift();
      now = Math.max(now, due.at);
      due.fn();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    now = until;
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  const queued = () => JSON.parse(store.get(QUEUE_KEY) ?? "[]") as unknown[];
  const sentEvents = () => sent.flatMap((s) => s.body.events.map((e) => e.event_id));
  return { tracker, store, jar, net, sent, beacons, advance, queued, sentEvents };
}

describe("the tracking snippet's queue", () => {
  it("batches events for a second, sends text/plain with keepalive, and empties the queue on 200", async () => {
    const p = page();
    p.tracker.track("view", { item_id: "A" });
    p.tracker.track("add_to_cart", { item_id: "A", quantity: 2, price: 4.5 });
    expect(p.sent).toHaveLength(0);
    expect(p.queued()).toHaveLength(2);
    await p.advance(FLUSH_DELAY_MS);
    expect(p.sent).toHaveLength(1);
    const [first] = p.sent;
    expect(first!.init).toMatchObject({ method: "POST", keepalive: true, credentials: "omit" });
    expect(first!.init.headers).toEqual({ "content-type": "text/plain" });
    expect(first!.body.cookie_id).toBe(p.jar.value);
    expect(first!.body.events.map((e) => [e.event_type, e.item_id])).toEqual([
      ["view", "A"],
      ["add_to_cart", "A"],
    ]);
    expect(p.queued()).toHaveLength(0);
  });

  it("sends a full batch at once and the rest after it", async () => {
    const p = page();
    for (let i = 0; i < BATCH + 3; i++) p.tracker.track("view", { item_id: `I${i}` });
    await p.advance(0);
    expect(p.sent.map((s) => s.body.events.length)).toEqual([BATCH, 3]);
  });

  it("loses nothing when the network drops for 10 s: retried with backoff, each event sent until it is stored", async () => {
    const p = page();
    p.net.down = true;
    for (let i = 0; i < 5; i++) p.tracker.track("view", { item_id: `I${i}` });
    await p.advance(FLUSH_DELAY_MS);
    p.tracker.track("click", { item_id: "I9", touchpoint_id: "tp" });
    await p.advance(9_000);
    expect(p.sent).toHaveLength(0);
    expect(p.queued()).toHaveLength(6);
    p.net.down = false;
    await p.advance(30_000);
    expect(new Set(p.sentEvents()).size).toBe(6);
    expect(p.queued()).toHaveLength(0);
  });

  it("keeps the queue across pages: a page closed offline hands its events to the next one", async () => {
    const storage = new Map<string, string>();
    const first = page({ storage });
    first.net.down = true;
    first.tracker.track("purchase", { item_id: "A", order_id: "o1", price: 3 });
    await first.advance(FLUSH_DELAY_MS);
    first.tracker.pageExit();
    expect(first.beacons).toHaveLength(1); // the beacon's answer is unknown: still queued
    expect(first.queued()).toHaveLength(1);
    const second = page({ storage });
    second.jar.value = first.jar.value;
    await second.advance(0);
    expect(second.sent).toHaveLength(1);
    expect(second.sent[0]!.body.events[0]!.event_type).toBe("purchase");
    expect(second.queued()).toHaveLength(0);
  });

  it("retries 429 and 5xx (after Retry-After), drops a batch the service refuses for good (4xx)", async () => {
    const p = page();
    p.net.status = 429;
    p.net.retryAfter = "5";
    p.tracker.track("view", { item_id: "A" });
    await p.advance(FLUSH_DELAY_MS);
    expect(p.sent).toHaveLength(1);
    await p.advance(4_000);
    expect(p.sent).toHaveLength(1);
    p.net.status = 503;
    p.net.retryAfter = null;
    await p.advance(1_000);
    expect(p.sent).toHaveLength(2);
    expect(p.queued()).toHaveLength(1);
    p.net.status = 422;
    await p.advance(2_000);
    expect(p.sent).toHaveLength(3);
    expect(p.queued()).toHaveLength(0);
  });

  it("gives every event an id, so a batch sent twice is the same events", async () => {
    const p = page();
    p.tracker.track("view", { item_id: "A" });
    p.tracker.pageExit();
    await p.advance(FLUSH_DELAY_MS);
    expect(p.beacons[0]!.events[0]!.event_id).toBe(p.sent[0]!.body.events[0]!.event_id);
  });
});

describe("identity", () => {
  it("keeps one cookie, sends the identify with the customer, and later events carry the customer", async () => {
    const p = page();
    p.tracker.track("view", { item_id: "A" });
    const cookie = p.jar.value;
    p.tracker.identify("C-1");
    p.tracker.track("view", { item_id: "B" });
    await p.advance(FLUSH_DELAY_MS);
    expect(p.sent.map((s) => [s.body.cookie_id, s.body.customer_id, s.body.events.length])).toEqual([
      [cookie, undefined, 1],
      [cookie, "C-1", 1],
    ]);
    expect(p.tracker.customerId()).toBe("C-1");
  });

  it("starts a new cookie when another customer signs in on the same browser", async () => {
    const p = page();
    p.tracker.identify("C-1");
    const first = p.jar.value;
    p.tracker.identify("C-2");
    expect(p.jar.value).not.toBe(first);
    await p.advance(FLUSH_DELAY_MS);
    expect(p.sent.map((s) => [s.body.cookie_id, s.body.customer_id])).toEqual([
      [first, "C-1"],
      [p.jar.value, "C-2"],
    ]);
  });
});

describe("consent", () => {
  it("consent(false) sends nothing, drops the queue and the cookie, and is remembered", async () => {
    const storage = new Map<string, string>();
    const p = page({ storage });
    p.net.down = true;
    p.tracker.track("view", { item_id: "A" });
    p.tracker.identify("C-1");
    p.tracker.consent(false);
    expect(p.jar.value).toBeUndefined();
    expect(p.queued()).toHaveLength(0);
    p.net.down = false;
    p.tracker.track("view", { item_id: "B" });
    p.tracker.identify("C-1");
    p.tracker.pageExit();
    await p.advance(60_000);
    expect(p.sent).toHaveLength(0);
    expect(p.beacons).toHaveLength(0);
    expect(p.jar.value).toBeUndefined();
    expect(p.tracker.cookieId()).toBeUndefined();
    expect(storage.get(CONSENT_KEY)).toBe("0");
    const next = page({ storage });
    next.tracker.track("view", { item_id: "C" });
    await next.advance(60_000);
    expect(next.sent).toHaveLength(0);
  });

  it('waits for consent(true) with data-consent="pending"', async () => {
    const p = page({ consentDefault: false });
    p.tracker.track("view", { item_id: "A" });
    await p.advance(FLUSH_DELAY_MS);
    expect(p.sent).toHaveLength(0);
    expect(p.jar.value).toBeUndefined();
    p.tracker.consent(true);
    p.tracker.track("view", { item_id: "B" });
    await p.advance(FLUSH_DELAY_MS);
    expect(p.sent.flatMap((s) => s.body.events.map((e) => e.item_id))).toEqual(["B"]);
  });
});
