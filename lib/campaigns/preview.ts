/**
 * The editor's helpers (spec: "a live preview rendered for a customer the marketer picks" and "an
 * audience picker showing sizes after consent"), declared once for routes and OpenAPI.
 */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { PLACEHOLDERS, unknownPlaceholders } from "./placeholders";
import {
  AUDIENCES_TYPES,
  CHANNEL_TYPES,
  PLACEHOLDER_FIELDS,
  personalPlaceholderProblem,
  ZCampaignDetailInput,
} from "./schemas";

const tag = "Campaign studio";

/** The content fields a preview renders (the group's, as in the campaign body). */
export const PREVIEW_FIELDS = [
  "channel_subject",
  "channel_message_text",
  "channel_fallback_message_text",
  "channel_button",
  "channel_button_link",
  "channel_image_url",
] as const;

export const ZPreviewInput = ZCampaignDetailInput.pick({
  channel_subject: true,
  channel_message_text: true,
  channel_fallback_message_text: true,
  channel_button: true,
  channel_button_link: true,
  channel_image_url: true,
  html_template_id: true,
  is_personalized: true,
  recommended_products: true,
  urls_to_short: true,
})
  .extend({
    channel_type: z.enum(CHANNEL_TYPES),
    customer_id: z.string().trim().min(1).max(200),
  })
  .superRefine((body, ctx) => {
    // The campaign body's check: the same fields, the same message.
    for (const field of PLACEHOLDER_FIELDS) {
      for (const name of unknownPlaceholders(body[field])) {
        ctx.addIssue({ code: "custom", path: [field], message: `unknown placeholder ${name}` });
      }
    }
    const personal = personalPlaceholderProblem(body);
    if (personal) ctx.addIssue({ code: "custom", path: ["is_personalized"], message: personal });
  });
export type TPreviewInput = z.infer<typeof ZPreviewInput>;

export const ZPreviewProduct = z.object({
  position: z.number().int().describe("n of {ph_product_n...}"),
  name: z.string(),
  url: z.string(),
  price: z.string().describe("Two decimals, as the message shows it"),
  image: z.string(),
});

export const ZSmsAsSent = z
  .object({
    field: z.enum(["channel_message_text", "channel_fallback_message_text"]),
    encoding: z.enum(["GSM-7", "UCS-2"]),
    characters: z.number().int(),
    segments: z.number().int().describe("Parts the SMS is sent and billed as"),
    per_segment: z.number().int(),
    short_link_length: z.number().int().describe("Characters of each tracked link as sent"),
  })
  .describe(
    "The SMS as this customer would be sent it (sms: the text; viber_sms: the SMS fallback): its tracked links counted as the short links they become (this customer's; the link's id estimated), not as written",
  );

export const ZPreview = z.object({
  customer: z.object({ customer_id: z.string(), first_name: z.string(), last_name: z.string() }),
  is_personalized: z
    .boolean()
    .describe("false: the message is the same for every recipient (no customer's fields or own recommendations)"),
  channel_type: z.enum(CHANNEL_TYPES),
  channel_subject: z.string(),
  channel_message_text: z.string(),
  channel_fallback_message_text: z.string(),
  channel_button: z.string(),
  channel_button_link: z.string(),
  channel_image_url: z.string(),
  html: z
    .string()
    .nullable()
    .describe(
      "E-mail with html_template_id: the HTML part as sent (placeholders filled, the unsubscribe footer before </body>), but links not yet tracked and no open pixel; else null",
    ),
  products: z.array(ZPreviewProduct).describe("The products the texts use, by position"),
  sms: ZSmsAsSent.nullable().describe("sms and viber_sms: the SMS's length as sent; else null"),
});
export type TPreview = z.infer<typeof ZPreview>;

export const previewMessageOp = defineOperation({
  method: "POST",
  path: "/campaigning-studio/campaignings/preview",
  tag,
  summary: "A group's message as one customer would get it",
  description: `The fields filled as a send fills them: ${PLACEHOLDERS.join(" ")}; products are the group's recommended_products, then (is_personalized, the default) the customer's own recommendations, topped up with the best sellers, empty past the list's end. With is_personalized false the answer is the one message every recipient gets: no customer's fields ({ph_customer.*} is a 422 at is_personalized, as for the campaign) and the shared products (recommended_products, then the best sellers), whoever customer_id names. products lists those the texts (and the template) use. sms gives the SMS's encoding and parts as sent, its tracked links (all, or those urls_to_short lists) counted as short links. An e-mail with html_template_id answers the template's HTML filled in html, and, when channel_message_text is empty, the plain-text part made from it as channel_message_text (as a send makes it). 404 for an unknown customer or template; 422 naming an unknown placeholder and its field. Nothing is recorded.`,
  auth: "user",
  audit: false, // renders only
  body: ZPreviewInput,
  response: ZPreview,
  errors: [404],
});

export const ZAudienceEstimateInput = z.object({
  channel_type: z.enum(CHANNEL_TYPES),
  audiences_type: z.enum(AUDIENCES_TYPES),
  audiences: z.array(z.string().min(1).max(200)).min(1).max(100),
});

export const ZAudienceEstimate = z.object({
  audience: z.number().int().describe("Customers of the audience now"),
  excluded_no_consent: z.number().int(),
  excluded_no_address: z.number().int(),
  excluded_frequency_cap: z.number().int(),
  reachable: z.number().int().describe("Those a send now would target (control groups included)"),
});
export type TAudienceEstimate = z.infer<typeof ZAudienceEstimate>;

export const estimateAudienceOp = defineOperation({
  method: "POST",
  path: "/campaigning-studio/campaignings/audience-estimate",
  tag,
  summary: "How many of an audience a campaign would reach now",
  description:
    "The rules of a send's preparation, counted now and in that order: no consent for the channel, then no address for it, then the frequency cap (the campaign settings). A dynamic audience's filters are compiled now (its stored counts are left as they are). 404 when an audience does not exist.",
  auth: "user",
  audit: false, // counts only
  body: ZAudienceEstimateInput,
  response: ZAudienceEstimate,
  errors: [404],
});
