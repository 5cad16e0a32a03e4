import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { demoStoreEnabled, loadDemoStore } from "@/lib/widgets/demo-store/load-demo-store";
import { DemoShell, keptQuery } from "./demo-shell";
import { WidgetSlot } from "./widget-slot";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Demo store · Lumen", robots: { index: false, follow: false } };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/**
 * The demo store (outside the studio, no sign-in, demo mode only): the carousel, the search bar
 * and the wheel as a shop embeds them, on the demo shop's data. The query may name the
 * touchpoints (carousel, similar, search) and a wheel link (wheel).
 */
export default async function DemoStorePage({ searchParams }: { searchParams: Promise<Params> }) {
  if (!demoStoreEnabled()) notFound();
  const params = await searchParams;
  const store = await loadDemoStore({
    carousel: one(params.carousel),
    similar: one(params.similar),
    search: one(params.search),
    wheel: one(params.wheel),
  });
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const query = keptQuery(params);
  const href = `/demo-store/p/{item_id}${query}`;
  const origin = "<lumen>";
  return (
    <DemoShell store={store} nonce={nonce} home={`/demo-store${query}`}>
      <section aria-labelledby="search-heading">
        <h1 id="search-heading" className="sr-only">
          Demo store
        </h1>
        {store.search ? (
          <WidgetSlot
            attrs={{
              "data-lumen-search": store.search.touchpoint_id,
              "data-lumen-href": href,
              "data-lumen-placeholder": "Lamps, mugs, candles…",
              style: "min-height:4rem",
              "data-testid": "demo-search",
            }}
          />
        ) : (
          <Missing what="smart-search touchpoint" />
        )}
      </section>
      {store.carousel ? (
        <WidgetSlot
          attrs={{
            "data-lumen-touchpoint": store.carousel.touchpoint_id,
            "data-lumen-title": store.carousel.touchpoint_name,
            "data-lumen-href": href,
            "data-testid": "demo-carousel",
            style: "min-height:20rem",
          }}
        />
      ) : (
        <Missing what="live smart-recommender carousel" />
      )}
      <section aria-labelledby="wheel-heading" className="space-y-2">
        <h2 id="wheel-heading" className="text-lg font-semibold">
          Spin the wheel
        </h2>
        {store.wheelToken ? (
          <WidgetSlot
            attrs={{ "data-lumen-wheel": store.wheelToken, "data-testid": "demo-wheel", style: "min-height:40rem" }}
          />
        ) : (
          <Missing what="live wheel-of-fortune touchpoint with an SMS promotion" />
        )}
      </section>
      <section aria-labelledby="embed-heading" className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="embed-heading" className="text-base font-semibold">
          On a shop&apos;s own page
        </h2>
        <pre className="mt-2 overflow-x-auto rounded-md bg-stone-900 p-3 text-xs text-stone-100">
          <code>{`<script src="https://${origin}/widgets.js" data-key="pk_..." async></script>
<div data-lumen-search="${store.search?.touchpoint_id ?? "touchpoint-id-..."}"></div>
<div data-lumen-touchpoint="${store.carousel?.touchpoint_id ?? "touchpoint-id-..."}"></div>
<div data-lumen-wheel="<the token of a wheel link>"></div>`}</code>
        </pre>
      </section>
    </DemoShell>
  );
}

function Missing({ what }: { what: string }) {
  return (
    <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm text-stone-700">
      No {what} yet: the demo shop creates one when it loads (DEMO_DATA), or make one in the touchpoint studio.
    </p>
  );
}
