/**
 * One recipient's message for the campaign's channel, every text personalised (./personalise.ts):
 * e-mail gets the subject and the text; SMS the text; Viber the text, with the button, its link,
 * the image and the validity for the provider (context); viber_sms is sent as its Viber leg,
 * carrying the SMS fallback text for the provider that falls back.
 *
 * Tracking (../tracking/links.ts), for a message of a send (context with send_id and customer_id):
 * every http(s) link of the text and the Viber button's link becomes a short link of this service
 * (/r/<code>); an e-mail also gets an HTML part (the text, links made clickable) with a 1x1 open
 * pixel (/o/<token>.gif) and an unsubscribe footer, a text footer, and the one-click unsubscribe
 * headers List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). SMS and Viber carry no
 * unsubscribe link (a text costs per character; consent for them is withdrawn elsewhere).
 *
 * An e-mail group with an HTML template (template_html, loaded by the caller) sends the template
 * as its HTML part instead: placeholders filled (HTML-escaped), its links tracked, the footer and
 * pixel before </body> (./email-template.ts). Its text part is the group's text, or when it has
 * none the template's plain-text version.
 *
 * The group's fields and the campaign's sender, for a message of a send (messageFor):
 * - urls_to_short: empty, every link is shortened and tracked; otherwise only the links equal to,
 *   or starting with, one of them; the others go out as written (not tracked);
 * - is_personalized and recommended_products: the products the placeholders show (./personalise.ts
 *   productsOf; what a group shares is loaded once per send and group);
 * - the campaign's sender goes with the message to its provider (e-mail From, Twilio From,
 *   Infobip's Viber sender: lib/messaging/sender.ts); the SMS of a viber_sms campaign (a
 *   customer with SMS consent only, or the fallback) goes from SMS_SENDER.
 */

import { getDatabase } from "@/lib/db/client";
import type { CampaignGroup } from "@/lib/db/generated/client";
import type { OutgoingMessage } from "@/lib/messaging/send-message";
import { escapeHtml } from "@/lib/text/escape-html";
import { listedLink } from "../schemas";
import { isOwnLink, linkIds, pixelUrl, shortLink, URL_PATTERN, unsubscribeUrl } from "../tracking/links";
import { channelRule } from "./channel-rules";
import { emailFooter, htmlToText, htmlValues, linkTargets, replaceLinkTargets, withFooter } from "./email-template";
import {
  fill,
  NOBODY,
  type Personalisation,
  type ProductChoice,
  productsOf,
  type SharedProducts,
  sharedProducts,
  usesProducts,
  valuesFor,
} from "./personalise";

export type GroupContent = Pick<
  CampaignGroup,
  | "channel_subject"
  | "channel_message_text"
  | "channel_button"
  | "channel_button_link"
  | "channel_image_url"
  | "channel_validity_period"
  | "channel_validity_unit"
  | "channel_fallback_message_text"
> & {
  /** The HTML of the group's html_template_id (e-mail), loaded by the caller. */
  template_html?: string | null;
  /** The group's fields of a send (a campaign group's row): which products, which links. */
  group_number?: number;
  is_personalized?: boolean;
  recommended_products?: unknown;
  urls_to_short?: unknown;
};

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** How a message is tracked: the short link of each link, the pixel and unsubscribe addresses. */
export interface Tracking {
  link(url: string): string;
  pixel: string;
  unsubscribe: string;
}

function replaceLinks(text: string, link: (url: string) => string): string {
  return text.replace(URL_PATTERN, (url) => (isOwnLink(url) ? url : link(url)));
}

/** The e-mail's HTML part: the text escaped, links clickable, line breaks kept, footer and pixel. */
export function emailHtml(text: string, t: Tracking): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0;
    parts.push(escapeHtml(text.slice(last, at)));
    const href = escapeHtml(match[0]);
    parts.push(`<a href="${href}">${href}</a>`);
    last = at + match[0].length;
  }
  parts.push(escapeHtml(text.slice(last)));
  const body = parts.join("").replace(/\r?\n/g, "<br>\n");
  return `<!doctype html>
<html><body>
<div>${body}</div>
${emailFooter(t)}
</body></html>`;
}

/**
 * An e-mail's text and HTML parts for one recipient, the text without its footer. Tracked (links,
 * footer, pixel) when `tracking` is given; untracked, only a template gives an HTML part (its
 * links are what linksOf must find).
 */
export function emailParts(
  group: Pick<GroupContent, "channel_message_text" | "template_html">,
  values: Map<string, string>,
  tracking?: Tracking,
): { text: string; html?: string } {
  const template = group.template_html ? fill(group.template_html, htmlValues(values)) : undefined;
  const ownText = group.channel_message_text.trim() !== "" || template === undefined;
  const plain = ownText ? fill(group.channel_message_text, values) : htmlToText(template);
  if (!tracking) return template === undefined ? { text: plain } : { text: plain, html: template };
  const text = replaceLinks(plain, tracking.link);
  if (template === undefined) return { text, html: emailHtml(text, tracking) };
  const html = replaceLinkTargets(template, (url) => (isOwnLink(url) ? url : tracking.link(url)));
  return { text, html: withFooter(html, tracking) };
}

/** The message of one recipient, its texts personalised, tracked when `tracking` is given. */
export function buildMessage(
  channelType: string,
  group: GroupContent,
  to: string,
  p: Personalisation | undefined,
  context: Record<string, unknown>,
  tracking?: Tracking,
): OutgoingMessage {
  const values = valuesFor(p ?? NOBODY);
  const rule = channelRule(channelType);
  const track = (s: string) => (tracking ? replaceLinks(s, tracking.link) : s);
  if (rule.sendAs === "email") {
    const subject = fill(group.channel_subject, values);
    const { text, html } = emailParts(group, values, tracking);
    if (!tracking) return { channel: "email", to, subject, body: text, ...(html && { html }), context };
    return {
      channel: "email",
      to,
      subject,
      body: `${text}\n\n--\nUnsubscribe: ${tracking.unsubscribe}\n`,
      html,
      headers: {
        "List-Unsubscribe": `<${tracking.unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      context,
    };
  }
  const text = track(fill(group.channel_message_text, values));
  if (rule.sendAs === "viber") {
    const buttonLink = fill(group.channel_button_link, values);
    return {
      channel: "viber",
      to,
      body: text,
      context: {
        ...context,
        button: fill(group.channel_button, values),
        button_link: tracking && /^https?:\/\//.test(buttonLink) ? tracking.link(buttonLink) : buttonLink,
        image_url: fill(group.channel_image_url, values),
        validity: `${group.channel_validity_period ?? ""} ${group.channel_validity_unit ?? ""}`.trim(),
        // viber_sms: the SMS leg's text, for the provider that falls back.
        ...(channelType === "viber_sms"
          ? { fallback_text: track(fill(group.channel_fallback_message_text, values)) }
          : {}),
      },
    };
  }
  return { channel: "sms", to, body: text, context };
}

/** The links a message would carry (text, template, Viber button and fallback), to store before composing. */
function linksOf(message: OutgoingMessage): string[] {
  const texts = [message.body, String(message.context?.fallback_text ?? "")];
  const found = texts.flatMap((t) => [...t.matchAll(URL_PATTERN)].map((m) => m[0]));
  if (message.html) found.push(...linkTargets(message.html));
  const button = String(message.context?.button_link ?? "");
  if (/^https?:\/\//.test(button)) found.push(button);
  return found.filter((u) => !isOwnLink(u));
}

/**
 * The message of one recipient. A message of a send (context.send_id and context.customer_id)
 * is tracked: its links are stored (once per send and link) and replaced by short links.
 */
export async function messageFor(
  channelType: string,
  group: GroupContent,
  to: string,
  p: Personalisation | undefined,
  context: Record<string, unknown>,
): Promise<OutgoingMessage> {
  const sendId = context.send_id;
  const customerId = context.customer_id;
  if (typeof sendId !== "string" || typeof customerId !== "string") {
    return buildMessage(channelType, group, to, p, context);
  }
  const facts = await sendFacts(sendId);
  // The campaign's sender, on its own channel (the SMS of a viber_sms campaign: SMS_SENDER).
  const ownChannel =
    facts.channel_type !== "" && channelRule(facts.channel_type).sendAs === channelRule(channelType).sendAs;
  const sender = ownChannel && facts.sender ? { sender: facts.sender } : {};
  const person = await withGroupProducts(sendId, group, p);
  const plain = { ...buildMessage(channelType, group, to, person, context), ...sender };
  const listed = strings(group.urls_to_short);
  const urls = linksOf(plain).filter((u) => listed.length === 0 || listedLink(listed, u));
  const ids = urls.length ? await linkIds(sendId, urls) : new Map<string, bigint>();
  const tracked = buildMessage(channelType, group, to, person, context, {
    link: (url) => {
      const id = ids.get(url);
      return id === undefined ? url : shortLink(id, customerId);
    },
    pixel: pixelUrl(sendId, customerId),
    unsubscribe: unsubscribeUrl(sendId, customerId),
  });
  return { ...tracked, ...sender };
}

/** Bounded per-process caches of what a send's messages share; cleared when they grow past this. */
const MAX_CACHED = 500;
const sends = new Map<string, Promise<{ sender: string; channel_type: string }>>();
const shared = new Map<string, Promise<SharedProducts>>();

function cached<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) {
    if (cache.size >= MAX_CACHED) cache.clear();
    found = load();
    cache.set(key, found);
    // A failed load is not remembered: the next message tries again.
    found.catch(() => cache.delete(key));
  }
  return found;
}

/** The campaign's sender and channel of a send (they cannot change while it sends). */
function sendFacts(sendId: string) {
  return cached(sends, sendId, async () => {
    const database = await getDatabase();
    const [row] = await database.sql.query<{ sender: string; channel_type: string }>(
      `SELECT c.sender, c.channel_type FROM campaign_sends s JOIN campaigns c ON c.campaign_key = s.campaign_key
       WHERE s.send_id = $1`,
      [sendId],
    );
    return row ?? { sender: "", channel_type: "" };
  });
}

/** The recipient's facts with the products the group shows (./personalise.ts productsOf). */
async function withGroupProducts(
  sendId: string,
  group: GroupContent,
  p: Personalisation | undefined,
): Promise<Personalisation | undefined> {
  const choice: ProductChoice = {
    is_personalized: group.is_personalized ?? true,
    recommended_products: strings(group.recommended_products),
  };
  if (choice.is_personalized && choice.recommended_products.length === 0) return p;
  const texts = [
    group.channel_subject,
    group.channel_message_text,
    group.channel_button,
    group.channel_button_link,
    group.channel_image_url,
    group.channel_fallback_message_text,
    group.template_html ?? "",
  ];
  if (!usesProducts(texts)) return p;
  const key = `${sendId}:${group.group_number ?? 0}:${JSON.stringify(choice)}`;
  const forGroup = await cached(shared, key, () => sharedProducts(choice));
  const base = p ?? NOBODY;
  return { ...base, products: productsOf(choice, base.products, forGroup) };
}
