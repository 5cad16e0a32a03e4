/**
 * What tracking does to a text's length, without the database or the keys (pure: the editor runs
 * it as the marketer types, the API in its validation and its preview). A tracked link goes out as
 * `${PUBLIC_URL}/r/<code>`, the code being `<base62(link id)>.<base64url(customer_id)>.<10
 * characters of signature>` (./tokens.ts linkCode): its length is known from the public address,
 * the customer's id and the link's row id. Before a send neither id is known, so they are
 * estimated (ESTIMATED_*). Which links are tracked: every http(s) link, or with urls_to_short only
 * those equal to or starting with one of them (../sending/compose-message.ts).
 */
import { withPlaceholderEstimate } from "@/lib/messaging/sms-length";

/** http(s) links in text; trailing punctuation is not part of a link. */
export const URL_PATTERN = /https?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]}]/g;

/** Whether a link is one that urls_to_short lists (equal, or starting with an entry). */
export const listedLink = (urls: readonly string[], link: string) => urls.some((u) => link.startsWith(u));

/** Base62 characters of a link's row id in the estimate: up to 14.7 million tracked links. */
export const ESTIMATED_LINK_ID_CHARS = 4;
/** Bytes of a customer id in the estimate (shop ids such as "C-000123456" are about this long). */
export const ESTIMATED_CUSTOMER_ID_BYTES = 12;
/** A product's page address when it is not tracked (urls_to_short leaves it out): a typical one. */
const PRODUCT_URL_ESTIMATE = 40;

/** The length of a short link: exact with the customer and link id, else estimated. */
export function shortLinkLength(opts: { base: string; customerId?: string; linkIdChars?: number }): number {
  const bytes =
    opts.customerId === undefined ? ESTIMATED_CUSTOMER_ID_BYTES : new TextEncoder().encode(opts.customerId).length;
  const customer = Math.ceil((bytes * 4) / 3); // base64url without padding
  const code = (opts.linkIdChars ?? ESTIMATED_LINK_ID_CHARS) + 1 + customer + 1 + 10;
  return `${opts.base.replace(/\/+$/, "")}/r/`.length + code;
}

export interface Tracking {
  /** Characters of each tracked link as sent (shortLinkLength). */
  shortLinkLength: number;
  /** The group's urls_to_short: empty, every link is tracked. */
  urlsToShort: readonly string[];
}

const tracked = (url: string, t: Tracking) => t.urlsToShort.length === 0 || listedLink(t.urlsToShort, url);

/** The text with each tracked link replaced by a stand-in of its short link's length. */
export function withShortLinks(text: string, t: Tracking): string {
  return text.replace(URL_PATTERN, (url) => (tracked(url, t) ? "x".repeat(t.shortLinkLength) : url));
}

/**
 * A text as it will go out, for counting before anyone's values are known: a product's url
 * placeholder as a tracked short link (or a typical address when urls_to_short leaves products
 * untracked), the other placeholders as ten letters, tracked links as short links.
 */
export function textAsSent(text: string, t: Tracking): string {
  const productUrl = t.urlsToShort.length === 0 ? t.shortLinkLength : PRODUCT_URL_ESTIMATE;
  const filled = withPlaceholderEstimate(text.replace(/\{ph_product_\d\.url\}/g, "x".repeat(productUrl)));
  return withShortLinks(filled, t);
}
