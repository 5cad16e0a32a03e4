/**
 * Types of Lumen's tracking snippet, `<script src="https://<lumen>/sdk.js" data-key="pk_..." async>`,
 * which puts `window.lumen` on the page. Copy this file into a shop's TypeScript project (or
 * fetch it from https://<lumen>/sdk.d.ts) to type its calls.
 */

/** What a page may record about its visitor. */
export type LumenEventType = "view" | "add_to_cart" | "purchase" | "click" | "search";

export interface LumenEventProperties {
  /** The item (required for view, add_to_cart and purchase). */
  item_id?: string;
  /** Units (default 1). */
  quantity?: number;
  /** Unit price (a purchase's value is quantity x price). */
  price?: number;
  /** The order a purchase belongs to. */
  order_id?: string;
  /** The touchpoint (carousel, search bar) a click came from: counted in its stats. */
  touchpoint_id?: string;
  /** The search term (required for search). */
  term?: string;
}

export interface Lumen {
  /** The snippet's version (its URL `/sdk.js?v=<version>` is cached for a year). */
  readonly version: string;
  /** Records an event; sent in batches, kept in localStorage until the service has it. */
  track(type: LumenEventType, properties?: LumenEventProperties): void;
  /**
   * The visitor signed in as this customer of the shop: their cookie's history becomes the
   * customer's, and later events carry the customer. Another customer on the same browser gets a
   * new cookie.
   */
  identify(customerId: string): void;
  /**
   * false: nothing is recorded or sent, the queue and the cookie are dropped, and the choice is
   * kept for later pages; true: recording starts (again).
   */
  consent(granted: boolean): void;
  /** Sends what is queued now; resolves when the service answered (or the attempt failed). */
  flush(): Promise<void>;
  /** The visitor's cookie id (undefined without consent or before the first event). */
  cookieId(): string | undefined;
  /** The identified customer, if any. */
  customerId(): string | undefined;
}

declare global {
  interface Window {
    lumen: Lumen;
  }
}
