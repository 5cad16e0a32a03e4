/**
 * The widgets' script in the browser (built into /widgets.js by scripts/build-widgets.ts):
 *   <script src="https://<lumen>/widgets.js" data-key="pk_..." async></script>
 *   <div data-lumen-touchpoint="touchpoint-id-..."></div>
 * It carries the tracking snippet (../sdk/snippet.ts: window.lumen, the cookie, consent; skipped
 * when /sdk.js is on the page already) and mounts every carousel ([data-lumen-touchpoint]), search
 * bar ([data-lumen-search]) and wheel ([data-lumen-wheel]) of the page, including those added
 * later (a MutationObserver; or call lumenWidgets.mount(element)).
 */
import "@/lib/sdk/snippet";
import { mountCarousel } from "./carousel";
import { type WidgetContext, widgetContext } from "./context";
import { mountSearchBar } from "./search-bar";
import { addStyles } from "./styles";
import { mountWheel } from "./wheel";

declare const __LUMEN_WIDGETS_VERSION__: string;

const KINDS: [selector: string, mount: (host: HTMLElement, ctx: WidgetContext) => void][] = [
  ["[data-lumen-touchpoint]", mountCarousel],
  ["[data-lumen-search]", mountSearchBar],
  ["[data-lumen-wheel]", mountWheel],
];

function start(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const key = script?.dataset.key;
  const base = script?.src ? new URL(script.src).origin : location.origin;
  if (!key) {
    console.warn('lumen: the widgets script tag needs data-key="pk_..."');
    return;
  }
  const ctx = widgetContext(base, key);
  const mounted = new WeakSet<Element>();
  const mount = (root: ParentNode = document) => {
    for (const [selector, mountOne] of KINDS) {
      const found = [...root.querySelectorAll<HTMLElement>(selector)];
      if (root instanceof HTMLElement && root.matches(selector)) found.unshift(root);
      for (const host of found) {
        if (mounted.has(host)) continue;
        mounted.add(host);
        mountOne(host, ctx);
      }
    }
  };
  addStyles(script?.nonce || undefined);
  (window as { lumenWidgets?: unknown }).lumenWidgets = { version: __LUMEN_WIDGETS_VERSION__, mount };
  const scan = () => mount(document);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
  // Widgets a page adds later (a shop's own rendering): only the added subtrees are looked at.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof HTMLElement) mount(node);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}

start();
