import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { formatPrice } from "@/lib/widgets/content-request";
import { getDemoItem } from "@/lib/widgets/demo-store/get-demo-item";
import { demoStoreEnabled, loadDemoStore } from "@/lib/widgets/demo-store/load-demo-store";
import { DemoShell, keptQuery } from "../../demo-shell";
import { ItemActions } from "../../item-actions";
import { WidgetSlot } from "../../widget-slot";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Product · Demo store · Lumen", robots: { index: false, follow: false } };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A product page of the demo store: it records a view, and shows similar items and the visitor's carousel. */
export default async function DemoItemPage({
  params,
  searchParams,
}: {
  params: Promise<{ item_id: string }>;
  searchParams: Promise<Params>;
}) {
  if (!demoStoreEnabled()) notFound();
  const { item_id } = await params;
  const query = await searchParams;
  const item = await getDemoItem(safeDecode(item_id));
  const store = await loadDemoStore({
    carousel: one(query.carousel),
    similar: one(query.similar),
    search: one(query.search),
    wheel: one(query.wheel),
  });
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const kept = keptQuery(query);
  const href = `/demo-store/p/{item_id}${kept}`;
  const back = (
    <a href={`/demo-store${kept}`} className="text-sm text-indigo-700 underline">
      ← Back to the store
    </a>
  );
  if (!item) {
    return (
      <DemoShell store={store} nonce={nonce} home={`/demo-store${kept}`}>
        {back}
        <h1 className="text-2xl font-semibold">This product is not in the store</h1>
      </DemoShell>
    );
  }
  const price = formatPrice(item.product_price, item.currency || undefined, "en-GB");
  return (
    <DemoShell store={store} nonce={nonce} home={`/demo-store${kept}`}>
      {back}
      {store.search && (
        <WidgetSlot
          attrs={{
            "data-lumen-search": store.search.touchpoint_id,
            "data-lumen-href": href,
            "data-lumen-placeholder": "Lamps, mugs, candles…",
            style: "min-height:4rem",
          }}
        />
      )}
      <article className="grid gap-6 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-[16rem_1fr]">
        {item.image ? (
          // biome-ignore lint/performance/noImgElement: the demo's synthetic SVG pictures, as the widgets show them
          <img
            src={item.image}
            alt=""
            width={256}
            height={256}
            className="aspect-square w-64 rounded-lg bg-stone-100"
          />
        ) : (
          <div className="aspect-square w-64 rounded-lg bg-stone-100" aria-hidden="true" />
        )}
        <div>
          <h1 className="text-2xl font-semibold" data-testid="item-name">
            {item.item_name}
          </h1>
          {item.categories.length > 0 && <p className="mt-1 text-sm text-stone-600">{item.categories.join(" › ")}</p>}
          <p className="mt-3 text-xl font-semibold">{price}</p>
          <ItemActions itemId={item.item_id} price={item.product_price} />
        </div>
      </article>
      {store.similar && (
        <WidgetSlot
          attrs={{
            "data-lumen-touchpoint": store.similar.touchpoint_id,
            "data-lumen-item": item.item_id,
            "data-lumen-title": "Similar items",
            "data-lumen-href": href,
            style: "min-height:20rem",
          }}
        />
      )}
      {store.carousel && (
        <WidgetSlot
          attrs={{
            "data-lumen-touchpoint": store.carousel.touchpoint_id,
            "data-lumen-title": store.carousel.touchpoint_name,
            "data-lumen-href": href,
            "data-testid": "demo-carousel",
            style: "min-height:20rem",
          }}
        />
      )}
    </DemoShell>
  );
}
