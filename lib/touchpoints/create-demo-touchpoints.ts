/**
 * After the demo shop is loaded: a few live touchpoints so the studio shows real content at once
 * (a best-seller carousel with a VIP variant, personal recommendations, bought-together and
 * similar items, a search bar, a wheel over the synthetic leaflet).
 * Only on a database without strategies; everything goes through the same operations as the API.
 */
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { aiSearchRule } from "@/lib/recommend/rule-constants";
import { listPositions } from "./positions";
import { configurePromotion, DEFAULT_TEMPLATES, MESSAGE_TYPES } from "./promotions";
import { createStrategy } from "./strategies";
import { createTouchpoint } from "./touchpoints";

export async function createDemoTouchpoints(): Promise<boolean> {
  const prisma = await db();
  if ((await prisma.strategy.count()) > 0) return false;
  const { positions } = await listPositions({ offset: 0, limit: 100 });
  const positionFor = (name: string) =>
    (positions.find((p) => p.position_name.includes(name)) ?? positions[0])?.position_id;
  const home = positionFor("Home");
  if (!home) return false;
  const base = {
    author: "demo",
    strategy_goal: "",
    is_draft: false,
    is_active: true,
    is_general_filter: false,
    is_default: false,
    product_hierarchy_level_id: "" as const,
    product_hierarchy_level_value: "",
  };

  const bestSellers = await createStrategy({
    ...base,
    strategy_goal: "increase-cross-sell-and-up-sell",
    strategy_name: "Best-sellers of the month",
    strategy_type: "smart-recommender",
    strategy_subtype: "carousel",
    is_default: true,
    segments: ["all_customers"],
    rules: [
      { rule_type: "best-sellers", positions: [0, 1, 2], values: [] },
      { rule_type: "most-viewed-products", positions: [3], values: [] },
      { rule_type: "random-products", positions: [4], values: [] },
    ],
  });
  const hasVip = (await prisma.customer.count({ where: { segment_id: "vip" } })) > 0;
  const vip = hasVip
    ? await createStrategy({
        ...base,
        strategy_goal: "boost-chosen-products",
        strategy_name: "VIP: Christmas and candles",
        strategy_type: "smart-recommender",
        strategy_subtype: "carousel",
        segments: ["vip"],
        rules: [
          {
            rule_type: "merchandise-rules",
            positions: [0, 1, 2],
            values: [{ column_name: "category_level_1", comparator: "=", value: "Christmas" }],
          },
          {
            rule_type: "merchandise-rules",
            positions: [3, 4],
            values: [{ column_name: "category_level_1", comparator: "=", value: "Candles & lights" }],
          },
        ],
      })
    : undefined;
  await createTouchpoint({
    touchpoint_name: "Home page carousel",
    touchpoint_type: "smart-recommender",
    touchpoint_subtype: "carousel",
    author: "demo",
    channel: "website",
    position: home,
    default_strategy: bestSellers.strategy_id,
    strategies: vip ? [vip.strategy_id] : [],
    number_of_positions: 5,
    is_draft: false,
    is_active: true,
  });

  await createLearnedDemoTouchpoints(base, positionFor, home);

  const search = await createStrategy({
    ...base,
    strategy_name: "Catalog search",
    strategy_type: "smart-search",
    strategy_subtype: "search-bar",
    segments: ["all_customers"],
    rules: [
      aiSearchRule({
        tenant_id: env().TENANT_ID,
        filter_columns: "item_id,item_name,product_price,product_url,categories",
        limit: 20,
        match_score: 40,
      }),
    ],
  });
  await createTouchpoint({
    touchpoint_name: "Search bar",
    touchpoint_type: "smart-search",
    touchpoint_subtype: "search-bar",
    author: "demo",
    channel: "website",
    position: positionFor("Search") ?? home,
    default_strategy: search.strategy_id,
    strategies: [],
    number_of_positions: 0,
    is_draft: false,
    is_active: true,
  });

  const leaflet = await prisma.discount.findMany({
    where: { leaflet_id: "synthetic-leaflet-1" },
    orderBy: { discount_id: "asc" },
    take: 8,
  });
  if (leaflet.length >= 4) {
    const wheel = await createStrategy({
      ...base,
      strategy_name: "Wheel over the demo leaflet",
      strategy_type: "wheel-of-fortune",
      strategy_subtype: "wheel-of-fortune",
      product_hierarchy_level_id: "discount-leaflet",
      product_hierarchy_level_value: "synthetic-leaflet-1",
      segments: ["all_customers"],
      rules: leaflet.map((d, i) => ({
        rule_type: "discount-leaflet" as const,
        positions: [i],
        values: [{ column_name: "discount_id", comparator: "=" as const, value: d.discount_id }],
      })),
    });
    const touchpoint = await createTouchpoint({
      touchpoint_name: "Wheel of fortune",
      touchpoint_type: "wheel-of-fortune",
      touchpoint_subtype: "wheel-of-fortune",
      author: "demo",
      channel: "sms",
      position: positionFor("wheel") ?? home,
      default_strategy: wheel.strategy_id,
      strategies: [],
      number_of_positions: leaflet.length,
      is_draft: false,
      is_active: true,
    });
    await configurePromotion({
      touchpoint_id: touchpoint.touchpoint_id,
      author: "demo",
      promotion_base_url: "https://shop.example.com/promotions/wheel",
      config: MESSAGE_TYPES.map((message_type) => ({
        message_type,
        message_template: DEFAULT_TEMPLATES[message_type],
      })),
    });
  }
  return true;
}

type Base = Omit<
  Parameters<typeof createStrategy>[0],
  "strategy_name" | "strategy_type" | "strategy_subtype" | "segments" | "rules"
>;

/** Carousels of learned kinds: the first one going live builds the recommendation models. */
async function createLearnedDemoTouchpoints(
  base: Base,
  positionFor: (name: string) => string | undefined,
  home: string,
): Promise<void> {
  const carousels = [
    {
      name: "Recommended for you",
      subtype: "carousel",
      position: home,
      goal: "increase-cross-sell-and-up-sell",
      rules: [
        { rule_type: "ai-community-based" as const, positions: [0, 1, 2], values: [] },
        { rule_type: "time-based" as const, positions: [3], values: [] },
        { rule_type: "ai-next-gen" as const, positions: [4], values: [] },
      ],
    },
    {
      name: "Bought together",
      subtype: "related-products",
      position: positionFor("Cart") ?? home,
      goal: "increase-cross-sell-and-up-sell",
      rules: [{ rule_type: "related-products" as const, positions: [0, 1, 2, 3, 4], values: [] }],
    },
    {
      name: "Similar items",
      subtype: "similar-products",
      position: positionFor("similar") ?? home,
      goal: "",
      rules: [
        { rule_type: "similar-products-ai" as const, positions: [0, 1, 2], values: [] },
        { rule_type: "similar-products" as const, positions: [3, 4], values: [] },
      ],
    },
  ];
  for (const c of carousels) {
    const strategy = await createStrategy({
      ...base,
      strategy_goal: c.goal,
      strategy_name: c.name,
      strategy_type: "smart-recommender",
      strategy_subtype: c.subtype,
      segments: ["all_customers"],
      rules: c.rules,
    });
    await createTouchpoint({
      touchpoint_name: c.name,
      touchpoint_type: "smart-recommender",
      touchpoint_subtype: c.subtype,
      author: "demo",
      channel: "website",
      position: c.position,
      default_strategy: strategy.strategy_id,
      strategies: [],
      number_of_positions: 5,
      is_draft: false,
      is_active: true,
    });
  }
}
