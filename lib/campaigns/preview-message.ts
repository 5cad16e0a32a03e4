/**
 * A group's message filled for one customer, as a send fills it (./sending/personalise.ts): the
 * editor's preview. Products are loaded only when a text uses them. An e-mail with an HTML
 * template is composed as a send composes it (./sending/compose-message.ts emailParts), with its
 * links left as written (nothing is stored to track) and no open pixel (a preview is not an open).
 */
import { notFound } from "@/lib/http/errors";
import { PREVIEW_FIELDS, type TPreview, type TPreviewInput } from "./preview";
import { emailParts, type Tracking } from "./sending/compose-message";
import { fill, loadPersonalisation, usesProducts, valuesFor } from "./sending/personalise";
import { getTemplate } from "./templates";

const PRODUCT = /\{ph_product_(\d)\./g;
const AS_WRITTEN: Tracking = { link: (url) => url, pixel: "", unsubscribe: "#unsubscribe" };

export async function previewMessage(opts: { input: TPreviewInput }): Promise<TPreview> {
  const { input } = opts;
  const template =
    input.channel_type === "email" && input.html_template_id
      ? (await getTemplate({ templateId: input.html_template_id })).html
      : undefined;
  const texts = [...PREVIEW_FIELDS.map((f) => input[f]), template ?? ""];
  const facts = (await loadPersonalisation([input.customer_id], usesProducts(texts))).get(input.customer_id);
  if (!facts) throw notFound(`customer ${input.customer_id} not found`);
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
      customer_id: facts.person.customer_id,
      first_name: facts.person.first_name,
      last_name: facts.person.last_name,
    },
    channel_type: input.channel_type,
    ...filled,
    ...(email ? { channel_message_text: email.text } : {}),
    html: email?.html ?? null,
    products,
  };
}
