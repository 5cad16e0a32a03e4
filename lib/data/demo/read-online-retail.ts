/**
 * Reads the UCI Online Retail file (../shared/data/online-retail) into intake records:
 * StockCode -> item (Description -> name, last UnitPrice -> price), CustomerID -> customer
 * (Country, plus synthetic personal data), each invoice line -> a purchase event (order_id =
 * InvoiceNo). Cancellations (InvoiceNo C..., negative quantities) and zero-price lines are left
 * out, and so is each purchase line that a cancellation takes back (same customer, item and
 * quantity; e.g. the 80,995 "Paper Craft, Little Bird" of invoice 581483, cancelled the same day). Guest lines (no CustomerID) become purchases of a cookie `guest-<InvoiceNo>`.
 * Dates are shifted by whole weeks so the last invoice falls in the current week: windows such as
 * "best-sellers of the last 30 days" or "purchases in the last 180 days" then show real data.
 */
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { parse } from "csv-parse";
import { deriveItemFacts, titleCase } from "./derive-item-facts";

export interface RetailLine {
  invoice: string;
  stockCode: string;
  description: string;
  quantity: number;
  date: Date;
  price: number;
  customerId: string;
  country: string;
}

export async function* readRetailLines(
  file: string,
  options: { cancellations?: boolean } = {},
): AsyncGenerator<RetailLine> {
  const parser = createReadStream(file)
    .pipe(createGunzip())
    .pipe(parse({ columns: true, skip_empty_lines: true }));
  for await (const row of parser as AsyncIterable<Record<string, string>>) {
    const quantity = Number(row.Quantity);
    const price = Number(row.UnitPrice);
    const invoice = row.InvoiceNo ?? "";
    const cancellation = invoice.startsWith("C") && quantity < 0;
    if (cancellation && !options.cancellations) continue;
    if (!invoice || !row.StockCode || !(price > 0) || (!cancellation && !(quantity > 0))) continue;
    yield {
      invoice,
      stockCode: row.StockCode.trim().toUpperCase(),
      description: (row.Description ?? "").trim(),
      quantity,
      date: new Date(`${row.InvoiceDate}Z`),
      price,
      customerId: (row.CustomerID ?? "").replace(/\.0$/, "").trim(),
      country: (row.Country ?? "").trim(),
    };
  }
}

export interface RetailShop {
  items: Record<string, unknown>[];
  customers: { customer_id: string; country: string; orders: number; value: number }[];
  purchases: RetailLine[];
  shiftMs: number;
}

const WEEK = 7 * 86_400_000;

export async function readRetailShop(file: string, now = new Date()): Promise<RetailShop> {
  const items = new Map<string, { name: string; price: number; names: Map<string, number> }>();
  const customers = new Map<string, { country: string; orders: Set<string>; value: number }>();
  const lines: RetailLine[] = [];
  const cancelled = new Map<string, number>();
  let last = 0;
  for await (const line of readRetailLines(file, { cancellations: true })) {
    if (line.quantity < 0) {
      const key = `${line.customerId}|${line.stockCode}|${-line.quantity}`;
      cancelled.set(key, (cancelled.get(key) ?? 0) + 1);
      continue;
    }
    lines.push(line);
    last = Math.max(last, line.date.getTime());
    const item = items.get(line.stockCode) ?? { name: "", price: 0, names: new Map() };
    if (line.description) item.names.set(line.description, (item.names.get(line.description) ?? 0) + 1);
    item.price = line.price;
    items.set(line.stockCode, item);
  }
  // Take back cancelled lines, latest first.
  const dropped = new Set<number>();
  for (let i = lines.length - 1; i >= 0 && cancelled.size > 0; i--) {
    const p = lines[i]!;
    const key = `${p.customerId}|${p.stockCode}|${p.quantity}`;
    const open = cancelled.get(key);
    if (!open) continue;
    if (open === 1) cancelled.delete(key);
    else cancelled.set(key, open - 1);
    dropped.add(i);
  }
  const purchases = lines.filter((_, i) => !dropped.has(i));
  for (const line of purchases) {
    if (!line.customerId) continue;
    const c = customers.get(line.customerId) ?? { country: line.country, orders: new Set(), value: 0 };
    c.orders.add(line.invoice);
    c.value += line.quantity * line.price;
    customers.set(line.customerId, c);
  }
  const shiftMs = Math.max(0, Math.floor((now.getTime() - last) / WEEK)) * WEEK;
  for (const p of purchases) p.date = new Date(p.date.getTime() + shiftMs);
  return {
    shiftMs,
    purchases,
    items: [...items.entries()].map(([id, item]) => {
      // The most frequent description of a stock code is its name.
      const description = [...item.names.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? id;
      return {
        item_id: id,
        item_name: titleCase(description),
        simple_name: titleCase(description),
        product_price: item.price,
        original_price: item.price,
        currency: "GBP",
        product_url: `https://shop.example.com/products/${encodeURIComponent(id.toLowerCase())}`,
        is_active: true,
        descriptions: [{ description_language: "en", description_value: description }],
        ...deriveItemFacts(description),
      };
    }),
    customers: [...customers.entries()].map(([id, c]) => ({
      customer_id: id,
      country: c.country,
      orders: c.orders.size,
      value: c.value,
    })),
  };
}
