/**
 * A seeded synthetic shop (items, customers, events) whose shape follows the UCI Online Retail data
 * (../shared/data/online-retail): item popularity (the empirical rank-frequency curve), lines per
 * order, orders per customer, units per line, item prices, months, weekdays and hours of trading.
 * measureOnlineRetail() reads the file once (streaming) into a ShopFit; BUILT_IN_FIT holds the
 * figures of that measurement for machines without the data.
 *
 * Everything generated is clearly synthetic: ids syn-item-*, syn-cust-*, syn-cookie-*, syn-anon-*,
 * syn-order-*, syn-ev-*, example.com addresses, and is_synthetic = true on items and customers.
 * Record n of a kind is a pure function of (seed, n) for items and customers; events come from one
 * stream seeded by the seed, so the same arguments give the same shop on every machine.
 *
 * Not in the data, chosen to be plausible (and documented here): the funnel (VIEWS_PER_CART,
 * CARTS_PER_PURCHASE), browse session length, category affinity of a customer (so "bought together"
 * and collaborative rules have signal), and floors on weekday and hour weights (the source shop
 * sold nothing on Saturdays or at night; an online shop does).
 */

import { readRetailLines } from "@/lib/data/demo/read-online-retail";
import { syntheticPerson } from "@/lib/data/demo/synthetic-people";
import { mulberry32, pick, seedOf } from "@/lib/data/prng";

/** Quantile levels of the distribution tables; the top 0.1% (data-entry outliers) is cut. */
export const QUANTILE_LEVELS = [
  0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.99,
  0.995, 0.999,
];

export interface ShopFit {
  source: string;
  lines: number;
  items: number;
  orders: number;
  customers: number;
  /** Share of lines bought without a customer id (guests). */
  guestShare: number;
  /** Rank-frequency curve: [rank quantile (rank - 0.5) / items, lines of that item / lines of the top item]. */
  popularity: [number, number][];
  /** Least-squares Zipf exponent over the top half of the ranks (reported; sampling uses the curve). */
  zipfExponent: number;
  /** Quantile tables at QUANTILE_LEVELS. */
  linesPerOrder: number[];
  ordersPerCustomer: number[];
  unitsPerLine: number[];
  itemPrice: number[];
  /** Relative weights: months Jan..Dec, weekdays Sun..Sat, hours 0..23. */
  month: number[];
  weekday: number[];
  hour: number[];
  /** Countries of customers with at least 0.5% of them, as [name, share]. */
  countries: [string, number][];
}

// The funnel: ~1 in 10 item views leads to an add-to-cart, ~half of carted lines are bought.
export const VIEWS_PER_CART = 10;
export const CARTS_PER_PURCHASE = 2;
const PER_PURCHASE = 1 + CARTS_PER_PURCHASE + VIEWS_PER_CART * CARTS_PER_PURCHASE;
export const EVENT_MIX = {
  purchase: 1 / PER_PURCHASE,
  add_to_cart: CARTS_PER_PURCHASE / PER_PURCHASE,
  view: (VIEWS_PER_CART * CARTS_PER_PURCHASE) / PER_PURCHASE,
};
const BROWSE_VIEWS_MEAN = 6;
/** Share of a customer's views and order lines drawn from their favourite category. */
const CATEGORY_AFFINITY = 0.5;
const WEEKDAY_FLOOR = 0.5;
const HOUR_FLOOR = 0.1;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Measuring the data

const quantiles = (sorted: number[]) => QUANTILE_LEVELS.map((p) => sorted[Math.floor(p * (sorted.length - 1))] ?? 0);
const round = (x: number, digits = 4) => Number(x.toPrecision(digits));

export async function measureOnlineRetail(file: string): Promise<ShopFit> {
  const perItem = new Map<string, { lines: number; prices: number[] }>();
  const perOrder = new Map<string, number>();
  const perCustomer = new Map<string, { orders: Set<string>; country: string }>();
  const units: number[] = [];
  const month = new Array<number>(12).fill(0);
  const weekday = new Array<number>(7).fill(0);
  const hour = new Array<number>(24).fill(0);
  let lines = 0;
  let guests = 0;
  // One full year for the months (the file runs 2010-12-01 .. 2011-12-09).
  const yearFrom = Date.UTC(2010, 11, 1);
  const yearTo = Date.UTC(2011, 11, 1);
  for await (const line of readRetailLines(file)) {
    lines += 1;
    const item = perItem.get(line.stockCode) ?? { lines: 0, prices: [] };
    item.lines += 1;
    item.prices.push(line.price);
    perItem.set(line.stockCode, item);
    perOrder.set(line.invoice, (perOrder.get(line.invoice) ?? 0) + 1);
    if (line.customerId) {
      const c = perCustomer.get(line.customerId) ?? { orders: new Set<string>(), country: line.country };
      c.orders.add(line.invoice);
      perCustomer.set(line.customerId, c);
    } else guests += 1;
    units.push(line.quantity);
    // InvoiceDate is local shop time, read as UTC by readRetailLines: UTC fields are the local ones.
    const t = line.date.getTime();
    if (t >= yearFrom && t < yearTo) month[line.date.getUTCMonth()]! += 1;
    weekday[line.date.getUTCDay()]! += 1;
    hour[line.date.getUTCHours()]! += 1;
  }
  if (lines === 0) throw new Error(`${file} has no purchase lines`);

  const freq = [...perItem.values()].map((i) => i.lines).sort((a, b) => b - a);
  const n = freq.length;
  const top = freq[0] ?? 1;
  const points = 40;
  const popularity: [number, number][] = [];
  for (let k = 0; k < points; k++) {
    const rank = Math.min(n, Math.max(1, Math.round(n ** (k / (points - 1)))));
    if (popularity.length > 0 && popularity.at(-1)?.[0] === round((rank - 0.5) / n, 6)) continue;
    popularity.push([round((rank - 0.5) / n, 6), round((freq[rank - 1] ?? 1) / top)]);
  }
  // Zipf exponent: slope of log(frequency) against log(rank) over the top half.
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  const half = Math.max(2, Math.floor(n / 2));
  for (let r = 1; r <= half; r++) {
    const x = Math.log(r);
    const y = Math.log(freq[r - 1] ?? 1);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const zipfExponent = round(-(half * sxy - sx * sy) / (half * sxx - sx * sx), 3);

  const medianPrices = [...perItem.values()]
    .map((i) => i.prices.sort((a, b) => a - b)[Math.floor(i.prices.length / 2)] ?? 0)
    .sort((a, b) => a - b);
  const countries = new Map<string, number>();
  for (const c of perCustomer.values()) countries.set(c.country, (countries.get(c.country) ?? 0) + 1);
  const kept = [...countries.entries()].filter(([, k]) => k / perCustomer.size >= 0.005).sort((a, b) => b[1] - a[1]);
  const keptTotal = kept.reduce((s, [, k]) => s + k, 0);
  const share = (xs: number[]) => {
    const total = xs.reduce((s, x) => s + x, 0) || 1;
    return xs.map((x) => round(x / total));
  };
  return {
    source: file,
    lines,
    items: n,
    orders: perOrder.size,
    customers: perCustomer.size,
    guestShare: round(guests / lines),
    popularity,
    zipfExponent,
    linesPerOrder: quantiles([...perOrder.values()].sort((a, b) => a - b)),
    ordersPerCustomer: quantiles([...perCustomer.values()].map((c) => c.orders.size).sort((a, b) => a - b)),
    unitsPerLine: quantiles(units.sort((a, b) => a - b)),
    itemPrice: quantiles(medianPrices),
    month: share(month),
    weekday: share(weekday),
    hour: share(hour),
    countries: kept.map(([name, k]) => [name, round(k / keptTotal)]),
  };
}

// ---------------------------------------------------------------------------------------------
// Sampling helpers

/** Inverse CDF of a quantile table (linear between levels) at u in [0, 1). */
export function fromQuantiles(table: number[], u: number): number {
  const p = u * (QUANTILE_LEVELS.at(-1) ?? 1);
  let i = 1;
  while (i < QUANTILE_LEVELS.length - 1 && (QUANTILE_LEVELS[i] ?? 1) < p) i++;
  const p0 = QUANTILE_LEVELS[i - 1] ?? 0;
  const p1 = QUANTILE_LEVELS[i] ?? 1;
  const v0 = table[i - 1] ?? 0;
  const v1 = table[i] ?? v0;
  return v0 + ((v1 - v0) * (p - p0)) / (p1 - p0 || 1);
}

export function meanOfQuantiles(table: number[], transform = (x: number) => x): number {
  let sum = 0;
  const steps = 2000;
  for (let s = 0; s < steps; s++) sum += transform(fromQuantiles(table, (s + 0.5) / steps));
  return sum / steps;
}

/** Index into cumulative weights for u in [0, 1). */
function searchCdf(cdf: Float64Array, u: number): number {
  const target = u * (cdf[cdf.length - 1] ?? 0);
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cdf[mid] ?? 0) <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Popularity weight of rank r (0-based) among n items: the data's curve, stretched to n. */
function popularityWeight(fit: ShopFit, r: number, n: number): number {
  const x = Math.log((r + 0.5) / n);
  const curve = fit.popularity;
  const first = curve[0] ?? [1, 1];
  if (x <= Math.log(first[0])) return first[1];
  for (let k = 1; k < curve.length; k++) {
    const [x1, f1] = curve[k] ?? [1, 1];
    if (x <= Math.log(x1)) {
      const [x0, f0] = curve[k - 1] ?? first;
      const t = (x - Math.log(x0)) / (Math.log(x1) - Math.log(x0));
      return Math.exp(Math.log(f0) + t * (Math.log(f1) - Math.log(f0)));
    }
  }
  return curve.at(-1)?.[1] ?? 1;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The multiplicative inverse of a modulo n (a and n coprime), by the extended Euclidean algorithm. */
function modInverse(a: number, n: number): number {
  let [r0, r1, t0, t1] = [n, a % n, 0, 1];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1, t0, t1] = [r1, r0 - q * r1, t1, t0 - q * t1];
  }
  return ((t0 % n) + n) % n;
}

/**
 * A seeded bijection rank <-> index (multiplication by a unit modulo n), so syn-item-000001 is not
 * simply the best-seller. Exact while n * n < 2^53, i.e. up to ~90 million records.
 */
function rankPermutation(seed: number, n: number) {
  if (n <= 1) return { indexOf: () => 0, rankOf: () => 0 };
  let a = (seedOf(`${seed}:perm`) % (n - 1)) + 1;
  while (gcd(a, n) !== 1) a += 1;
  const b = seedOf(`${seed}:shift`) % n;
  const inverse = modInverse(a, n);
  return {
    indexOf: (rank: number) => (rank * a + b) % n,
    rankOf: (index: number) => (((index - b + n) % n) * inverse) % n,
  };
}

// ---------------------------------------------------------------------------------------------
// Items and customers

const CATALOG: [string, string, string[]][] = [
  ["Home", "Candles & lights", ["Candle", "Lantern", "T-Light Holder", "Fairy Lights", "Table Lamp"]],
  ["Home", "Kitchen", ["Mug", "Teapot", "Cake Tin", "Jam Jar", "Lunch Box", "Tea Towel"]],
  ["Home", "Decoration", ["Hanging Heart", "Garland", "Bunting", "Wall Clock", "Photo Frame", "Mirror"]],
  ["Home", "Storage", ["Storage Box", "Basket", "Trinket Box", "Drawer Knob"]],
  ["Home", "Textiles", ["Cushion Cover", "Blanket", "Apron", "Hot Water Bottle"]],
  ["Home", "Garden", ["Plant Pot", "Watering Can", "Bird House", "Garden Sign"]],
  ["Gifts", "Stationery", ["Notebook", "Greeting Card", "Wrapping Paper", "Sticker Set", "Pencil Case"]],
  ["Gifts", "Seasonal", ["Christmas Bauble", "Advent Calendar", "Easter Garland", "Star Ornament"]],
  ["Kids", "Toys & games", ["Jigsaw Puzzle", "Skittles Set", "Rag Doll", "Spinning Top"]],
  ["Accessories", "Bags", ["Tote Bag", "Shopper", "Purse", "Jumbo Bag"]],
  ["Accessories", "Jewellery", ["Necklace", "Bracelet", "Earrings", "Hair Clip"]],
];
const STYLES = ["Vintage", "Retro", "Rustic", "Scandi", "Regency", "Botanical", "Polka Dot", "Gingham", "Woodland"];
const COLOURS = ["Red", "Pink", "Blue", "Green", "Ivory", "Cream", "Silver", "Gold", "White", "Black", "Grey"];
const MATERIALS = ["ceramic", "glass", "wood", "tin", "cotton", "paper", "enamel", "zinc"];

const pad = (n: number, width: number) => String(n).padStart(width, "0");
export const itemId = (index: number, total: number) => `syn-item-${pad(index + 1, Math.max(6, String(total).length))}`;
export const customerId = (index: number, total: number) =>
  `syn-cust-${pad(index + 1, Math.max(7, String(total).length))}`;

export interface ShopSize {
  items: number;
  customers: number;
  events: number;
  seed: number;
  /** Events fall in the 365 days before this instant (start of today by default). */
  end: Date;
}

const itemRandom = (seed: number, index: number) => mulberry32(seedOf(`${seed}:item:${index}`));

/** The price of item `index`: its random stream's first draw, shared by the item and its events. */
function itemPrice(fit: ShopFit, seed: number, index: number): number {
  return Math.max(0.1, Math.round(fromQuantiles(fit.itemPrice, itemRandom(seed, index)()) * 100) / 100);
}

const naive = (ms: number) => new Date(ms).toISOString().slice(0, 19);

export function* syntheticItems(fit: ShopFit, size: ShopSize): Generator<Record<string, unknown>> {
  const perm = rankPermutation(size.seed, size.items);
  for (let index = 0; index < size.items; index++) {
    const random = itemRandom(size.seed, index);
    random(); // the price draw, see itemPrice
    const price = itemPrice(fit, size.seed, index);
    const [group, category, nouns] = CATALOG[perm.rankOf(index) % CATALOG.length] ?? CATALOG[0]!;
    const noun = pick(random, nouns);
    const style = pick(random, STYLES);
    const colour = pick(random, COLOURS);
    const material = pick(random, MATERIALS);
    const discount = random() < 0.2 ? pick(random, [0.1, 0.2, 0.3]) : 0;
    const id = itemId(index, size.items);
    yield {
      item_id: id,
      item_name: `${style} ${colour} ${noun}`,
      simple_name: noun,
      is_active: random() >= 0.03,
      stock: random() < 0.05 ? 0 : 1 + Math.floor(random() * 500),
      product_url: `https://shop.example.com/p/${id}`,
      product_price: price,
      original_price: discount ? Math.round((price / (1 - discount)) * 100) / 100 : price,
      currency: "GBP",
      main_image: `https://img.example.com/${id}.jpg`,
      date_added: naive(size.end.getTime() - Math.floor(random() * 3 * 365) * DAY),
      attributes: [
        { attribute_name: "attribute_color", attribute_value: colour.toLowerCase() },
        { attribute_name: "attribute_material", attribute_value: material },
      ],
      categories: [
        { category_level: "category_level_0", category_name: group, category_type: "synthetic" },
        { category_level: "category_level_1", category_name: category, category_type: "synthetic" },
      ],
      descriptions: [
        {
          description_language: "en",
          description_value: `Synthetic product: a ${style.toLowerCase()} ${noun.toLowerCase()} in ${colour.toLowerCase()} ${material}.`,
        },
      ],
    };
  }
}

export function* syntheticCustomers(fit: ShopFit, size: ShopSize): Generator<Record<string, unknown>> {
  const countries = fit.countries.length > 0 ? fit.countries : [["United Kingdom", 1] as [string, number]];
  const cdf = new Float64Array(countries.length);
  countries.reduce((sum, [, share], i) => {
    cdf[i] = sum + share;
    return sum + share;
  }, 0);
  for (let index = 0; index < size.customers; index++) {
    const id = customerId(index, size.customers);
    const random = mulberry32(seedOf(`${size.seed}:customer:${index}`));
    const country = countries[searchCdf(cdf, random())]?.[0] ?? "United Kingdom";
    yield {
      customer_id: id,
      ...syntheticPerson(id, country),
      country,
      cookie_ids: [`syn-cookie-${id.slice(9)}`],
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Events

export interface EventPlan {
  meanLinesPerOrder: number;
  orders: number;
  buyers: number;
  mix: typeof EVENT_MIX;
}

/** What `size.events` events amount to: expected orders and buyers. */
export function planEvents(fit: ShopFit, size: ShopSize): EventPlan {
  const cap = (x: number) => Math.min(Math.max(1, Math.round(x)), Math.max(1, size.items));
  const meanLinesPerOrder = meanOfQuantiles(fit.linesPerOrder, cap);
  const orders = Math.ceil((size.events * EVENT_MIX.purchase) / meanLinesPerOrder);
  const meanOrders = meanOfQuantiles(fit.ordersPerCustomer, (x) => Math.max(1, Math.round(x)));
  return {
    meanLinesPerOrder,
    orders,
    buyers: Math.min(size.customers, Math.ceil(orders / meanOrders)),
    mix: EVENT_MIX,
  };
}

function timeSampler(fit: ShopFit, end: Date, random: () => number) {
  const meanDay = 1 / 7;
  const meanHour = 1 / 24;
  const days = new Float64Array(365);
  const start = end.getTime() - 365 * DAY;
  let sum = 0;
  for (let d = 0; d < 365; d++) {
    const date = new Date(start + d * DAY);
    const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    const month = (fit.month[date.getUTCMonth()] ?? 1 / 12) / daysInMonth;
    const weekday = Math.max(fit.weekday[date.getUTCDay()] ?? meanDay, WEEKDAY_FLOOR * meanDay);
    sum += month * weekday;
    days[d] = sum;
  }
  const hours = new Float64Array(24);
  fit.hour.reduce((s, w, h) => {
    hours[h] = s + Math.max(w, HOUR_FLOOR * meanHour);
    return hours[h]!;
  }, 0);
  // Naive local wall-clock milliseconds (read in the TIMEZONE setting by the intake).
  return () => start + searchCdf(days, random()) * DAY + searchCdf(hours, random()) * 3_600_000 + random() * 3_600_000;
}

export function* syntheticEvents(fit: ShopFit, size: ShopSize): Generator<Record<string, unknown>> {
  if (size.events <= 0) return;
  if (size.items < 1 || size.customers < 1) throw new Error("events need at least one item and one customer");
  const random = mulberry32(seedOf(`${size.seed}:events`));
  const plan = planEvents(fit, size);
  const perm = rankPermutation(size.seed, size.items);
  const categories = CATALOG.length;

  const popularity = new Float64Array(size.items);
  for (let r = 0, sum = 0; r < size.items; r++) {
    sum += popularityWeight(fit, r, size.items);
    popularity[r] = sum;
  }
  const prices = new Float64Array(size.items);
  for (let i = 0; i < size.items; i++) prices[i] = itemPrice(fit, size.seed, i);
  const when = timeSampler(fit, size.end, random);
  const favourite = (who: string) => seedOf(`${size.seed}:fav:${who}`) % categories;

  /** An item index: by popularity; with CATEGORY_AFFINITY, moved to the same rank band of the favourite category. */
  const sampleItem = (fav: number) => {
    let rank = searchCdf(popularity, random());
    if (random() < CATEGORY_AFFINITY) {
      const moved = rank - (rank % categories) + fav;
      rank = moved < size.items ? moved : rank;
    }
    return perm.indexOf(rank);
  };

  // Buyers and how often each buys (orders per customer of the data), in a shuffled order list.
  const buyerPerm = rankPermutation(size.seed + 1, size.customers);
  const slots: number[] = [];
  for (let j = 0; slots.length < plan.orders; j++) {
    const customer = buyerPerm.indexOf(j % size.customers);
    const orders = Math.max(1, Math.round(fromQuantiles(fit.ordersPerCustomer, random())));
    for (let k = 0; k < orders; k++) slots.push(customer);
  }
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }

  let produced = 0;
  let purchases = 0;
  let orderSeq = 0;
  const guestPool = Math.max(100, Math.ceil(size.customers / 4));
  const idWidth = Math.max(9, String(size.events).length);
  const event = (type: string, who: Record<string, string>, item: number, ms: number, extra = {}) => ({
    event_id: `syn-ev-${pad(produced + 1, idWidth)}`,
    event_type: type,
    ...who,
    item_id: itemId(item, size.items),
    timestamp: naive(ms),
    ...extra,
  });

  while (produced < size.events) {
    const session: [string, Record<string, string>, number, number, object?][] = [];
    if (purchases < produced * EVENT_MIX.purchase || produced === 0) {
      // An order: each line viewed, put in the cart, bought at the order's time.
      const slot = slots[orderSeq] ?? slots[Math.floor(random() * slots.length)] ?? 0;
      const cust = customerId(slot, size.customers);
      const who = { customer_id: cust };
      const fav = favourite(cust);
      orderSeq += 1;
      const orderId = `syn-order-${pad(orderSeq, 8)}`;
      const lines = Math.min(size.items, Math.max(1, Math.round(fromQuantiles(fit.linesPerOrder, random()))));
      const chosen = new Set<number>();
      for (let tries = 0; chosen.size < lines && tries < lines * 20; tries++) chosen.add(sampleItem(fav));
      const at = when();
      for (const item of chosen) {
        const cartAt = at - (60 + random() * 2700) * 1000;
        const quantity = Math.max(1, Math.round(fromQuantiles(fit.unitsPerLine, random())));
        const price = prices[item] ?? 0;
        session.push(["view", who, item, cartAt - (30 + random() * 1200) * 1000]);
        session.push(["add_to_cart", who, item, cartAt, { quantity, price }]);
        session.push(["purchase", who, item, at, { quantity, price, order_id: orderId }]);
      }
    } else {
      // Browsing: views (a guest's by cookie), some put in the cart and left there.
      const guest = random() < fit.guestShare;
      const slot = random() < 0.5 ? slots[Math.floor(random() * slots.length)] : undefined;
      const cust = customerId(slot ?? Math.floor(random() * size.customers), size.customers);
      const who: Record<string, string> = guest
        ? { cookie_id: `syn-anon-${pad(Math.floor(random() * guestPool), 7)}` }
        : { customer_id: cust };
      const fav = favourite(who.cookie_id ?? cust);
      // Abandoned carts per browse view, so that carts total CARTS_PER_PURCHASE per purchase.
      const cartRate = (CARTS_PER_PURCHASE - 1) / (VIEWS_PER_CART * CARTS_PER_PURCHASE - 1);
      const views = 1 + Math.floor(Math.log(1 - random()) / Math.log(1 - 1 / BROWSE_VIEWS_MEAN));
      let at = when();
      for (let v = 0; v < views; v++) {
        const item = sampleItem(fav);
        session.push(["view", who, item, at]);
        if (random() < cartRate) session.push(["add_to_cart", who, item, at + 20_000, { price: prices[item] ?? 0 }]);
        at += (10 + random() * 110) * 1000;
      }
    }
    for (const [type, who, item, ms, extra] of session) {
      if (produced >= size.events) return;
      yield event(type, who, item, ms, extra);
      produced += 1;
      if (type === "purchase") purchases += 1;
    }
  }
}

/** The measurement of online_retail_2010_2011.csv.gz (npm run gen -- --json), for machines without it. */
export const BUILT_IN_FIT: ShopFit = {
  source: "built-in (Online Retail 2010-2011, measured 2026-11)",
  lines: 530104,
  items: 3812,
  orders: 19960,
  customers: 4338,
  guestShare: 0.2494,
  popularity: [
    [0.000131165, 1],
    [0.000393494, 0.9057],
    [0.000655824, 0.8649],
    [0.000918153, 0.7316],
    [0.00118048, 0.684],
    [0.00170514, 0.6115],
    [0.00196747, 0.5999],
    [0.00249213, 0.5695],
    [0.00327912, 0.5356],
    [0.00406611, 0.5146],
    [0.0048531, 0.5056],
    [0.00616474, 0.4828],
    [0.00747639, 0.4726],
    [0.0093127, 0.4464],
    [0.0116737, 0.4061],
    [0.0145593, 0.3812],
    [0.0179696, 0.3576],
    [0.0221668, 0.316],
    [0.0274134, 0.2946],
    [0.0337093, 0.2642],
    [0.0418416, 0.2371],
    [0.0518101, 0.2136],
    [0.0638772, 0.1943],
    [0.07883, 0.1741],
    [0.0974554, 0.1552],
    [0.12054, 0.1355],
    [0.149134, 0.1149],
    [0.184024, 0.0982],
    [0.227571, 0.08319],
    [0.281086, 0.0669],
    [0.347193, 0.05317],
    [0.42904, 0.03902],
    [0.530299, 0.02616],
    [0.654906, 0.01415],
    [0.809418, 0.004717],
    [0.999869, 0.0004288],
  ],
  zipfExponent: 0.665,
  linesPerOrder: [1, 1, 2, 3, 5, 6, 8, 10, 11, 13, 15, 17, 19, 22, 25, 29, 34, 42, 54, 79, 219, 343, 593],
  ordersPerCustomer: [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 5, 6, 7, 9, 13, 30, 41, 91],
  unitsPerLine: [1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 6, 6, 8, 10, 12, 12, 24, 30, 100, 160, 448],
  itemPrice: [
    0.001, 0.39, 0.42, 0.79, 0.85, 1.06, 1.25, 1.25, 1.65, 1.69, 2.08, 2.46, 2.55, 2.95, 3.73, 4.13, 4.95, 5.95, 7.95,
    9.95, 24.95, 39.95, 165,
  ],
  month: [0.06793, 0.05367, 0.0709, 0.05762, 0.07161, 0.07124, 0.07653, 0.06828, 0.09755, 0.1174, 0.1651, 0.08214],
  weekday: [0.1206, 0.1757, 0.1876, 0.1741, 0.1905, 0.1514, 0],
  hour: [
    0, 0, 0, 0, 0, 0, 1.886e-6, 0.000715, 0.0166, 0.06357, 0.09021, 0.1059, 0.1455, 0.1339, 0.1244, 0.1438, 0.1007,
    0.052, 0.01454, 0.006631, 0.001513, 0, 0, 0,
  ],
  countries: [
    ["United Kingdom", 0.9439],
    ["Germany", 0.02263],
    ["France", 0.02095],
    ["Spain", 0.006742],
    ["Belgium", 0.005779],
  ],
};
