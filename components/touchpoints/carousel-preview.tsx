"use client";
import { useState } from "react";
import type { TTouchpoint } from "@/lib/touchpoints/schemas";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { cn } from "../ui/cn";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import type { PreviewParams } from "./keys";
import { type PreviewItem, type TPreview, useCustomerSearch, usePreview } from "./queries";
import { ruleColor } from "./rule-colors";

const IDENTITY_TYPES = [
  { value: "", label: "auto" },
  { value: "customer_id", label: "customer_id" },
  { value: "product_id", label: "product_id" },
  { value: "cookie_id", label: "cookie_id" },
] as const;

/** What a visitor would see: the touchpoint's slots as product cards, each saying which rule filled it. */
export function CarouselPreview({ touchpoint: t }: { touchpoint: TTouchpoint }) {
  const [identity, setIdentity] = useState("default");
  const [identityType, setIdentityType] = useState<string>("");
  const [item, setItem] = useState("");
  const [params, setParams] = useState<PreviewParams>({ identity_value: "default" });
  const preview = usePreview(t.touchpoint_id, params, t.is_ready);
  const needsItem = /similar|related/.test(t.touchpoint_subtype);

  return (
    <Card className="space-y-4" aria-labelledby="preview-title">
      <div>
        <CardTitle id="preview-title">Preview</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          The content for one visitor: <code className="font-mono text-xs">default</code>, a customer id, an item id or
          a cookie. Each item says which rule placed it and why. Previews count no impression.
        </p>
      </div>
      <CustomerPicker
        onPick={(customerId) => {
          setIdentity(customerId);
          setIdentityType("customer_id");
          setParams({
            identity_value: customerId,
            identity_type: "customer_id",
            product_hierarchy_level_value: needsItem && item.trim() ? item.trim() : undefined,
          });
        }}
      />
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setParams({
            identity_value: identity.trim() || "default",
            identity_type: (identityType || undefined) as PreviewParams["identity_type"],
            product_hierarchy_level_value: needsItem && item.trim() ? item.trim() : undefined,
          });
        }}
      >
        <div className="sm:w-64">
          <label htmlFor="preview-identity" className="block text-sm font-medium text-slate-700">
            Identity
          </label>
          <Input
            id="preview-identity"
            className="mt-1"
            value={identity}
            onChange={(event) => setIdentity(event.target.value)}
          />
        </div>
        <div className="sm:w-44">
          <label htmlFor="preview-identity-type" className="block text-sm font-medium text-slate-700">
            Identity type
          </label>
          <Select
            id="preview-identity-type"
            className="mt-1"
            value={identityType}
            onChange={(event) => setIdentityType(event.target.value)}
          >
            {IDENTITY_TYPES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
        {needsItem && (
          <div className="sm:w-48">
            <label htmlFor="preview-item" className="block text-sm font-medium text-slate-700">
              Item (similar/related to)
            </label>
            <Input id="preview-item" className="mt-1" value={item} onChange={(event) => setItem(event.target.value)} />
          </div>
        )}
        <Button type="submit" variant="secondary" disabled={!t.is_ready}>
          Show preview
        </Button>
      </form>
      {!t.is_ready && (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          The preview needs a ready touchpoint: activate it and wait for the calculation.
        </p>
      )}
      {t.is_ready && preview.isFetching && !preview.data && (
        <p role="status" className="text-sm text-slate-500">
          Loading the preview…
        </p>
      )}
      {preview.error && <Alert tone="error">The preview failed: {errorMessage(preview.error)}</Alert>}
      {preview.data && <PreviewResult preview={preview.data} touchpoint={t} stale={preview.isFetching} />}
    </Card>
  );
}

/** Find a customer by id, name or e-mail and preview their content. */
function CustomerPicker({ onPick }: { onPick: (customerId: string) => void }) {
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const found = useCustomerSearch(search);
  return (
    <div className="space-y-2">
      <label htmlFor="preview-customer-search" className="block text-sm font-medium text-slate-700">
        Find a customer
      </label>
      <Input
        id="preview-customer-search"
        className="sm:w-96"
        placeholder="Customer id, name or e-mail"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const next = event.target.value;
          window.setTimeout(() => setSearch((current) => (next === event.target.value ? next : current)), 250);
        }}
      />
      {search.trim() && found.data && (
        <ul className="flex flex-wrap gap-2" data-testid="customer-results">
          {found.data.rows.length === 0 && <li className="text-sm text-slate-500">No customer matches.</li>}
          {found.data.rows.map((c) => (
            <li key={c.customer_id}>
              <Button size="sm" variant="secondary" onClick={() => onPick(c.customer_id)}>
                {[c.first_name, c.last_name].filter(Boolean).join(" ") || c.customer_id}
                <span className="ml-1 font-mono text-[11px] text-slate-500">{c.customer_id}</span>
                <span className="ml-1 text-[11px] text-slate-500">
                  · {c.purchases_180d} {c.purchases_180d === 1 ? "purchase" : "purchases"} in 180 days
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PreviewResult({ preview, touchpoint, stale }: { preview: TPreview; touchpoint: TTouchpoint; stale: boolean }) {
  return (
    <div className={cn("space-y-3", stale && "opacity-60")} aria-busy={stale}>
      <p className="text-sm text-slate-700" data-testid="preview-identity">
        Resolved identity: <span className="font-medium">{preview.identity_type || "—"}</span> ={" "}
        <code className="font-mono text-xs">{preview.identity_value || "—"}</code>
      </p>
      {preview.content.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          No item can be shown: the catalog has no eligible (active, in stock) items.
        </p>
      ) : (
        <ol
          className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 lg:grid-cols-5"
          data-testid="preview-cards"
        >
          {preview.content.map((slot) => (
            <li
              key={slot.position}
              data-testid="preview-card"
              className="flex w-44 shrink-0 snap-start flex-col rounded-lg bg-white ring-1 ring-slate-200 sm:w-auto"
            >
              <ProductImage item={slot.item} />
              <div className="flex flex-1 flex-col gap-1 p-2.5">
                <span className="text-xs text-slate-500">Slot {slot.position}</span>
                <p className="line-clamp-2 text-sm font-medium text-slate-900" title={slot.item.item_name}>
                  {slot.item.item_name || "(no name)"}
                </p>
                <p className="text-sm text-slate-900 tabular-nums">{formatPrice(slot.item)}</p>
                <p className="truncate font-mono text-[11px] text-slate-500" title={slot.item.item_id}>
                  {slot.item.item_id}
                </p>
                <div className="mt-auto flex flex-wrap items-center gap-1 pt-1">
                  {slot.filled_by.is_fallback ? (
                    <Badge tone="amber" data-testid="filled-by">
                      fallback
                    </Badge>
                  ) : (
                    // Coloured like the rule in the builder's slot strip (Badge's own tones would override it).
                    <span
                      data-testid="filled-by"
                      className={cn(
                        "inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
                        ruleColor(slot.filled_by.rule_index ?? 0).soft,
                      )}
                      title={`Filled by rule #${slot.filled_by.rule_index} of strategy ${slot.filled_by.strategy_id}`}
                    >
                      {slot.filled_by.rule_type} · rule #{slot.filled_by.rule_index}
                    </span>
                  )}
                  {slot.filled_by.strategy_id !== touchpoint.default_strategy && (
                    <Badge tone="slate" title={slot.filled_by.strategy_id}>
                      additional strategy
                    </Badge>
                  )}
                </div>
                {slot.filled_by.explanation && (
                  <p className="text-xs text-slate-600" data-testid="explanation">
                    {slot.filled_by.explanation}
                    {slot.filled_by.score !== undefined && (
                      <span className="ml-1 text-slate-400 tabular-nums">
                        (score {slot.filled_by.score.toFixed(3)})
                      </span>
                    )}
                  </p>
                )}
                {slot.item.product_url && (
                  <a
                    href={slot.item.product_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="truncate text-xs font-medium text-indigo-700 hover:underline"
                  >
                    Open product ↗
                  </a>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ProductImage({ item }: { item: PreviewItem }) {
  const [failed, setFailed] = useState(false);
  if (!item.main_image || failed) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-t-lg bg-slate-100 text-xs text-slate-400">
        no image
      </div>
    );
  }
  return (
    // Shop images come from any host; next/image would need each one configured.
    // biome-ignore lint/performance/noImgElement: external product images of any host
    <img
      src={item.main_image}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full rounded-t-lg bg-slate-100 object-cover"
    />
  );
}

export function formatPrice(item: PreviewItem): string {
  if (typeof item.product_price !== "number") return "";
  if (item.currency && /^[A-Z]{3}$/.test(item.currency)) {
    try {
      return new Intl.NumberFormat("en", { style: "currency", currency: item.currency }).format(item.product_price);
    } catch {
      // An unknown code: plain number and code below.
    }
  }
  return `${item.product_price.toFixed(2)}${item.currency ? ` ${item.currency}` : ""}`;
}
