/**
 * Quality of the learned kinds on held-out purchases (npm run eval:recs): the UCI Online Retail
 * events before 2011-09-01 train every model; each customer's purchases from then on test it.
 * The learned kinds are served through the code a content request runs (lib/recommend/fill-slots.ts
 * and the kind's serving in learned-kinds.ts: the request's ask, the cut to 50 picks, the rule's
 * filter inside the ranking, the exclusions, the rule's fallback list for slots it cannot fill),
 * with the models passed in instead of read from the database.
 * - Customers are split in two by a hash of their id: serving parameters (the community
 *   sharpening) are tuned on the validation half; every figure reported is on the test half.
 * - Per customer, new items only (bought in test, never before): Recall@10, NDCG@10 and catalog
 *   coverage of every personalised kind, against popularity (top 10 by distinct buyers of the 30
 *   days before the split) and a plain item-kNN (cosine over the customer x item purchase matrix,
 *   all neighbours, scores summed over the customer's items), both computed here, with paired
 *   bootstrap 95% intervals of the difference. The rules say exclude_purchased_days 3650 (the task
 *   is new items); baselines leave out everything bought before too. The rule's fallback (served
 *   as is) is popularity, as the calculated list of an unfiltered learned rule is.
 * - A filtered rule (item_name contains "bag"): ai-community-based within the filter against
 *   popularity within it, on the test customers who bought a new item inside it.
 * - Per product: one item of a test order given, Recall@10 of the order's other items, for the
 *   similar/related kinds against popularity (their own task; their per-customer rows, with the
 *   customer's recent items as anchors, are for information).
 * - Repurchases: items a customer bought before and again in test; time-based against "most
 *   recently bought first".
 * - ai-attribute-based-leaflet: a leaflet of the 300 best sellers before the split, ranked per
 *   customer, against the leaflet's own order.
 */
import { readRetailShop } from "@/lib/data/demo/read-online-retail";
import { mulberry32, seedOf } from "@/lib/data/prng";
import { InteractionsBuilder } from "@/lib/recommend/engine/interactions";
import { itemFacts } from "@/lib/recommend/engine/item-facts";
import { buildModels, COMMUNITY_SHARPEN, type Models } from "@/lib/recommend/engine/models";
import { type LearnedKind, recommend, servingParameters } from "@/lib/recommend/engine/recommend";
import { fillSlots } from "@/lib/recommend/fill-slots";
import type { Identity } from "@/lib/recommend/identity";
import type { LoadedModels } from "@/lib/recommend/model-store";
import { ruleContext } from "@/lib/recommend/rule-context";
import type { TRuleValue } from "@/lib/recommend/rule-schemas";

export const SPLIT = Date.UTC(2011, 8, 1);
const K = 10;

export const PER_CUSTOMER: LearnedKind[] = [
  "ai-community-based",
  "ai-community-based-interactions",
  "history-based",
  "history-based-interactions",
  "ai-next-gen",
  "ai-description-based",
  "time-based",
  "time-based-interactions",
  "related-products",
  "related-products-ai",
  "similar-products",
  "similar-products-ai",
];
export const PER_PRODUCT: LearnedKind[] = [
  "related-products",
  "related-products-ai",
  "similar-products",
  "similar-products-ai",
];

export interface Row {
  method: string;
  recall: number;
  ndcg?: number;
  coverage?: number;
  users: number;
}

function ndcg(ranked: number[], relevant: Set<number>): number {
  let dcg = 0;
  ranked.slice(0, K).forEach((i, r) => {
    if (relevant.has(i)) dcg += 1 / Math.log2(r + 2);
  });
  let ideal = 0;
  for (let r = 0; r < Math.min(K, relevant.size); r++) ideal += 1 / Math.log2(r + 2);
  return ideal ? dcg / ideal : 0;
}

function recall(ranked: number[], relevant: Set<number>): number {
  let hits = 0;
  for (const i of ranked.slice(0, K)) if (relevant.has(i)) hits++;
  return relevant.size ? hits / relevant.size : 0;
}

class Scores {
  private r = 0;
  private n = 0;
  private g = 0;
  private readonly shown = new Set<number>();
  /** Each user's recall, in the order added (for paired intervals). */
  readonly recalls: number[] = [];
  add(ranked: number[], relevant: Set<number>): void {
    const r = recall(ranked, relevant);
    this.recalls.push(r);
    this.r += r;
    this.g += ndcg(ranked, relevant);
    this.n++;
    for (const i of ranked.slice(0, K)) this.shown.add(i);
  }
  row(method: string, nItems: number, withNdcg = true): Row {
    return {
      method,
      recall: round(this.r / Math.max(1, this.n)),
      ...(withNdcg ? { ndcg: round(this.g / Math.max(1, this.n)), coverage: round(this.shown.size / nItems) } : {}),
      users: this.n,
    };
  }
}

const round = (x: number) => Math.round(x * 10000) / 10000;

/** The first K of `ranked` not in `skip`, topped up from `fill`. */
function topUp(ranked: number[], fill: number[], skip: Set<number>): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  for (const i of [...ranked, ...fill]) {
    if (out.length === K) break;
    if (skip.has(i) || seen.has(i)) continue;
    seen.add(i);
    out.push(i);
  }
  return out;
}

/** item-kNN reference: cosine between items' buyer sets, every neighbour. */
function itemKnn(nItems: number, buyers: Map<number, Set<number>>) {
  const count = new Float64Array(nItems);
  const co = new Float32Array(nItems * nItems);
  for (const items of buyers.values()) {
    const list = [...items];
    for (const i of list) {
      count[i]!++;
      for (const j of list) if (i !== j) co[i * nItems + j]!++;
    }
  }
  return (history: Set<number>): number[] => {
    const score = new Float64Array(nItems);
    for (const i of history) {
      for (let j = 0; j < nItems; j++) {
        const c = co[i * nItems + j]!;
        if (c) score[j]! += c / Math.sqrt(count[i]! * count[j]!);
      }
    }
    return Array.from({ length: nItems }, (_, j) => j)
      .filter((j) => score[j]! > 0 && !history.has(j))
      .sort((a, b) => score[b]! - score[a]! || a - b)
      .slice(0, K * 3);
  };
}

/** Paired bootstrap of mean(a - b) over the same users: the difference and its 95% interval. */
export interface Paired {
  method: string;
  against: string;
  diff: number;
  low: number;
  high: number;
}
function pairedBootstrap(method: string, against: string, a: number[], b: number[], rounds = 2000): Paired {
  const d = a.map((x, i) => x - b[i]!);
  const n = d.length;
  const random = mulberry32(seedOf(`${method}|${against}`));
  const means: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let sum = 0;
    for (let k = 0; k < n; k++) sum += d[Math.floor(random() * n)]!;
    means.push(sum / Math.max(1, n));
  }
  means.sort((x, y) => x - y);
  const mean = d.reduce((x, y) => x + y, 0) / Math.max(1, n);
  return {
    method,
    against,
    diff: round(mean),
    low: round(means[Math.floor(0.025 * rounds)]!),
    high: round(means[Math.floor(0.975 * rounds)]!),
  };
}

/** Sharpening powers tried on the validation customers. */
const SHARPEN_GRID = [1, 1.5, 2, 2.5, 3, 4];
/** The rules of the per-customer task leave out everything the customer bought (new items). */
const NEW_ITEMS: TRuleValue[] = [{ column_name: "exclude_purchased_days", comparator: "=", value: 3650 }];
const BAGS: TRuleValue[] = [...NEW_ITEMS, { column_name: "item_name", comparator: "contains", value: "bag" }];

export interface EvalReport {
  data: {
    events_train: number;
    customers_tested: number;
    items: number;
    product_queries: number;
    repurchase_customers: number;
  };
  tuning: { parameter: string; value: number; validation_recall: number; validation_customers: number }[];
  chosen: { community_sharpen: number; default: number };
  per_customer: Row[];
  intervals: Paired[];
  filtered: Row[];
  per_product: Row[];
  repurchase: Row[];
  leaflet: Row[];
  build: Models["stats"];
  targets: Record<string, boolean>;
}

export async function evaluateRecs(file: string, log: (line: string) => void = () => {}): Promise<EvalReport> {
  const shop = await readRetailShop(file, new Date(0));
  const builder = new InteractionsBuilder();
  const facts = shop.items.map((item) => {
    builder.itemIndex(String(item.item_id));
    return itemFacts(item as Parameters<typeof itemFacts>[0]);
  });
  const itemNo = (id: string) => builder.itemIndex(id);
  const trainBuyers = new Map<string, Set<number>>();
  const testBuyers = new Map<string, Set<number>>();
  const testOrders = new Map<string, Set<number>>();
  const recentBuyers = new Map<number, Set<string>>();
  let trainEvents = 0;
  for (const p of shop.purchases) {
    const ms = p.date.getTime();
    const visitor = p.customerId || `cookie:guest-${p.invoice}`;
    const i = itemNo(p.stockCode);
    if (ms < SPLIT) {
      builder.add({ visitor, itemId: p.stockCode, kind: "purchase", ms, orderId: p.invoice });
      trainEvents++;
      if (p.customerId) {
        const set = trainBuyers.get(p.customerId) ?? new Set();
        set.add(i);
        trainBuyers.set(p.customerId, set);
      }
      if (ms >= SPLIT - 30 * 86_400_000) {
        const b = recentBuyers.get(i) ?? new Set();
        b.add(visitor);
        recentBuyers.set(i, b);
      }
    } else {
      const order = testOrders.get(p.invoice) ?? new Set();
      order.add(i);
      testOrders.set(p.invoice, order);
      if (p.customerId) {
        const set = testBuyers.get(p.customerId) ?? new Set();
        set.add(i);
        testBuyers.set(p.customerId, set);
      }
    }
  }
  const data = builder.finish();
  log(`train: ${data.item.length} events, ${data.users.length} visitors, ${data.itemIds.length} items`);
  const models = await buildModels(data, facts, { now: SPLIT, progress: (step) => log(`building ${step}`) });
  const nItems = data.itemIds.length;
  const userNo = new Map(data.users.map((u, n) => [u, n]));
  const popular = [...recentBuyers.entries()].sort((a, b) => b[1].size - a[1].size || a[0] - b[0]).map(([i]) => i);
  const knn = itemKnn(nItems, new Map([...trainBuyers.entries()].map(([c, s]) => [Number(c), s])));

  // Served through fill-slots, as a content request is (the models passed in).
  const itemNos = new Map(data.itemIds.map((id, n) => [id, n]));
  const loaded: LoadedModels = { modelId: "eval", models, userNo, itemNo: itemNos };
  const popularIds = popular.map((i) => data.itemIds[i]!);
  const now = new Date(SPLIT);
  const positions = Array.from({ length: K }, (_, k) => k);
  const served = (kind: LearnedKind, identity: Identity, values: TRuleValue[], allowed = popularIds): number[] =>
    fillSlots({
      slots: K,
      rules: [{ rule_type: kind, positions, values }],
      candidates: new Map([[0, allowed]]),
      fallback: popularIds,
      isEligible: () => true,
      context: ruleContext({ identity, now }),
      models: loaded,
    }).map((f) => itemNos.get(f.item_id)!);
  const customer = (id: string): Identity => ({ identity_type: "customer_id", identity_value: id, customer_id: id });
  const isValidation = (id: string) => seedOf(`eval-split|${id}`) % 2 === 0;

  // Who is tested: customers with a history before the split and new items after it.
  const cases: { id: string; before: Set<number>; fresh: Set<number> }[] = [];
  for (const [id, bought] of testBuyers) {
    const before = trainBuyers.get(id);
    if (!before || !userNo.has(id)) continue;
    const fresh = new Set([...bought].filter((i) => !before.has(i)));
    if (fresh.size > 0) cases.push({ id, before, fresh });
  }
  const validation = cases.filter((c) => isValidation(c.id));
  const test = cases.filter((c) => !isValidation(c.id));

  // Tuning on the validation customers only.
  const tuning: EvalReport["tuning"] = [];
  let best = { value: COMMUNITY_SHARPEN, recall: -1 };
  for (const value of SHARPEN_GRID) {
    servingParameters.communitySharpen = value;
    const s = new Scores();
    for (const c of validation) s.add(served("ai-community-based", customer(c.id), NEW_ITEMS), c.fresh);
    const r = s.row("", nItems).recall;
    tuning.push({
      parameter: "community sharpen",
      value,
      validation_recall: r,
      validation_customers: validation.length,
    });
    log(`validation: sharpen ${value}: Recall@10 ${r}`);
    if (r > best.recall) best = { value, recall: r };
  }
  servingParameters.communitySharpen = best.value;

  // Per customer, new items, on the test customers.
  const scores = new Map<string, Scores>();
  const score = (name: string) => {
    let s = scores.get(name);
    if (!s) {
      s = new Scores();
      scores.set(name, s);
    }
    return s;
  };
  const KNN = "item-kNN (cosine, all neighbours)";
  for (const c of test) {
    score("popularity").add(topUp([], popular, c.before), c.fresh);
    score(KNN).add(topUp(knn(c.before), popular, c.before), c.fresh);
    for (const kind of PER_CUSTOMER) score(kind).add(served(kind, customer(c.id), NEW_ITEMS), c.fresh);
  }
  const tested = test.length;
  const perCustomer = [...scores].map(([name, s]) => s.row(name, nItems));
  const intervals: Paired[] = [];
  for (const kind of PER_CUSTOMER.filter((k) => !PER_PRODUCT.includes(k))) {
    for (const against of ["popularity", KNN]) {
      intervals.push(pairedBootstrap(kind, against, score(kind).recalls, score(against).recalls));
    }
  }
  log(`per customer: ${validation.length} validation, ${tested} test customers; sharpen ${best.value}`);

  // A filtered rule: items named "... bag ...", on test customers who bought a new one.
  const isBag = (i: number) => /\bbags?\b/i.test(facts[i]?.name ?? "");
  const bagIds = popularIds.filter((_, k) => isBag(popular[k]!));
  const allBags = [...bagIds, ...data.itemIds.filter((id, n) => isBag(n) && !bagIds.includes(id))];
  const bagPopular = allBags.map((id) => itemNos.get(id)!);
  const filteredScores = new Map<string, Scores>([
    ["popularity within the filter", new Scores()],
    ["ai-community-based, filtered", new Scores()],
  ]);
  for (const c of test) {
    const fresh = new Set([...c.fresh].filter(isBag));
    if (fresh.size === 0) continue;
    filteredScores.get("popularity within the filter")!.add(topUp([], bagPopular, c.before), fresh);
    filteredScores
      .get("ai-community-based, filtered")!
      .add(served("ai-community-based", customer(c.id), BAGS, allBags), fresh);
  }
  const filtered = [...filteredScores].map(([n, s]) => s.row(n, nItems));

  // Per product: one item of a test order given, the order's other items to find.
  const product = new Map<string, Scores>();
  let queries = 0;
  const orders = [...testOrders.values()].filter((o) => o.size >= 2);
  const step = Math.max(1, Math.floor(orders.length / 3000));
  for (let o = 0; o < orders.length; o += step) {
    const items = [...orders[o]!];
    const given = items[o % items.length]!;
    const others = new Set(items.filter((i) => i !== given));
    queries++;
    const skip = new Set([given]);
    const s = product.get("popularity") ?? new Scores();
    product.set("popularity", s);
    s.add(topUp([], popular, skip), others);
    const productId = data.itemIds[given]!;
    const identity: Identity = { identity_type: "product_id", identity_value: productId, item_id: productId };
    for (const kind of PER_PRODUCT) {
      const ks = product.get(kind) ?? new Scores();
      product.set(kind, ks);
      ks.add(served(kind, identity, []), others);
    }
  }
  const perProduct = [...product].map(([name, s]) => s.row(name, nItems, false));

  // Repurchases: items bought before and again in test.
  const repurchase = new Map<string, Scores>();
  let repurchasers = 0;
  const h = models.histories;
  for (const [customer, bought] of testBuyers) {
    const before = trainBuyers.get(customer);
    const u = userNo.get(customer);
    if (!before || u === undefined) continue;
    const again = new Set([...bought].filter((i) => before.has(i)));
    if (again.size === 0) continue;
    repurchasers++;
    const history: { i: number; last: number }[] = [];
    for (let p = h.start[u]!; p < h.start[u + 1]!; p++) history.push({ i: h.item[p]!, last: h.lastPurchase[p]! });
    const byRecency = history.sort((a, b) => b.last - a.last || a.i - b.i).map((x) => x.i);
    const owned = new Set(byRecency);
    const timeRanked = recommend(models, { kind: "time-based", user: u, nowMs: SPLIT, excludeDays: 0, limit: 200 })
      .map((p) => p.item)
      .filter((i) => owned.has(i));
    for (const [name, ranked] of [
      ["most recently bought first", byRecency],
      ["time-based", topUp(timeRanked, byRecency, new Set())],
    ] as const) {
      const s = repurchase.get(name) ?? new Scores();
      repurchase.set(name, s);
      s.add(ranked, again);
    }
  }

  // The leaflet: the 300 best sellers before the split, per customer.
  const leafletItems = popular.slice(0, 300);
  const leaflet = new Map<string, Scores>();
  for (const [customer, bought] of testBuyers) {
    const before = trainBuyers.get(customer);
    const u = userNo.get(customer);
    if (!before || u === undefined) continue;
    const fresh = new Set([...bought].filter((i) => !before.has(i) && leafletItems.includes(i)));
    if (fresh.size === 0) continue;
    const picks = recommend(models, {
      kind: "ai-attribute-based-leaflet",
      user: u,
      nowMs: SPLIT,
      excludeDays: Number.POSITIVE_INFINITY,
      limit: K * 2,
      leaflet: leafletItems,
    });
    for (const [name, ranked] of [
      ["leaflet order (popularity)", topUp([], leafletItems, before)],
      [
        "ai-attribute-based-leaflet",
        topUp(
          picks.map((p) => p.item),
          leafletItems,
          before,
        ),
      ],
    ] as const) {
      const s = leaflet.get(name) ?? new Scores();
      leaflet.set(name, s);
      s.add(ranked, fresh);
    }
  }

  const get = (rows: Row[], m: string) => rows.find((r) => r.method === m)?.recall ?? 0;
  const popularityRecall = get(perCustomer, "popularity");
  const versusKnn = intervals.find((x) => x.method === "ai-community-based" && x.against === KNN)!;
  const targets: Record<string, boolean> = {
    "ai-community-based > item-kNN (interval above zero)": versusKnn.low > 0,
    "ai-community-based >= 2x popularity": get(perCustomer, "ai-community-based") >= 2 * popularityRecall,
    "related-products > popularity per product": get(perProduct, "related-products") > get(perProduct, "popularity"),
    "time-based > most recent first (repurchases)":
      get(
        [...repurchase].map(([n, s]) => s.row(n, nItems)),
        "time-based",
      ) >
      get(
        [...repurchase].map(([n, s]) => s.row(n, nItems)),
        "most recently bought first",
      ),
  };
  // A similar/related kind's own task is per product; its per-customer row is for information.
  for (const kind of PER_CUSTOMER.filter((k) => !PER_PRODUCT.includes(k))) {
    targets[`${kind} > popularity per customer`] = get(perCustomer, kind) > popularityRecall;
  }
  for (const kind of PER_PRODUCT)
    targets[`${kind} > popularity per product`] = get(perProduct, kind) > get(perProduct, "popularity");
  const leafletRows = [...leaflet].map(([n, s]) => s.row(n, nItems));
  targets["ai-attribute-based-leaflet > leaflet order"] =
    get(leafletRows, "ai-attribute-based-leaflet") > get(leafletRows, "leaflet order (popularity)");
  return {
    data: {
      events_train: trainEvents,
      customers_tested: tested,
      items: nItems,
      product_queries: queries,
      repurchase_customers: repurchasers,
    },
    tuning,
    chosen: { community_sharpen: best.value, default: COMMUNITY_SHARPEN },
    per_customer: perCustomer,
    intervals,
    filtered,
    per_product: perProduct,
    repurchase: [...repurchase].map(([n, s]) => s.row(n, nItems)),
    leaflet: leafletRows,
    build: models.stats,
    targets,
  };
}
