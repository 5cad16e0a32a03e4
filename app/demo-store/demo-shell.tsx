import type { DemoStore } from "@/lib/widgets/demo-store/load-demo-store";
import { NETWORK_LOG_SCRIPT } from "@/lib/widgets/demo-store/network-log-script";
import { DemoVisitor } from "./demo-visitor";
import { EventLog } from "./event-log";
import { elementHtml, HtmlBlock } from "./widget-slot";

/**
 * The demo store's frame: a shop's header, the visitor switcher, the page, the log of what the
 * page sent, and the two scripts (the network log, then the widgets with the store's key), both
 * carrying the page's CSP nonce.
 */
export function DemoShell({
  store,
  nonce,
  home,
  children,
}: {
  store: DemoStore;
  nonce: string | undefined;
  home: string;
  children: React.ReactNode;
}) {
  const scripts =
    elementHtml("script", { nonce }, NETWORK_LOG_SCRIPT) +
    elementHtml("script", { src: store.widgetsSrc, "data-key": store.key, nonce, async: "" });
  return (
    <div className="min-h-screen bg-stone-50 text-stone-900">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href={home} className="text-lg font-semibold tracking-tight text-stone-900">
            Lumen demo store
          </a>
          <p className="text-sm text-stone-600">
            A shop page served by Lumen: the widgets below are what a shop adds with two lines of HTML.
          </p>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <main className="min-w-0 space-y-8">{children}</main>
        <aside className="space-y-6" aria-label="Demo controls">
          <DemoVisitor customers={store.customers} />
          <EventLog />
        </aside>
      </div>
      <HtmlBlock html={scripts} />
    </div>
  );
}

/** The query that keeps the touchpoints chosen in the URL from page to page. */
export function keptQuery(params: Record<string, string | string[] | undefined>): string {
  const kept = new URLSearchParams();
  for (const name of ["carousel", "similar", "search", "wheel"]) {
    const value = params[name];
    if (typeof value === "string" && value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : "";
}
