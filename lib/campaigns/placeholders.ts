/**
 * The personalisation placeholders a campaign's texts may hold. Filling them is the sending
 * issue's part; here they are named once, for validation and the OpenAPI text.
 */
const PRODUCT_FIELDS = ["name", "url", "price", "image"] as const;

export const PLACEHOLDERS: readonly string[] = [
  "{ph_customer.first_name}",
  "{ph_customer.last_name}",
  "{ph_customer.vocative_name}",
  ...[1, 2, 3, 4, 5].flatMap((n) => PRODUCT_FIELDS.map((f) => `{ph_product_${n}.${f}}`)),
];

const KNOWN = new Set(PLACEHOLDERS);
const PLACEHOLDER = /\{ph_[^{}\s]*\}/g;

/** The {ph_...} placeholders of a text that are not known, each once, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const out = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) if (!KNOWN.has(match[0])) out.add(match[0]);
  return [...out];
}
