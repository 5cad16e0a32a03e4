/**
 * The public wheel of fortune behind an SMS link: its slices are the touchpoint's slots (the
 * discounted items) for the link's customer; a spin is drawn on the server, recorded, and can
 * happen once per link. The configured successful or invalid attempt message is shown and texted.
 */
import { randomInt } from "node:crypto";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { sendMessage } from "@/lib/messaging/send-message";
import { withinWindow } from "@/lib/recommend/rule-kinds";
import type { TRule } from "@/lib/recommend/rule-schemas";
import { serveContent } from "@/lib/recommend/serve-content";
import { fillTemplate, templateOf, wheelUrl } from "./promotions";
import { countSpin } from "./wheel-limits";

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

export async function getWheel(token: string, now = new Date()) {
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
  const prizes = content.content.flatMap((c): WheelSlice[] => {
    const strategy = strategies.find((s) => s.strategy_id === c.filled_by.strategy_id);
    const rules = (strategy?.rules ?? []) as TRule[];
    const rule = c.filled_by.rule_index === null ? undefined : rules[c.filled_by.rule_index];
    const discountId = rule?.values.find((v) => v.column_name === "discount_id")?.value;
    const discount = discounts.find((d) => d.discount_id === String(discountId));
    if (!discount || !isPrize(discount, c.item.item_id, now)) return [];
    return [
      {
        position: c.position,
        item_id: c.item.item_id,
        item_name: c.item.item_name,
        discount_id: discount.discount_id,
        discount_name: discount.discount_name,
        discount_percent: discount.discount_percent,
      },
    ];
  });
  // A spun link keeps showing the slice it won, even after its discount ended.
  const won = (link.result as WheelResult | null)?.slice;
  const slices = won && !prizes.some((p) => p.position === won.position) ? [...prizes, won] : prizes;
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

/** A discount that is a prize now: a positive percentage, running, on this item. */
function isPrize(
  d: { discount_percent: number; valid_from: Date | null; valid_to: Date | null; item_ids: string[] },
  itemId: string,
  now: Date,
): boolean {
  return d.discount_percent > 0 && withinWindow(d, now) && d.item_ids.includes(itemId);
}

export const NO_PRIZE = "There is no prize to win on this wheel right now. Please try again later.";

export function prizeName(slice: WheelSlice): string {
  return slice.discount_percent !== null ? `${slice.discount_percent}% off ${slice.item_name}` : slice.item_name;
}

/**
 * Spins once: the first call draws from the prizes valid at this moment and records; later calls
 * answer the invalid-attempt message (texted once per link). No valid prize: says so, spins nothing.
 */
export async function spinWheel(
  token: string,
  address: string,
): Promise<{ ok: boolean; message: string; result: WheelResult | null }> {
  await countSpin(token, address);
  const { link, promotion, touchpoint } = await loadLink(token);
  if (link.date_spun) return invalidAttempt(link, promotion, touchpoint);
  const wheel = await getWheel(token);
  const prisma = await db();
  // The link is not spun, so every slice is a prize valid now.
  const prizes = wheel.slices;
  if (prizes.length === 0) return { ok: false, message: NO_PRIZE, result: null };
  const slice = prizes[randomInt(prizes.length)]!;
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
  if (count === 0) return invalidAttempt(link, promotion, touchpoint);
  await sendMessage({
    channel: "sms",
    to: link.phone_number,
    body: message,
    context: { kind: "wheel-win", token, item_id: slice.item_id },
  });
  return { ok: true, message, result };
}

type Loaded = Awaited<ReturnType<typeof loadLink>>;

/** A spin of a spun link: the invalid-attempt message with the first result, texted only the first time. */
async function invalidAttempt(link: Loaded["link"], promotion: Loaded["promotion"], touchpoint: Loaded["touchpoint"]) {
  const invalid = fillTemplate(templateOf(promotion.config, "invalid-attempt"), {
    link: wheelUrl(link.token),
    promotion_long_name: touchpoint.touchpoint_name,
  });
  const prisma = await db();
  // The conditional update is the lock here too: of any number of repeats, one texts.
  const { count } = await prisma.wheelLink.updateMany({
    where: { token: link.token, date_invalid_notified: null },
    data: { date_invalid_notified: new Date() },
  });
  if (count === 1) {
    await sendMessage({
      channel: "sms",
      to: link.phone_number,
      body: invalid,
      context: { kind: "wheel-invalid", token: link.token },
    });
  }
  const current = await prisma.wheelLink.findUnique({ where: { token: link.token } });
  return { ok: false, message: invalid, result: (current?.result as WheelResult | null) ?? null };
}
