/** What every widget shares: the service's address, the page's key, the visitor and the tracker. */
import type { Lumen, LumenEventProperties, LumenEventType } from "@/lib/sdk/lumen";
import { type ContentQuery, contentUrl, identityHeaders } from "./content-request";

export interface WidgetContext {
  /** Lumen's origin (the script's own). */
  base: string;
  /** The publishable key (the script's data-key). */
  key: string;
  /** Content of a touchpoint for this visitor; throws on a non-2xx answer. */
  content<T>(touchpointId: string, query: ContentQuery, signal?: AbortSignal): Promise<T>;
  /** Records an event through the snippet (nothing without consent or without the snippet). */
  track(type: LumenEventType, properties: LumenEventProperties): void;
  /** The page's language, for prices. */
  locale: string | undefined;
}

const lumen = (): Lumen | undefined => (window as { lumen?: Lumen }).lumen;

export function widgetContext(base: string, key: string): WidgetContext {
  return {
    base,
    key,
    locale: document.documentElement.lang || undefined,
    async content<T>(touchpointId: string, query: ContentQuery, signal?: AbortSignal): Promise<T> {
      const response = await fetch(contentUrl(base, key, touchpointId, query), {
        headers: identityHeaders(lumen()),
        // The key is the credential: no cookie of Lumen's own pages goes with it.
        credentials: "omit",
        // A final search may be sent as the page goes to the chosen result: it must still arrive.
        ...(query.final ? { keepalive: true } : {}),
        ...(signal ? { signal } : {}),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { detail?: string };
        throw new Error(`content of ${touchpointId}: ${response.status} ${body.detail ?? ""}`.trim());
      }
      return (await response.json()) as T;
    },
    track(type, properties) {
      lumen()?.track(type, properties);
    },
  };
}

/** A slot of a carousel's answer, as far as the widget reads it. */
export interface ContentItem {
  item_id: string;
  item_name?: string;
  product_url?: string;
  product_price?: number;
  original_price?: number;
  currency?: string;
  main_image?: string;
  matched_words?: string[];
}
