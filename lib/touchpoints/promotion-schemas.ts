/**
 * Schemas and vocabulary of SMS promotions, free of server imports so the studio's forms use the
 * same rules as the API (lib/touchpoints/promotions.ts).
 */
import { z } from "zod";

export const MESSAGE_TYPES = [
  "promotion-message",
  "promotion-main-description",
  "successful-attempt",
  "invalid-attempt",
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const PLACEHOLDERS = ["link", "promotion_long_name"] as const;

export const DEFAULT_TEMPLATES: Record<MessageType, string> = {
  "promotion-message": "Spin our wheel of fortune and win a discount: {link}",
  "promotion-main-description": "Spin the wheel once to win one of the discounts of {promotion_long_name}.",
  "successful-attempt": "You won {promotion_long_name}! Redeem it here: {link}",
  "invalid-attempt": "This wheel has already been spun. Keep an eye out for our next promotion.",
};

const ZTemplate = z
  .string()
  .min(1, "required")
  .max(1000)
  .superRefine((t, ctx) => {
    for (const m of t.matchAll(/\{([^{}]*)\}/g)) {
      if (!(PLACEHOLDERS as readonly string[]).includes(m[1]!)) {
        ctx.addIssue({ code: "custom", message: `unknown placeholder {${m[1]}}: use {link} or {promotion_long_name}` });
      }
    }
  });

export const ZPromotionConfigInput = z.object({
  touchpoint_id: z.string().min(1, "required"),
  author: z
    .string()
    .max(200)
    .default("")
    .describe(
      "Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits.",
    ),
  promotion_base_url: z.url().describe("Shop page where a won discount is redeemed"),
  config: z
    .array(z.object({ message_type: z.enum(MESSAGE_TYPES), message_template: ZTemplate }))
    .min(1)
    .max(4)
    .refine((c) => new Set(c.map((m) => m.message_type)).size === c.length, "each message_type at most once"),
});
export type TPromotionConfigInput = z.infer<typeof ZPromotionConfigInput>;

export const ZPromotion = ZPromotionConfigInput.extend({
  promotion_id: z.string(),
  date_created: z.string(),
  date_modified: z.string(),
});

export const ZPromotionTestSend = z.object({
  customer_id: z.string().max(200).default(""),
  touchpoint_id: z.string().min(1, "required"),
  concept_id: z.string().max(200).default(""),
  phone_number: z.string().regex(/^\+?[0-9 ()-]{5,20}$/, "must be a phone number"),
});
export type TPromotionTestSend = z.infer<typeof ZPromotionTestSend>;
