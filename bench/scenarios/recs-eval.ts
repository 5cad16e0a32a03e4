/**
 * Quality of the learned kinds on held-out purchases (npm run eval:recs), in time: the UCI Online
 * Retail events before 2011-07-01 train the models the choices are tuned with, on the purchases of
 * the validation window [2011-07-01, 2011-09-01); then the events before 2011-09-01 train every
 * model again (with the choice), and each customer's purchases from 2011-09-01 on test it.
 * The learned kinds are served through the code a content request runs (lib/recommend/fill-slots.ts
 * and the kind's serving in learned-kinds.ts: the request's ask, the cut to 50 picks, the rule's
 * filter inside the ranking, the exclusions, the rule's fallback list for slots it cannot fill),
 * with the models passed in instead of read from the database.
 * - Tuning: the community model's build and serving choices (neighbours kept, popularity penalty
 *   on the neighbour, IDF-like anchor penalty, shrinkage, bulk-buyer weights, row normalisation,
 *   sharpening, anchor half-life) by coordinate ascent from the served defaults, on the validation
 *   window's customers only (Recall@10 of new items). No test purchase is read for any choice;
 *   every customer with a history before the test window and new items in it is tested.
 * - Per customer, new items only (bought in test, never before): Recall@10, NDCG@10 and catalog
 *   coverage of every personalised kind, against popularity (top 10 by distinct buyers of the 30
 *   days before the split) and a plain item-kNN (cosine over the customer x item purchase matrix,
 *   all neighbours, scores summed over the customer's items), both computed here, with paired
 *   bootstrap 95% intervals of the difference. The rules say exclude_purchased_days 3650 (the task
 *   is new items); baselines leave out everything bought before too. The rule's fallback (served
 *   as is) is popularity, as the calculated list of an unfiltered learned rule is.
 * - Filtered rules (item_name contains "bag", "christmas"): ai-community-based within the filter
 *   against popularity within it (the lift), on the test customers who bought a new item inside it.
 * - Per interaction kind: the -interactions kinds against their purchase twins on the same training
 *   with the demo's synthetic views added (labelled synthetic), on the same test customers.
 * - Per product: one item of a test order given, Recall@10 of the order's other items, for the
 *   similar/related kinds against popularity (their own task; their per-customer rows, with the
 *   customer's recent items as anchors, are for information).
 * - Repurchases: items a customer bought before and again in test; time-based against "most
 *   recently bought first".
 * - ai-attribute-based-leaflet: a leaflet of the 300 best sellers before the split, ranked per
 *   customer, against the leaflet's own order.
 */
import { syntheticEvents } from "@/lib/data/demo/demo-extras";
import { type RetailShop, readRetailShop } from "@/lib/data/demo/read-online-retail";
import { mulberry32, seedOf } from "@/lib/data/prng";
import { InteractionsBuilder, PURCHASES } from "@/lib/recommend/engine/interactions";
import { itemFacts } from "@/lib/recommend/engine/item-facts";
import { COMMUNITY_HALF_LIFE_DAYS, communityServing } from "@/lib/recommend/engine/kinds/community";
import {
  buildModels,
  COMMUNITY_BUILD,
  COMMUNITY_SHARPEN,
  type CommunityBuild,
  communityNeighbours,
  type Models,
} from "@/lib/recommend/engine/models";
import type { Neighbours } from "@/lib/recommend/engine/neighbours";
import { type LearnedKind, recommend, servingParameters } from "@/lib/recommend/engine/recommend";
import { fillSlots } from "@/lib/recommend/fill-slots";
import type { Identity } from "@/lib/recommend/identity";
import type { LoadedModels } from "@/lib/recommend/model-store";
import { ruleContext } from "@/lib/recommend/rule-context";
import type { TRuleValue } from "@/lib/recommend/rule-schemas";

/** The validation window is [VALIDATION_FROM, SPLIT); the test window starts at SPLIT. */
export const VALIDATION_FROM = Date.UTC(2011, 6, 1);
export const SPLIT = Date.UTC(2011, 8, 1);
const K = 10;
const KNN = "item-kNN (cosine, all neighbours)";

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

/** The community model's choices tried on the validation window (coordinate ascent, two passes). */
export type CommunityVariant = CommunityBuild & { sharpen: number; halfLifeDays: number };
const GRID: { [P in keyof CommunityVariant]: CommunityVariant[P][] } = {
  sharpen: [1, 1.5, 2, 2.5, 3, 4],
  beta: [-0.2, -0.1, 0, 0.1, 0.2, 0.3],
  gamma: [0, 0.1, 0.25, 0.5],
  shrink: [0, 2, 5, 10, 20],
  k: [50, 100, 200, 400],
  halfLifeDays: [0, 30, 60, 120, 240],
  rowNorm: [false, true],
  bulkWeight: [true, false],
  trend: [0, 0.1, 0.2, 0.3, 0.5],
};
const PASSES = 2;
export const SERVED_VARIANT: CommunityVariant = {
  ...COMMUNITY_BUILD,
  sharpen: COMMUNITY_SHARPEN,
  halfLifeDays: COMMUNITY_HALF_LIFE_DAYS,
};
const buildPart = ({ sharpen: _s, halfLifeDays: _h, ...build }: CommunityVariant): CommunityBuild => build;
const variantText = (v: CommunityVariant) =>
  Object.entries(v)
    .map(([k, x]) => `${k} ${x}`)
    .join(", ");
const sameVariant = (a: CommunityVariant, b: CommunityVariant) =>
  (Object.keys(GRID) as (keyof CommunityVariant)[]).every((k) => a[k] === b[k]);

/** The rules of the per-customer task leave out everything the customer bought (new items). */
const NEW_ITEMS: TRuleValue[] = [{ column_name: "exclude_purchased_days", comparator: "=", value: 3650 }];
/** Filtered rules: item_name contains the word (items whose name has it as a word). */
const FILTERS = [
  { word: "bag", test: /\bbags?\b/i },
  { word: "christmas", test: /\bchristmas\b/i },
];
/** Each purchase kind and its -interactions twin, compared on data with views. */
const INTERACTION_KINDS: [LearnedKind, LearnedKind][] = [
  ["ai-community-based", "ai-community-based-interactions"],
  ["history-based", "history-based-interactions"],
  ["time-based", "time-based-interactions"],
];

export interface EvalReport {
  data: {
    validation_from: string;
    test_from: string;
    events_train_validation: number;
    events_train: number;
    validation_customers: number;
    customers_tested: number;
    items: number;
    product_queries: number;
    repurchase_customers: number;
  };
  tuning: { variant: string; changed: string; validation_recall: number }[];
  validation: Row[];
  validation_intervals: Paired[];
  chosen: { validation: CommunityVariant; serving_default: CommunityVariant };
  per_customer: Row[];
  intervals: Paired[];
  filtered: (Row & { lift?: number })[];
  filtered_intervals: Paired[];
  per_interaction_kind: { synthetic_views: number; rows: Row[]; intervals: Paired[] };
  per_product: Row[];
  repurchase: Row[];
  leaflet: Row[];
  build: Models["stats"];
  targets: Record<string, boolean>;
}

/** Each customer's items bought in [from, to). */
function boughtIn(purchases: RetailShop["purchases"], itemNo: (id: string) => number, from: number, to: number) {
  const out = new Map<string, Set<number>>();
  for (const p of purchases) {
    const ms = p.date.getTime();
    if (!p.customerId || ms < from || ms >= to) continue;
    const set = out.get(p.customerId) ?? new Set();
    set.add(itemNo(p.stockCode));
    out.set(p.customerId, set);
  }
  return out;
}

/** Items by distinct buyers (guests by order) in the 30 days before `at`, best first. */
function popularBefore(purchases: RetailShop["purchases"], itemNo: (id: string) => number, at: number): number[] {
  const buyers = new Map<number, Set<string>>();
  for (const p of purchases) {
    const ms = p.date.getTime();
    if (ms >= at || ms < at - 30 * 86_400_000) continue;
    const i = itemNo(p.stockCode);
    const b = buyers.get(i) ?? new Set();
    b.add(p.customerId || `cookie:guest-${p.invoice}`);
    buyers.set(i, b);
  }
  return [...buyers.entries()].sort((a, b) => b[1].size - a[1].size || a[0] - b[0]).map(([i]) => i);
}

interface Case {
  id: string;
  before: Set<number>;
  fresh: Set<number>;
}
/** Customers with a history before `at` (known to the models) and new items in `after`. */
function casesOf(
  before: Map<string, Set<number>>,
  after: Map<string, Set<number>>,
  known: Map<string, number>,
): Case[] {
  const out: Case[] = [];
  for (const [id, bought] of after) {
    const had = before.get(id);
    if (!had || !known.has(id)) continue;
    const fresh = new Set([...bought].filter((i) => !had.has(i)));
    if (fresh.size > 0) out.push({ id, before: had, fresh });
  }
  return out;
}

const customer = (id: string): Identity => ({ identity_type: "customer_id", identity_value: id, customer_id: id });

/** Serving through fill-slots, as a content request is (the models passed in). */
function server(models: Models, nowMs: number, popular: number[]) {
  const userNo = new Map(models.users.map((u, n) => [u, n]));
  const itemNos = new Map(models.itemIds.map((id, n) => [id, n]));
  const loaded: LoadedModels = { modelId: "eval", models, userNo, itemNo: itemNos };
  const popularIds = popular.map((i) => models.itemIds[i]!);
  const now = new Date(nowMs);
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
  return { served, userNo, itemNos, popularIds };
}

export async function evaluateRecs(file: string, log: (line: string) => void = () => {}): Promise<EvalReport> {
  const shop = await readRetailShop(file, new Date(0));
  // Two trainings with the same item numbers: before the validation window, and before the test one.
  const early = new InteractionsBuilder();
  const builder = new InteractionsBuilder();
  const facts = shop.items.map((item) => {
    early.itemIndex(String(item.item_id));
    builder.itemIndex(String(item.item_id));
    return itemFacts(item as Parameters<typeof itemFacts>[0]);
  });
  const itemNo = (id: string) => {
    const n = builder.itemIndex(id);
    if (early.itemIndex(id) !== n) throw new Error("item numbers differ between the trainings");
    return n;
  };
  const testOrders = new Map<string, Set<number>>();
  let trainEvents = 0;
  let earlyEvents = 0;
  for (const p of shop.purchases) {
    const ms = p.date.getTime();
    const visitor = p.customerId || `cookie:guest-${p.invoice}`;
    const i = itemNo(p.stockCode);
    const event = { visitor, itemId: p.stockCode, kind: "purchase" as const, ms, orderId: p.invoice };
    if (ms < VALIDATION_FROM) {
      early.add(event);
      earlyEvents++;
    }
    if (ms < SPLIT) {
      builder.add(event);
      trainEvents++;
    } else {
      const order = testOrders.get(p.invoice) ?? new Set();
      order.add(i);
      testOrders.set(p.invoice, order);
    }
  }
  const never = Number.POSITIVE_INFINITY;
  const earlyBuyers = boughtIn(shop.purchases, itemNo, 0, VALIDATION_FROM);
  const validationBuyers = boughtIn(shop.purchases, itemNo, VALIDATION_FROM, SPLIT);
  const trainBuyers = boughtIn(shop.purchases, itemNo, 0, SPLIT);
  const testBuyers = boughtIn(shop.purchases, itemNo, SPLIT, never);

  // Validation: models trained before the window, tuned on its purchases.
  const earlyData = early.finish();
  const nItems = earlyData.itemIds.length;
  log(`validation training: ${earlyData.item.length} events, ${earlyData.users.length} visitors, ${nItems} items`);
  const earlyModels = await buildModels(earlyData, facts, { now: VALIDATION_FROM });
  const earlyPopular = popularBefore(shop.purchases, itemNo, VALIDATION_FROM);
  const earlyServer = server(earlyModels, VALIDATION_FROM, earlyPopular);
  const validation = casesOf(earlyBuyers, validationBuyers, earlyServer.userNo);
  const built = new Map<string, Neighbours>();
  const tried = new Map<string, { recalls: number[]; recall: number }>();
  const tuning: EvalReport["tuning"] = [];
  const tryVariant = (v: CommunityVariant, changed: string) => {
    const key = variantText(v);
    const seen = tried.get(key);
    if (seen) return seen;
    const buildKey = JSON.stringify(buildPart(v));
    let nb = built.get(buildKey);
    if (!nb) {
      nb = communityNeighbours(earlyData, PURCHASES, true, buildPart(v));
      built.set(buildKey, nb);
    }
    servingParameters.communitySharpen = v.sharpen;
    communityServing.halfLifeDays = v.halfLifeDays;
    // Scored live (no lists): the same scoring the build's lists are made with.
    const { communityTop: _lists, ...live } = earlyModels;
    const { served } = server({ ...live, community: nb }, VALIDATION_FROM, earlyPopular);
    const s = new Scores();
    for (const c of validation) s.add(served("ai-community-based", customer(c.id), NEW_ITEMS), c.fresh);
    const out = { recalls: s.recalls, recall: s.row("", nItems).recall };
    tried.set(key, out);
    tuning.push({ variant: key, changed, validation_recall: out.recall });
    log(`validation: ${changed}: Recall@10 ${out.recall}`);
    return out;
  };
  let best = { variant: SERVED_VARIANT, recall: tryVariant(SERVED_VARIANT, "served default").recall };
  for (let pass = 0; pass < PASSES; pass++) {
    for (const name of Object.keys(GRID) as (keyof CommunityVariant)[]) {
      for (const value of GRID[name]) {
        const v = { ...best.variant, [name]: value } as CommunityVariant;
        const r = tryVariant(v, `${name} ${value}`).recall;
        if (r > best.recall) best = { variant: v, recall: r };
      }
    }
  }
  const chosen = best.variant;
  log(`chosen on the validation window: ${variantText(chosen)} (Recall@10 ${best.recall})`);
  const validationScores = new Map<string, Scores>([
    ["popularity", new Scores()],
    [KNN, new Scores()],
  ]);
  const earlyKnn = itemKnn(nItems, new Map([...earlyBuyers.entries()].map(([c, s]) => [Number(c), s])));
  for (const c of validation) {
    validationScores.get("popularity")!.add(topUp([], earlyPopular, c.before), c.fresh);
    validationScores.get(KNN)!.add(topUp(earlyKnn(c.before), earlyPopular, c.before), c.fresh);
  }
  const chosenRecalls = tried.get(variantText(chosen))!.recalls;
  const validationRows = [
    ...[...validationScores].map(([name, s]) => s.row(name, nItems)),
    { method: "ai-community-based (chosen)", recall: best.recall, users: validation.length },
  ];
  const validationIntervals = [
    pairedBootstrap("ai-community-based (chosen)", KNN, chosenRecalls, validationScores.get(KNN)!.recalls),
    pairedBootstrap(
      "ai-community-based (chosen)",
      "ai-community-based (served default)",
      chosenRecalls,
      tried.get(variantText(SERVED_VARIANT))!.recalls,
    ),
  ];

  // Test: everything before the test window retrained with the choice, every customer tested.
  servingParameters.communitySharpen = chosen.sharpen;
  communityServing.halfLifeDays = chosen.halfLifeDays;
  const data = builder.finish();
  log(`training: ${data.item.length} events, ${data.users.length} visitors, ${data.itemIds.length} items`);
  const models = await buildModels(data, facts, {
    now: SPLIT,
    community: buildPart(chosen),
    progress: (step) => log(`building ${step}`),
  });
  const popular = popularBefore(shop.purchases, itemNo, SPLIT);
  const { served, userNo } = server(models, SPLIT, popular);
  const knn = itemKnn(nItems, new Map([...trainBuyers.entries()].map(([c, s]) => [Number(c), s])));
  const test = casesOf(trainBuyers, testBuyers, userNo);

  // Per customer, new items, on every test customer.
  const scores = new Map<string, Scores>();
  const score = (name: string) => {
    let s = scores.get(name);
    if (!s) {
      s = new Scores();
      scores.set(name, s);
    }
    return s;
  };
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
  log(`per customer: ${validation.length} validation, ${tested} test customers`);

  // Filtered rules (item_name contains a word), on test customers who bought a new item inside the
  // filter: ai-community-based within it against popularity within it, and the lift.
  const filtered: (Row & { lift?: number })[] = [];
  const filteredIntervals: Paired[] = [];
  for (const { word, test: inside } of FILTERS) {
    const within = (i: number) => inside.test(facts[i]?.name ?? "");
    const allowed = popular.filter(within);
    const allowedIds = [...allowed, ...data.itemIds.map((_, n) => n).filter((n) => within(n) && !allowed.includes(n))];
    const rule: TRuleValue[] = [...NEW_ITEMS, { column_name: "item_name", comparator: "contains", value: word }];
    const ids = allowedIds.map((i) => data.itemIds[i]!);
    const base = new Scores();
    const learned = new Scores();
    for (const c of test) {
      const fresh = new Set([...c.fresh].filter(within));
      if (fresh.size === 0) continue;
      base.add(topUp([], allowedIds, c.before), fresh);
      learned.add(served("ai-community-based", customer(c.id), rule, ids), fresh);
    }
    const baseRow = base.row(`item_name contains ${word}: popularity within the filter`, nItems);
    const row = learned.row(`item_name contains ${word}: ai-community-based, filtered`, nItems);
    filtered.push(baseRow, { ...row, lift: round(row.recall / Math.max(1e-9, baseRow.recall)) });
    filteredIntervals.push(pairedBootstrap(row.method, baseRow.method, learned.recalls, base.recalls));
  }

  // Per interaction kind on data that has views: the demo's synthetic views (lib/data/demo/
  // demo-extras.ts: a view before each purchase line, and browsing) before the test window added.
  const withViews = new InteractionsBuilder();
  for (const id of data.itemIds) withViews.itemIndex(id);
  let views = 0;
  for (const p of shop.purchases) {
    const ms = p.date.getTime();
    if (ms >= SPLIT) continue;
    withViews.add({
      visitor: p.customerId || `cookie:guest-${p.invoice}`,
      itemId: p.stockCode,
      kind: "purchase",
      ms,
      orderId: p.invoice,
    });
  }
  for (const e of syntheticEvents(shop)) {
    const ms = Date.parse(String(e.timestamp));
    if (ms >= SPLIT) continue;
    views++;
    withViews.add({ visitor: String(e.customer_id), itemId: String(e.item_id), kind: "view", ms });
  }
  const viewData = withViews.finish();
  if (viewData.itemIds.length !== nItems) throw new Error("item numbers differ with views");
  log(`with synthetic views: ${viewData.item.length} events (${views} views)`);
  const viewModels = await buildModels(viewData, facts, { now: SPLIT, community: buildPart(chosen) });
  const viewServed = server(viewModels, SPLIT, popular).served;
  const viewScores = new Map(INTERACTION_KINDS.flat().map((kind) => [kind, new Scores()]));
  for (const c of test) {
    for (const [kind, s] of viewScores) s.add(viewServed(kind, customer(c.id), NEW_ITEMS), c.fresh);
  }
  const perInteractionKind = [...viewScores].map(([kind, s]) => s.row(kind, nItems));
  const interactionIntervals = INTERACTION_KINDS.map(([purchases, interactions]) =>
    pairedBootstrap(interactions, purchases, viewScores.get(interactions)!.recalls, viewScores.get(purchases)!.recalls),
  );

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
    "the served community choices are the validation window's": sameVariant(chosen, SERVED_VARIANT),
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
      validation_from: new Date(VALIDATION_FROM).toISOString().slice(0, 10),
      test_from: new Date(SPLIT).toISOString().slice(0, 10),
      events_train_validation: earlyEvents,
      events_train: trainEvents,
      validation_customers: validation.length,
      customers_tested: tested,
      items: nItems,
      product_queries: queries,
      repurchase_customers: repurchasers,
    },
    tuning,
    validation: validationRows,
    validation_intervals: validationIntervals,
    chosen: { validation: chosen, serving_default: SERVED_VARIANT },
    per_customer: perCustomer,
    intervals,
    filtered,
    filtered_intervals: filteredIntervals,
    per_interaction_kind: { synthetic_views: views, rows: perInteractionKind, intervals: interactionIntervals },
    per_product: perProduct,
    repurchase: [...repurchase].map(([n, s]) => s.row(n, nItems)),
    leaflet: leafletRows,
    build: models.stats,
    targets,
  };
}
