/**
 * The tracking snippet's entry point in the browser (built into /sdk.js by scripts/build-sdk.ts):
 * `<script src="https://<lumen>/sdk.js" data-key="pk_..." async></script>` puts `window.lumen` on
 * the page (./lumen.d.ts). The service's address is the script's own; data-consent="pending" waits
 * for lumen.consent(true) before recording anything.
 */
import type { Lumen } from "./lumen";
import { createTracker } from "./tracker";

declare const __LUMEN_SDK_VERSION__: string;

const COOKIE = "lumen_id";
const YEAR_S = 31_536_000;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let out = "";
  for (const b of bytes) out += "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"[b & 63];
  return out;
}

function memoryStorage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function storage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> {
  try {
    localStorage.setItem("lumen_probe", "1");
    localStorage.removeItem("lumen_probe");
    return localStorage;
  } catch {
    return memoryStorage(); // storage refused (some private modes): this page only
  }
}

const cookie = {
  get(): string | undefined {
    const found = document.cookie.split("; ").find((c) => c.startsWith(`${COOKIE}=`));
    return found?.slice(COOKIE.length + 1) || undefined;
  },
  set(value: string): void {
    const secure = location.protocol === "https:" ? "; Secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Firefox and Safari; the value is our own [A-Za-z0-9_-] id
    document.cookie = `${COOKIE}=${value}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
  },
  remove(): void {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Firefox and Safari; nothing to escape
    document.cookie = `${COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  },
};

function start(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const key = script?.dataset.key;
  const base = script?.src ? new URL(script.src).origin : location.origin;
  if (!key) {
    console.warn('lumen: the script tag needs data-key="pk_..."');
    return;
  }
  const existing = (window as { lumen?: Partial<Lumen> }).lumen;
  if (existing?.version) return; // loaded twice
  const tracker = createTracker({
    endpoint: `${base}/api/latest/track/events?key=${encodeURIComponent(key)}`,
    fetch: (url, init) => fetch(url, init),
    ...(navigator.sendBeacon ? { beacon: (url: string, body: string) => navigator.sendBeacon(url, body) } : {}),
    storage: storage(),
    cookie,
    now: () => Date.now(),
    randomId,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    consentDefault: script?.dataset.consent !== "pending",
    version: __LUMEN_SDK_VERSION__,
  });
  addEventListener("pagehide", () => tracker.pageExit());
  addEventListener("online", () => tracker.online());
  const api: Lumen = {
    version: tracker.version,
    track: tracker.track,
    identify: tracker.identify,
    consent: tracker.consent,
    flush: tracker.flush,
    cookieId: tracker.cookieId,
    customerId: tracker.customerId,
  };
  window.lumen = api;
  document.dispatchEvent(new CustomEvent("lumen:ready"));
}

start();
