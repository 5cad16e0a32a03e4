/**
 * GET content of a smart-search touchpoint (spec 2.5, 4.3 rule 1): the strategy's ai-search
 * values govern the answer:
 *   filter_columns  the item fields returned (item_id always), plus match_score and rank_score
 *                   (and matched_words, the explanation, when listed);
 *   limit           the most results (count <= limit); a request's limit may not exceed it (422);
 *   match_score     results below this match_score are dropped;
 *   tenant_id       must be this service's TENANT_ID (409 otherwise).
 * The touchpoint and its rule are cached for CONFIG_TTL_MS per process: this is the hot route.
 */
import { ITEM_FIELDS } from "@/lib/data/item-fields";
import { getDatabase, openDatabase } from "@/lib/db/client";
import { perDatabase } from "@/lib/db/per-database";
import { env } from "@/lib/env";
import { conflict, notActive, notFound, validationError } from "@/lib/http/errors";
import { JsonText } from "@/lib/http/handler";
import { resolveIdentity } from "@/lib/recommend/identity";
import { recordImpression } from "@/lib/recommend/impressions";
import { trackedUrl } from "@/lib/recommend/item-view";
import type { TRule } from "@/lib/recommend/rule-schemas";
import { recordSearch } from "./record-search";
import { type SearchHit, searchItems } from "./search-items";

export const CONFIG_TTL_MS = 2000;

interface SearchConfig {
  touchpoint_id: string;
  touchpoint_type: string;
  is_active: boolean;
  tenant: string;
  max: number;
  threshold: number;
  columns: Set<string>;
  columnsKey: string;
}

const configs = perDatabase("search.configs", () => new Map<string, { at: number; config: SearchConfig }>());

/** Forgets a touchpoint's cached search configuration (after it changed; other processes: CONFIG_TTL_MS). */
export function forgetSearchConfig(touchpointId: string): void {
  const database = openDatabase();
  if (database) configs(database).delete(touchpointId);
}

async function searchConfig(touchpointId: string): Promise<SearchConfig> {
  const database = await getDatabase();
  const cache = configs(database);
  const cached = cache.get(touchpointId);
  if (cached && Date.now() - cached.at < CONFIG_TTL_MS) return cached.config;

  const prisma = database.prisma;
  const touchpoint = await prisma.touchpoint.findUnique({ where: { touchpoint_id: touchpointId } });
  if (!touchpoint) throw notFound(`No touchpoint has id ${touchpointId}.`);
  if (touchpoint.touchpoint_type !== "smart-search") {
    throw conflict(
      "This touchpoint is not smart-search; its content takes identity headers, not a term.",
      "wrong_touchpoint_type",
    );
  }
  const strategy = await prisma.strategy.findUnique({ where: { strategy_id: touchpoint.default_strategy } });
  const rule = (strategy?.rules as TRule[] | undefined)?.find((r) => r.rule_type === "ai-search");
  if (!rule) throw conflict("The touchpoint's strategy has no ai-search rule.", "broken_reference");
  const value = (name: string) => rule.values.find((v) => v.column_name === name)?.value;
  const columns = new Set([
    "item_id",
    ...String(value("filter_columns") ?? "item_id,item_name")
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean),
  ]);
  const config: SearchConfig = {
    touchpoint_id: touchpoint.touchpoint_id,
    touchpoint_type: touchpoint.touchpoint_type,
    is_active: touchpoint.is_active,
    tenant: String(value("tenant_id") ?? env().TENANT_ID),
    max: Number(value("limit") ?? 10),
    threshold: Number(value("match_score") ?? 0),
    columns,
    columnsKey: [...columns].join(","),
  };
  cache.set(touchpointId, { at: Date.now(), config });
  return config;
}

export async function serveSearch(options: {
  touchpointId: string;
  term: string;
  offset: number;
  limit: number | undefined;
  /** A studio preview: no search event, no impression. */
  preview?: boolean;
  /** The client says the search is final (true) or a keystroke of one (false): ./search-chains.ts. */
  final?: boolean;
  /** Who searched: the identity headers, validated (recorded with the search event). */
  identityValue?: string;
  identityType?: "customer_id" | "product_id" | "cookie_id";
}) {
  const config = await searchConfig(options.touchpointId);
  if (!config.is_active && !options.preview) throw notActive(config.touchpoint_id);
  if (config.tenant !== env().TENANT_ID) {
    throw conflict(
      `The strategy's ai-search tenant_id (${config.tenant}) is not this service's tenant (${env().TENANT_ID}).`,
      "tenant_mismatch",
    );
  }
  if (options.limit !== undefined && options.limit > config.max) {
    throw validationError([{ loc: ["query", "limit"], msg: `at most ${config.max}, the strategy's limit` }]);
  }
  const limit = options.limit ?? config.max;
  const term = options.term.trim();
  const hits = await searchItems({
    term,
    threshold: config.threshold,
    max: config.max,
    explain: config.columns.has("matched_words"),
  });
  if (options.offset === 0 && !options.preview && options.final !== false) {
    await recordSearch({
      term,
      results: hits.length,
      touchpointId: config.touchpoint_id,
      final: options.final,
      ...(await searcher(options.identityValue, options.identityType)),
    });
  }
  if (!options.preview) recordImpression(config.touchpoint_id);
  return answer(hits, config, options.offset, limit);
}

/**
 * Who searched, for the search event, read as the content route reads the identity headers
 * (lib/recommend/identity.ts): a customer, a cookie (with its customer when known), or nobody for
 * a product (a search bar on a product page) and the default visitor.
 */
async function searcher(
  value: string | undefined,
  type: "customer_id" | "product_id" | "cookie_id" | undefined,
): Promise<{ customerId?: string; cookieId?: string }> {
  const v = value?.trim();
  if (!v || v === "default" || type === "product_id") return {};
  if (type === "customer_id") return { customerId: v };
  if (type === "cookie_id") return { cookieId: v };
  const identity = await resolveIdentity(v, null);
  if (identity.identity_type === "product_id") return {};
  // A known cookie resolves to its customer: both are kept.
  if (identity.identity_value !== v) return { cookieId: v, customerId: identity.identity_value };
  return { customerId: v };
}

/**
 * The answer's JSON, kept with the result list it was made from: a repeated term (a cached list,
 * the same until the catalog changes) is answered without mapping or serializing again.
 */
const answers = new WeakMap<SearchHit[], Map<string, string>>();
const ANSWERS_PER_LIST = 32;

function answer(hits: SearchHit[], config: SearchConfig, offset: number, limit: number): JsonText {
  const key = `${config.touchpoint_id}|${config.touchpoint_type}|${config.columnsKey}|${offset}|${limit}`;
  let texts = answers.get(hits);
  if (!texts) {
    texts = new Map();
    answers.set(hits, texts);
  }
  let text = texts.get(key);
  if (text === undefined) {
    text = JSON.stringify({
      touchpoint_id: config.touchpoint_id,
      touchpoint_type: config.touchpoint_type,
      offset,
      limit,
      count: hits.length,
      content: hits.slice(offset, offset + limit).map((h) => contentItem(h, config)),
    });
    if (texts.size < ANSWERS_PER_LIST) texts.set(key, text);
  }
  return new JsonText(text);
}

/** The Item fields (spec 2.5) a strategy's filter_columns may list, in the order they are answered. */
const COLUMNS = ITEM_FIELDS.filter((f) => f.search);

/**
 * A flat Item (spec 2.5): the strategy's columns, match_score and rank_score; matched_words (the
 * words of the name that matched, as written there) when filter_columns lists it.
 */
function contentItem(h: SearchHit, config: SearchConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const context = { touchpoint_id: config.touchpoint_id, touchpoint_type: config.touchpoint_type, trackedUrl };
  for (const field of COLUMNS) if (config.columns.has(field.name)) out[field.name] = field.read(h.item, context);
  out.match_score = h.match_score;
  out.rank_score = h.rank_score;
  if (config.columns.has("matched_words")) out.matched_words = h.matched_words;
  return out;
}
