/**
 * The demo shop when ../shared/data is not there: a small, seeded, fully synthetic shop in the
 * same shape as the Online Retail reader's output (400 items, 600 customers, ~6,000 order lines
 * over the last year, popularity skewed like real catalogs).
 */
import { mulberry32, pick } from "@/lib/data/prng";
import { deriveItemFacts, titleCase } from "./derive-item-facts";
import type { RetailLine, RetailShop } from "./read-online-retail";

const ADJECTIVES = [
  "WHITE",
  "RED",
  "PINK",
  "BLUE",
  "VINTAGE",
  "RETRO",
  "GREEN",
  "IVORY",
  "SILVER",
  "SPOTTY",
  "FLORAL",
  "GLASS",
];
const NOUNS = [
  "HEART T-LIGHT HOLDER",
  "LANTERN",
  "MUG",
  "TOTE BAG",
  "CAKE TIN",
  "NOTEBOOK",
  "CUSHION COVER",
  "LUNCH BOX",
  "WALL CLOCK",
  "PHOTO FRAME",
  "GARLAND",
  "STORAGE BOX",
  "TEAPOT",
  "CHRISTMAS DECORATION",
  "APRON",
];
const COUNTRIES = [
  "United Kingdom",
  "United Kingdom",
  "United Kingdom",
  "United Kingdom",
  "Germany",
  "France",
  "EIRE",
  "Spain",
];

export function generateSmallShop(now = new Date()): RetailShop {
  const random = mulberry32(7);
  const items = Array.from({ length: 400 }, (_, i) => {
    const description = `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`;
    const price = Math.round((0.5 + random() * random() * 20) * 100) / 100;
    return {
      item_id: `SYN${String(i + 1).padStart(5, "0")}`,
      item_name: titleCase(description),
      simple_name: titleCase(description),
      product_price: price,
      original_price: price,
      currency: "GBP",
      product_url: `https://shop.example.com/products/syn${i + 1}`,
      is_active: true,
      descriptions: [{ description_language: "en", description_value: description }],
      ...deriveItemFacts(description),
    };
  });
  const customers = Array.from({ length: 600 }, (_, i) => ({
    customer_id: `syn-${20000 + i}`,
    country: pick(random, COUNTRIES),
    orders: 0,
    value: 0,
  }));
  const purchases: RetailLine[] = [];
  for (let order = 0; order < 1500; order++) {
    const customer = customers[Math.floor(random() * random() * customers.length)]!;
    const date = new Date(now.getTime() - Math.floor(random() * 365 * 86_400_000));
    const lines = 1 + Math.floor(random() * 7);
    customer.orders++;
    for (let l = 0; l < lines; l++) {
      const item = items[Math.floor(random() ** 2 * items.length)]!;
      const quantity = 1 + Math.floor(random() * 6);
      customer.value += quantity * item.product_price;
      purchases.push({
        invoice: `SYN${100000 + order}`,
        stockCode: item.item_id,
        description: item.item_name,
        quantity,
        date,
        price: item.product_price,
        customerId: customer.customer_id,
        country: customer.country,
      });
    }
  }
  return { items, customers: customers.filter((c) => c.orders > 0), purchases, shiftMs: 0 };
}
