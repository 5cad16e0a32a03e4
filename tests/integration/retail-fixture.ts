/**
 * A slice of the real Online Retail data for tests whose results a person can check: the
 * purchase lines of the dataset's last `days` days, shifted (by whole weeks) so the last invoice
 * is in the current week, loaded through the intake code.
 */

import { titleCase } from "@/lib/data/demo/derive-item-facts";
import { onlineRetailFile } from "@/lib/data/demo/load-demo";
import { type RetailLine, readRetailLines } from "@/lib/data/demo/read-online-retail";
import { ingestBatch } from "@/lib/data/ingest-batch";

const WEEK = 7 * 86_400_000;

export async function loadRetailSlice(days: number, now = new Date()) {
  const lines: RetailLine[] = [];
  let last = 0;
  for await (const line of readRetailLines(onlineRetailFile())) {
    lines.push(line);
    last = Math.max(last, line.date.getTime());
  }
  const shift = Math.floor((now.getTime() - last) / WEEK) * WEEK;
  const from = last - days * 86_400_000;
  const slice = lines
    .filter((l) => l.date.getTime() >= from)
    .map((l) => ({ ...l, date: new Date(l.date.getTime() + shift) }));
  const names = new Map<string, string>();
  for (const l of slice) if (!names.has(l.stockCode)) names.set(l.stockCode, l.description);
  const items = [...names.entries()].map(([id, d]) => ({
    item_id: id,
    item_name: titleCase(d),
    product_url: `https://shop.example.com/p/${id}?ref=feed`,
    product_price: 1,
    attributes: /\bRED\b/.test(d) ? [{ attribute_name: "attribute_color", attribute_value: "red" }] : [],
  }));
  for (let i = 0; i < items.length; i += 5000) await ingestBatch({ kind: "items", records: items.slice(i, i + 5000) });
  const events = slice.map((l, n) => ({
    event_id: `slice-${n}`,
    event_type: "purchase",
    ...(l.customerId ? { customer_id: l.customerId } : { cookie_id: `guest-${l.invoice}` }),
    item_id: l.stockCode,
    quantity: l.quantity,
    price: l.price,
    order_id: l.invoice,
    timestamp: l.date.toISOString(),
  }));
  for (let i = 0; i < events.length; i += 10000)
    await ingestBatch({ kind: "events", records: events.slice(i, i + 10000) });
  return { lines: slice, items };
}

/** Best-sellers as a person computes them: units per item in the window, most first. */
export function expectedBestSellers(lines: RetailLine[], days: number, now = new Date()): string[] {
  const since = now.getTime() - days * 86_400_000;
  const units = new Map<string, number>();
  for (const l of lines)
    if (l.date.getTime() >= since) units.set(l.stockCode, (units.get(l.stockCode) ?? 0) + l.quantity);
  return [...units.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
}
