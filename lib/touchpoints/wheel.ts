/**
 * The public wheel of fortune behind an SMS link: its slices are the touchpoint's slots (the
 * discounted items) for the link's customer; a spin is drawn on the server, recorded, and can
 * happen once per link. The configured successful or invalid attempt message is shown and texted.
 */
import { randomInt } from "node:crypto";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { sendMessage } from "@/lib/messaging/send-message";
import { serveContent } from "@/lib/recommend/serve-content";
import { fillTemplate, templateOf, wheelUrl } from "./promotions";
import type { TRule } from "./schemas";

export interface WheelSlice {
  position: number;
  item_id: string;
  item_name: string;
  discount_id: string | null;
  discount_name: string;
  discount_percent: number | null;
}

export interface WheelResult {
  slice: WheelSlice;
  message: string;
  link: string;
}

async function loadLink(token: string) {
  const prisma = await db();
  const link = await prisma.wheelLink.findUnique({ where: { token } });
  if (!link) throw notFound("This wheel link does not exist.");
  const promotion = await prisma.promotion.findUnique({ where: { promotion_id: link.promotion_id } });
  const touchpoint = await prisma.touchpoint.findUnique({ where: { touchpoint_id: link.touchpoint_id } });
  if (!promotion || !touchpoint) throw notFound("This promotion has ended.");
  return { link, promotion, touchpoint };
}

export async function getWheel(token: string) {
  const { link, promotion, touchpoint } = await loadLink(token);
  const content = await serveContent({
    touchpointId: touchpoint.touchpoint_id,
    identityValue: link.customer_id || "default",
    identityType: "customer_id",
    preview: true,
  });
  const prisma = await db();
  const strategyIds = [...new Set(content.content.map((c) => c.filled_by.strategy_id))];
  const strategies = await prisma.strategy.findMany({ where: { strategy_id: { in: strategyIds } } });
  const discountIds = strategies.flatMap((s) =>
    (s.rules as TRule[]).flatMap((r) =>
      r.values.filter((v) => v.column_name === "discount_id").map((v) => String(v.value)),
    ),
  );
  const discounts = await prisma.discount.findMany({ where: { discount_id: { in: discountIds } } });
  const slices: WheelSlice[] = content.content.map((c) => {
    const strategy = strategies.find((s) => s.strategy_id === c.filled_by.strategy_id);
    const rules = (strategy?.rules ?? []) as TRule[];
    const rule = c.filled_by.rule_index === null ? undefined : rules[c.filled_by.rule_index];
    const discountId = rule?.values.find((v) => v.column_name === "discount_id")?.value;
    const discount = discounts.find((d) => d.discount_id === String(discountId));
    return {
      position: c.position,
      item_id: c.item.item_id,
      item_name: c.item.item_name,
      discount_id: discount?.discount_id ?? null,
      discount_name: discount?.discount_name ?? "",
      discount_percent: discount?.discount_percent ?? null,
    };
  });
  return {
    token,
    touchpoint_name: touchpoint.touchpoint_name,
    description: fillTemplate(templateOf(promotion.config, "promotion-main-description"), {
      link: wheelUrl(token),
      promotion_long_name: touchpoint.touchpoint_name,
    }),
    slices,
    spun: link.date_spun !== null,
    result: (link.result as WheelResult | null) ?? null,
  };
}

export function prizeName(slice: WheelSlice): string {
  return slice.discount_percent !== null ? `${slice.discount_percent}% off ${slice.item_name}` : slice.item_name;
}

/** Spins once: the first call draws and records; later calls answer the invalid-attempt message. */
export async function spinWheel(token: string): Promise<{ ok: boolean; message: string; result: WheelResult | null }> {
  const wheel = await getWheel(token);
  const { link, promotion, touchpoint } = await loadLink(token);
  const prisma = await db();
  if (wheel.slices.length === 0) return { ok: false, message: "The wheel has no prizes right now.", result: null };
  const slice = wheel.slices[randomInt(wheel.slices.length)]!;
  const redeem = new URL(promotion.promotion_base_url);
  redeem.searchParams.set("item_id", slice.item_id);
  if (slice.discount_id) redeem.searchParams.set("discount_id", slice.discount_id);
  redeem.searchParams.set("UTM_TPID", touchpoint.touchpoint_id);
  const message = fillTemplate(templateOf(promotion.config, "successful-attempt"), {
    link: redeem.toString(),
    promotion_long_name: prizeName(slice),
  });
  const result: WheelResult = { slice, message, link: redeem.toString() };
  // The conditional update is the lock: of two concurrent spins exactly one records a result.
  const { count } = await prisma.wheelLink.updateMany({
    where: { token, date_spun: null },
    data: { date_spun: new Date(), result: result as unknown as object },
  });
  if (count === 0) {
    const invalid = fillTemplate(templateOf(promotion.config, "invalid-attempt"), {
      link: wheelUrl(token),
      promotion_long_name: touchpoint.touchpoint_name,
    });
    await sendMessage({
      channel: "sms",
      to: link.phone_number,
      body: invalid,
      context: { kind: "wheel-invalid", token },
    });
    return { ok: false, message: invalid, result: wheel.result };
  }
  await sendMessage({
    channel: "sms",
    to: link.phone_number,
    body: message,
    context: { kind: "wheel-win", token, item_id: slice.item_id },
  });
  return { ok: true, message, result };
}
