/**
 * A group's message filled for one customer, as a send fills it (./sending/personalise.ts): the
 * editor's preview. The products are the group's (productsOf: its recommended_products, then the
 * customer's own recommendations when it is personalised, else the best sellers); a group that is
 * not personalised shows the one message everyone gets, without the customer's fields or own
 * products (a send does not load them: ./sending/deliver.ts). Products are loaded only when a
 * text uses them. An e-mail with an HTML template is composed as a send composes it
 * (./sending/compose-message.ts emailParts), with its links left as written (nothing is stored to
 * track) and no open pixel (a preview is not an open). The SMS's length is counted as it is sent:
 * its tracked links as this customer's short links (./tracking/short-links.ts).
 */
import { env } from "@/lib/env";
import { notFound } from "@/lib/http/errors";
import { smsLength } from "@/lib/messaging/sms-length";
import { PREVIEW_FIELDS, type TPreview, type TPreviewInput } from "./preview";
import { emailParts, type Tracking } from "./sending/compose-message";
import {
  fill,
  loadPersonalisation,
  NOBODY,
  type ProductChoice,
  productsOf,
  sharedProducts,
  usesProducts,
  valuesFor,
} from "./sending/personalise";
import { getTemplate } from "./templates";
import { shortLinkLength, withShortLinks } from "./tracking/short-links";

const PRODUCT = /\{ph_product_(\d)\./g;
const AS_WRITTEN: Tracking = { link: (url) => url, pixel: "", unsubscribe: "#unsubscribe" };
const NO_SHARED = { pinned: [], popular: [] };

export async function previewMessage(opts: { input: TPreviewInput }): Promise<TPreview> {
  const { input } = opts;
  const template =
    input.channel_type === "email" && input.html_template_id
      ? (await getTemplate({ templateId: input.html_template_id })).html
      : undefined;
  const texts = [...PREVIEW_FIELDS.map((f) => input[f]), template ?? ""];
  const showsProducts = usesProducts(texts);
  const choice: ProductChoice = {
    is_personalized: input.is_personalized,
    recommended_products: input.recommended_products,
  };
  // The customer's own recommendations only where a send would use them.
  const loaded = (await loadPersonalisation([input.customer_id], showsProducts && choice.is_personalized)).get(
    input.customer_id,
  );
  if (!loaded) throw notFound(`customer ${input.customer_id} not found`);
  const shared =
    showsProducts && (!choice.is_personalized || choice.recommended_products.length > 0)
      ? await sharedProducts(choice)
      : NO_SHARED;
  const facts = {
    person: choice.is_personalized ? loaded.person : NOBODY.person,
    products: productsOf(choice, loaded.products, shared),
  };
  const values = valuesFor(facts);
  const used = new Set(texts.flatMap((t) => [...t.matchAll(PRODUCT)].map((m) => Number(m[1]))));
  const products = [...used]
    .sort((a, b) => a - b)
    .flatMap((position) => {
      const item = facts.products[position - 1];
      return item
        ? [{ position, name: item.name, url: item.url, price: item.price.toFixed(2), image: item.image }]
        : [];
    });
  const filled = Object.fromEntries(PREVIEW_FIELDS.map((f) => [f, fill(input[f], values)])) as Record<
    (typeof PREVIEW_FIELDS)[number],
    string
  >;
  const email =
    template === undefined
      ? undefined
      : emailParts({ channel_message_text: input.channel_message_text, template_html: template }, values, AS_WRITTEN);
  return {
    customer: {
      customer_id: loaded.person.customer_id,
      first_name: loaded.person.first_name,
      last_name: loaded.person.last_name,
    },
    is_personalized: choice.is_personalized,
    channel_type: input.channel_type,
    ...filled,
    ...(email ? { channel_message_text: email.text } : {}),
    html: email?.html ?? null,
    products,
    sms: smsAsSent(input, filled, loaded.person.customer_id),
  };
}

/** The SMS of the message (sms: the text; viber_sms: the fallback) counted as it goes out. */
function smsAsSent(
  input: TPreviewInput,
  filled: Record<(typeof PREVIEW_FIELDS)[number], string>,
  customerId: string,
): TPreview["sms"] {
  const field =
    input.channel_type === "sms"
      ? "channel_message_text"
      : input.channel_type === "viber_sms"
        ? "channel_fallback_message_text"
        : undefined;
  if (!field) return null;
  const length = shortLinkLength({ base: env().PUBLIC_URL, customerId });
  const counted = smsLength(
    withShortLinks(filled[field], { shortLinkLength: length, urlsToShort: input.urls_to_short }),
  );
  return {
    field,
    encoding: counted.encoding,
    characters: counted.characters,
    segments: counted.segments,
    per_segment: counted.perSegment,
    short_link_length: length,
  };
}
