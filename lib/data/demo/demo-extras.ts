/**
 * What the Online Retail data lacks and the studios need, generated deterministically and marked
 * synthetic: value segments, product views (event_id synthetic-view-*), and a discount leaflet
 * (discount_id synthetic-discount-*) for wheel-of-fortune strategies.
 */
import { mulberry32 } from "@/lib/data/prng";
import type { RetailShop } from "./read-online-retail";

export const DEMO_SEGMENTS = {
  vip: "VIP (top 5% by value)",
  loyal: "Loyal (5+ orders)",
  returning: "Returning (2-4 orders)",
  "one-time": "One-time buyers",
} as const;

export function segmentOf(c: { orders: number; value: number }, vipThreshold: number) {
  const id: keyof typeof DEMO_SEGMENTS =
    c.value >= vipThreshold ? "vip" : c.orders >= 5 ? "loyal" : c.orders >= 2 ? "returning" : "one-time";
  return { segment_id: id, segment_name: DEMO_SEGMENTS[id] };
}

/**
 * Views: a buyer usually looks at an item before buying it (one view 1-30 minutes before each
 * purchase line of a known customer), and browses: every third line adds a view of another item
 * bought in the same week (popular items draw more views).
 */
export function syntheticEvents(shop: RetailShop): Record<string, unknown>[] {
  const random = mulberry32(20111209);
  const out: Record<string, unknown>[] = [];
  const lines = shop.purchases.filter((p) => p.customerId);
  lines.forEach((p, n) => {
    const before = p.date.getTime() - Math.floor(1 + random() * 30) * 60_000;
    out.push({
      event_id: `synthetic-view-${n}`,
      event_type: "view",
      customer_id: p.customerId,
      item_id: p.stockCode,
      timestamp: new Date(before).toISOString(),
    });
    if (n % 3 === 0) {
      const other = lines[Math.min(lines.length - 1, Math.max(0, n + Math.floor((random() - 0.5) * 2000)))];
      if (other && other.stockCode !== p.stockCode) {
        out.push({
          event_id: `synthetic-browse-${n}`,
          event_type: "view",
          customer_id: p.customerId,
          item_id: other.stockCode,
          timestamp: new Date(before - 60_000).toISOString(),
        });
      }
    }
  });
  return out;
}

/** A leaflet of 8 discounts on items that sell well, valid from a week ago for 30 days. */
export function demoDiscounts(shop: RetailShop, now: Date): Record<string, unknown>[] {
  const units = new Map<string, number>();
  for (const p of shop.purchases) units.set(p.stockCode, (units.get(p.stockCode) ?? 0) + p.quantity);
  const top = [...units.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
  const random = mulberry32(42);
  const percents = [10, 15, 20, 25, 30, 40, 50, 35];
  return percents.map((percent, i) => {
    const itemIds = [top[i * 5]?.[0], top[i * 5 + 1]?.[0]].filter((x): x is string => !!x);
    return {
      discount_id: `synthetic-discount-${i + 1}`,
      discount_name: `${percent}% off (synthetic demo leaflet)`,
      leaflet_id: "synthetic-leaflet-1",
      item_ids: itemIds,
      discount_percent: percent,
      valid_from: new Date(now.getTime() - 7 * 86_400_000 - Math.floor(random() * 3600_000)).toISOString(),
      valid_to: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    };
  });
}
