/**
 * SMS promotions of wheel-of-fortune touchpoints (spec 2.6, 4.4). One configuration per
 * touchpoint; a test send texts a link to the public wheel page (/w/<token>), spinnable once.
 * Placeholders: {link} and {promotion_long_name}.
 *   promotion-message / promotion-main-description: {link} = the wheel page, {promotion_long_name}
 *     = the touchpoint's name.
 *   successful-attempt: {link} = promotion_base_url with the won item and discount as query
 *     parameters, {promotion_long_name} = what was won ("25% off White Hanging Heart...").
 *   invalid-attempt: {link} = the wheel page, {promotion_long_name} = the touchpoint's name.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { conflict, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { formatTimestamp } from "@/lib/http/timestamps";
import { sendMessage } from "@/lib/messaging/send-message";

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
  author: z.string().max(200).default(""),
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

export function fillTemplate(template: string, values: Record<(typeof PLACEHOLDERS)[number], string>): string {
  return template.replace(/\{(link|promotion_long_name)\}/g, (_m, key: keyof typeof values) => values[key]);
}

export function templateOf(config: unknown, type: MessageType): string {
  const found = (config as { message_type: string; message_template: string }[]).find((c) => c.message_type === type);
  return found?.message_template ?? DEFAULT_TEMPLATES[type];
}

export async function configurePromotion(input: TPromotionConfigInput) {
  const prisma = await db();
  const touchpoint = await prisma.touchpoint.findUnique({ where: { touchpoint_id: input.touchpoint_id } });
  if (!touchpoint) throw conflict(`Unknown touchpoint ${input.touchpoint_id}.`, "unknown_touchpoint");
  if (touchpoint.touchpoint_type !== "wheel-of-fortune") {
    throw conflict("SMS promotions belong to wheel-of-fortune touchpoints.", "wrong_touchpoint_type");
  }
  const row = await prisma.promotion.upsert({
    where: { touchpoint_id: input.touchpoint_id },
    create: { promotion_id: newId("promotion"), ...input },
    update: {
      author: input.author,
      promotion_base_url: input.promotion_base_url,
      config: input.config,
      date_modified: new Date(),
    },
  });
  return {
    promotion_id: row.promotion_id,
    touchpoint_id: row.touchpoint_id,
    author: row.author,
    promotion_base_url: row.promotion_base_url,
    config: row.config as TPromotionConfigInput["config"],
    date_created: formatTimestamp(row.date_created),
    date_modified: formatTimestamp(row.date_modified),
  };
}

export function wheelUrl(token: string): string {
  return `${env().PUBLIC_URL.replace(/\/$/, "")}/w/${token}`;
}

export async function sendTestPromotion(input: TPromotionTestSend): Promise<{ detail: string }> {
  const prisma = await db();
  const touchpoint = await prisma.touchpoint.findUnique({ where: { touchpoint_id: input.touchpoint_id } });
  if (!touchpoint) throw notFound(`No touchpoint has id ${input.touchpoint_id}.`);
  const promotion = await prisma.promotion.findUnique({ where: { touchpoint_id: input.touchpoint_id } });
  if (!promotion)
    throw conflict("Configure the touchpoint's SMS promotion before a test send.", "promotion_not_configured");
  if (!touchpoint.is_ready)
    throw conflict("The wheel's touchpoint is not ready yet: activate it and wait for the calculation.", "not_ready");
  const token = randomBytes(16).toString("base64url");
  await prisma.wheelLink.create({
    data: {
      token,
      promotion_id: promotion.promotion_id,
      touchpoint_id: touchpoint.touchpoint_id,
      customer_id: input.customer_id,
      phone_number: input.phone_number,
      concept_id: input.concept_id,
    },
  });
  const body = fillTemplate(templateOf(promotion.config, "promotion-message"), {
    link: wheelUrl(token),
    promotion_long_name: touchpoint.touchpoint_name,
  });
  await sendMessage({
    channel: "sms",
    to: input.phone_number,
    body,
    context: {
      kind: "promotion-test",
      touchpoint_id: touchpoint.touchpoint_id,
      promotion_id: promotion.promotion_id,
      token,
    },
  });
  return { detail: `Test promotion sent to ${input.phone_number}: an SMS with a link to the wheel.` };
}

export async function getPromotion(touchpointId: string) {
  const prisma = await db();
  const row = await prisma.promotion.findUnique({ where: { touchpoint_id: touchpointId } });
  if (!row) throw notFound(`Touchpoint ${touchpointId} has no SMS promotion.`);
  return {
    promotion_id: row.promotion_id,
    touchpoint_id: row.touchpoint_id,
    author: row.author,
    promotion_base_url: row.promotion_base_url,
    config: row.config as TPromotionConfigInput["config"],
    date_created: formatTimestamp(row.date_created),
    date_modified: formatTimestamp(row.date_modified),
  };
}

/** The shared path's two requests: a test send carries phone_number, a configuration carries config. */
export function isTestSend(body: Record<string, unknown>): boolean {
  return "phone_number" in body || "concept_id" in body;
}
