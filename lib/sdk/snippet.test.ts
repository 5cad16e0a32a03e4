/**
 * The built /sdk.js as a page runs it: the script's own address and data-key, window.lumen, the
 * first-party cookie, and the request it sends (in a VM with the browser's globals faked).
 */
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import built from "./built.json";

function browserPage(dataset: Record<string, string>) {
  const requests: { url: string; init: RequestInit }[] = [];
  const listeners = new Map<string, () => void>();
  const store = new Map<string, string>();
  const timers: (() => void)[] = [];
  let cookieJar = "";
  const document = {
    currentScript: { src: "https://lumen.example/sdk.js?v=x", dataset },
    get cookie() {
      return cookieJar;
    },
    set cookie(value: string) {
      const [pair] = value.split("; ");
      cookieJar = value.includes("Max-Age=0") ? "" : pair!;
    },
    dispatchEvent: () => true,
  };
  const window: Record<string, unknown> = {};
  const context = {
    window,
    document,
    location: { protocol: "https:", origin: "https://shop.example" },
    navigator: { sendBeacon: () => true },
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    crypto: globalThis.crypto,
    fetch: async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return { status: 200, headers: { get: () => null } };
    },
    setTimeout: (fn: () => void) => timers.push(fn),
    clearTimeout: () => {},
    addEventListener: (name: string, fn: () => void) => listeners.set(name, fn),
    CustomEvent: class {
      constructor(readonly type: string) {}
    },
    URL,
    console,
  };
  window.lumen = undefined;
  runInNewContext(built.code, Object.assign(context, { window: Object.assign(window, context) }));
  const lumen = (context.window as { lumen?: import("./lumen").Lumen }).lumen;
  const runTimers = async () => {
    while (timers.length) timers.shift()!();
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { lumen, requests, runTimers, cookie: () => cookieJar, listeners };
}

describe("the built snippet in a page", () => {
  it("puts window.lumen on the page and sends to the script's own service with the key", async () => {
    const page = browserPage({ key: "pk_abc" });
    expect(page.lumen?.version).toBe(built.version);
    page.lumen!.track("view", { item_id: "85123A" });
    expect(page.cookie()).toMatch(/^lumen_id=[A-Za-z0-9_-]{16}$/);
    await page.runTimers();
    expect(page.requests).toHaveLength(1);
    expect(page.requests[0]!.url).toBe("https://lumen.example/api/latest/track/events?key=pk_abc");
    const body = JSON.parse(String(page.requests[0]!.init.body));
    expect(body.cookie_id).toBe(page.cookie().split("=")[1]);
    expect(body.events[0]).toMatchObject({ event_type: "view", item_id: "85123A" });
    expect([...page.listeners.keys()].sort()).toEqual(["online", "pagehide"]);
  });

  it("does nothing without data-key, and nothing before consent with data-consent=pending", async () => {
    expect(browserPage({}).lumen).toBeUndefined();
    const page = browserPage({ key: "pk_abc", consent: "pending" });
    page.lumen!.track("view", { item_id: "A" });
    await page.runTimers();
    expect(page.requests).toHaveLength(0);
    expect(page.cookie()).toBe("");
  });
});
