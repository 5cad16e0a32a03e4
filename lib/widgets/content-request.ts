/**
 * How the widgets call the content route (GET /api/latest/touchpoint-studio/touchpoints/<id>/content)
 * with the page's publishable key, and who they say the visitor is. Pure: no browser globals, so a
 * unit test reads it.
 */

/** What the tracking snippet knows of the visitor (window.lumen; nothing without consent). */
export interface VisitorSource {
  cookieId(): string | undefined;
  customerId(): string | undefined;
}

export interface ContentQuery {
  /** smart-search: the text typed. */
  term?: string;
  /** A product page's item: similar and related items are about it. */
  item?: string;
  /** smart-search: how many results (at most the strategy's limit). */
  limit?: number;
  /** smart-search: the visitor is done typing (true: a search for the report; false: a keystroke). */
  final?: boolean;
}

export function contentUrl(base: string, key: string, touchpointId: string, query: ContentQuery = {}): string {
  const params = new URLSearchParams({ key });
  if (query.term !== undefined) params.set("term", query.term);
  if (query.item) params.set("product_hierarchy_level_value", query.item);
  if (query.limit !== undefined) params.set("limit", String(query.limit));
  if (query.final !== undefined) params.set("final", String(query.final));
  return `${base}/api/latest/touchpoint-studio/touchpoints/${encodeURIComponent(touchpointId)}/content?${params}`;
}

/**
 * The identity headers of the content route: the signed-in customer, else the snippet's cookie
 * (the service knows a linked cookie as its customer), else none (the default visitor). Without
 * consent the snippet answers neither, so nothing about the visitor leaves the page.
 */
export function identityHeaders(visitor: VisitorSource | undefined): Record<string, string> {
  const customer = visitor?.customerId();
  if (customer) return { identity_type: "customer_id", identity_value: customer };
  const cookie = visitor?.cookieId();
  if (cookie) return { identity_type: "cookie_id", identity_value: cookie };
  return {};
}

/**
 * Where a card leads: the shop's template (data-lumen-href, e.g. "/p/{item_id}") with the item's
 * id, else the item's product_url; undefined when neither gives a web address.
 */
export function itemHref(
  template: string | undefined,
  item: { item_id: string; product_url?: string },
): string | undefined {
  if (template) return template.replaceAll("{item_id}", encodeURIComponent(item.item_id));
  const url = item.product_url;
  return url && /^(https?:)?\//i.test(url) ? url : undefined;
}

/** "£12.50" in the page's language; the bare number when the currency is unknown or missing. */
export function formatPrice(value: number, currency: string | undefined, locale: string | undefined): string {
  if (currency) {
    try {
      return new Intl.NumberFormat(locale || undefined, { style: "currency", currency }).format(value);
    } catch {
      // Not an ISO 4217 code: the number with the shop's own label.
      return `${value.toFixed(2)} ${currency}`;
    }
  }
  return value.toFixed(2);
}
