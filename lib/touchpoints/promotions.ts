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
import { db } from "@/lib/db/client";
import type { Promotion } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { conflict, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { formatTimestamp } from "@/lib/http/timestamps";
import { sendMessage } from "@/lib/messaging/send-message";

import {
  DEFAULT_TEMPLATES,
  type MessageType,
  type PLACEHOLDERS,
  type TPromotionConfigInput,
  type TPromotionTestSend,
} from "./promotion-schemas";

export * from "./promotion-schemas";

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
    // The author is who configured it first (the route sets it from the caller).
    update: {
      promotion_base_url: input.promotion_base_url,
      config: input.config,
      date_modified: new Date(),
    },
  });
  return toPromotion(row);
}

/** A stored promotion as the API answers it. */
function toPromotion(row: Promotion) {
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
  // The outbox is the only channel provider so far: the SMS is queued there, not handed to a gateway.
  return {
    detail: `Test promotion queued to the outbox for ${input.phone_number}: an SMS with a link to the wheel (see the Outbox page).`,
  };
}

export async function getPromotion(touchpointId: string) {
  const prisma = await db();
  const row = await prisma.promotion.findUnique({ where: { touchpoint_id: touchpointId } });
  if (!row) throw notFound(`Touchpoint ${touchpointId} has no SMS promotion.`);
  return toPromotion(row);
}

/** The shared path's two requests: a test send carries phone_number, a configuration carries config. */
export function isTestSend(body: Record<string, unknown>): boolean {
  return "phone_number" in body || "concept_id" in body;
}
