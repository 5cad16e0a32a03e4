/** GET content of a smart-search touchpoint: the strategy's ai-search values govern the answer. */
import { db } from "@/lib/db/client";
import { conflict, notFound, validationError } from "@/lib/http/errors";
import { formatTimestamp } from "@/lib/http/timestamps";
import { trackedUrl } from "@/lib/recommend/item-view";
import type { TRule } from "@/lib/touchpoints/schemas";
import { searchItems } from "./search-items";

export async function serveSearch(options: {
  touchpointId: string;
  term: string;
  offset: number;
  limit: number | undefined;
}) {
  const prisma = await db();
  const touchpoint = await prisma.touchpoint.findUnique({ where: { touchpoint_id: options.touchpointId } });
  if (!touchpoint) throw notFound(`No touchpoint has id ${options.touchpointId}.`);
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
  const max = Number(value("limit") ?? 10);
  const threshold = Number(value("match_score") ?? 0);
  const columns = new Set([
    "item_id",
    ...String(value("filter_columns") ?? "item_id,item_name")
      .split(",")
      .map((c) => c.trim()),
  ]);
  const limit = Math.min(options.limit ?? max, max);
  if (options.limit !== undefined && options.limit > max) {
    throw validationError([{ loc: ["query", "limit"], msg: `at most ${max}, the strategy's limit` }]);
  }
  const term = options.term.trim();
  const hits = await searchItems({ term, threshold, max });
  await prisma.event.create({
    data: {
      dedupe_key: `search:${crypto.randomUUID()}`,
      event_type: "search",
      customer_id: null,
      cookie_id: "anonymous",
      term,
      quantity: hits.length,
      timestamp: new Date(),
      touchpoint_id: touchpoint.touchpoint_id,
    },
  });
  const page = hits.slice(options.offset, options.offset + limit);
  return {
    touchpoint_id: touchpoint.touchpoint_id,
    touchpoint_type: touchpoint.touchpoint_type,
    offset: options.offset,
    limit,
    count: hits.length,
    content: page.map((h) => {
      const full: Record<string, unknown> = {
        item_id: h.item.item_id,
        item_name: h.item.item_name,
        alternative_id: h.item.alternative_id,
        alternative_name: h.item.alternative_name,
        simple_name: h.item.simple_name,
        is_active: h.item.is_active,
        product_url: trackedUrl(h.item.product_url, touchpoint.touchpoint_id, touchpoint.touchpoint_type),
        product_price: h.item.product_price,
        original_price: h.item.original_price,
        currency: h.item.currency,
        main_image: h.item.main_image,
        images: h.item.images,
        date_added: formatTimestamp(h.item.date_added),
        attributes: h.item.attributes,
        categories: h.item.categories,
        descriptions: h.item.descriptions,
        custom: h.item.custom,
      };
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(full)) if (columns.has(k)) out[k] = v;
      return { ...out, match_score: h.match_score, rank_score: h.rank_score };
    }),
  };
}
