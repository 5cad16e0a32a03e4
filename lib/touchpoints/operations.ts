/** API operations of the touchpoint studio (spec 4.1-4.4). Every role may use the studio. */

import { z } from "zod";
import { ZItemView, ZSearchItem } from "@/lib/data/item-fields";
import { defineOperation } from "@/lib/http/operation";
import { ZList, ZPagination } from "@/lib/http/pagination";
import { ZOutboxMessage } from "@/lib/messaging/send-message";
import { TOUCHPOINT_TYPES } from "./constants";
import { ZPromotion, ZPromotionConfigInput, ZPromotionTestSend } from "./promotions";
import {
  ZDetail,
  ZPosition,
  ZPositionInput,
  ZStrategy,
  ZStrategyInput,
  ZTouchpoint,
  ZTouchpointInput,
} from "./schemas";

const tag = "Touchpoint studio";
const ZListQuery = ZPagination.extend({ search: z.string().max(200).optional().describe("Part of the name") });
const strategyId = z.object({ strategy_id: z.string() });
const positionId = z.object({ position_id: z.string() });
const touchpointId = z.object({ touchpoint_id: z.string() });

export const listStrategiesOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/rules/strategies",
  tag,
  summary: "List strategies",
  auth: "user",
  query: ZListQuery.extend({ strategy_type: z.enum(TOUCHPOINT_TYPES).optional() }),
  response: ZList("strategies", ZStrategy),
});
export const getStrategyOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/rules/strategies/{strategy_id}",
  tag,
  summary: "Get a strategy",
  auth: "user",
  params: strategyId,
  response: ZStrategy,
  errors: [404],
});
export const createStrategyOp = defineOperation({
  method: "POST",
  path: "/touchpoint-studio/rules/strategies",
  tag,
  summary: "Create a strategy",
  description:
    "Rules fill slots (zero-based positions, one rule per slot). Rule values filter items: same column = alternatives (OR), different columns = all must hold (AND). A smart-search strategy has exactly one ai-search rule (positions [], values tenant_id, filter_columns, limit, match_score); a wheel-of-fortune strategy has product_hierarchy_level_id discount-leaflet and one discount-leaflet rule per slot. Unknown segments or discounts: 409. Read-only fields sent are ignored.",
  auth: "user",
  audit: { action: "strategy.create", objectType: "strategy", resultId: ({ result }) => result?.strategy_id },
  body: ZStrategyInput,
  response: ZStrategy,
  status: 201,
  errors: [409],
});
export const updateStrategyOp = defineOperation({
  method: "PUT",
  path: "/touchpoint-studio/rules/strategies/{strategy_id}",
  tag,
  summary: "Update a strategy",
  description:
    "Only a ready strategy (is_ready true) can be edited (409 otherwise). Live touchpoints using it are recalculated.",
  auth: "user",
  audit: { action: "strategy.update", objectType: "strategy", id: ({ params }) => params.strategy_id },
  params: strategyId,
  body: ZStrategyInput,
  response: ZStrategy,
  errors: [404, 409],
});
export const deleteStrategyOp = defineOperation({
  method: "DELETE",
  path: "/touchpoint-studio/rules/strategies/{strategy_id}",
  tag,
  summary: "Delete a strategy",
  description: "Refused (409, naming them) while touchpoints use it.",
  auth: "user",
  audit: { action: "strategy.delete", objectType: "strategy", id: ({ params }) => params.strategy_id },
  params: strategyId,
  response: ZDetail,
  errors: [404, 409],
});

export const listPositionsOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/rules/position",
  aliases: ["/touchpoint-studio/rules/positions"],
  tag,
  summary: "List positions",
  auth: "user",
  query: ZListQuery,
  response: ZList("positions", ZPosition),
});
export const createPositionOp = defineOperation({
  method: "POST",
  path: "/touchpoint-studio/rules/positions",
  tag,
  summary: "Create a position",
  auth: "user",
  audit: { action: "position.create", objectType: "position", resultId: ({ result }) => result?.position_id },
  body: ZPositionInput,
  response: ZPosition,
  status: 201,
});
export const updatePositionOp = defineOperation({
  method: "PUT",
  path: "/touchpoint-studio/rules/positions/{position_id}",
  tag,
  summary: "Update a position",
  auth: "user",
  audit: { action: "position.update", objectType: "position", id: ({ params }) => params.position_id },
  params: positionId,
  body: ZPositionInput,
  response: ZPosition,
  errors: [404],
});
export const deletePositionOp = defineOperation({
  method: "DELETE",
  path: "/touchpoint-studio/rules/positions/{position_id}",
  tag,
  summary: "Delete a position",
  description: "Refused (409, naming them) while touchpoints use it.",
  auth: "user",
  audit: { action: "position.delete", objectType: "position", id: ({ params }) => params.position_id },
  params: positionId,
  response: ZDetail,
  errors: [404, 409],
});

export const listTouchpointsOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/rules/touchpoints",
  tag,
  summary: "List touchpoints",
  auth: "user",
  query: ZListQuery.extend({ touchpoint_type: z.enum(TOUCHPOINT_TYPES).optional() }),
  response: ZList("touchpoints", ZTouchpoint),
});
export const getTouchpointOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/rules/touchpoints/{touchpoint_id}",
  tag,
  summary: "Get a touchpoint",
  auth: "user",
  params: touchpointId,
  response: ZTouchpoint,
  errors: [404],
});
const touchpointStates =
  "smart-search touchpoints are created is_ready true, is_calculating true (until the index is warm). smart-recommender and wheel-of-fortune touchpoints are created is_ready false, is_calculating false; making one live (is_active true or is_draft false) calculates its strategies (is_calculating true), then is_ready true. Strategy types must match the touchpoint's type and fit its number_of_positions (409).";
export const createTouchpointOp = defineOperation({
  method: "POST",
  path: "/touchpoint-studio/rules/touchpoints",
  tag,
  summary: "Create a touchpoint",
  description: touchpointStates,
  auth: "user",
  audit: { action: "touchpoint.create", objectType: "touchpoint", resultId: ({ result }) => result?.touchpoint_id },
  body: ZTouchpointInput,
  response: ZTouchpoint,
  status: 201,
  errors: [409],
});
export const updateTouchpointOp = defineOperation({
  method: "PUT",
  path: "/touchpoint-studio/rules/touchpoints/{touchpoint_id}",
  tag,
  summary: "Update a touchpoint",
  description: touchpointStates,
  auth: "user",
  audit: { action: "touchpoint.update", objectType: "touchpoint", id: ({ params }) => params.touchpoint_id },
  params: touchpointId,
  body: ZTouchpointInput,
  response: ZTouchpoint,
  errors: [404, 409],
});
export const deleteTouchpointOp = defineOperation({
  method: "DELETE",
  path: "/touchpoint-studio/rules/touchpoints/{touchpoint_id}",
  tag,
  summary: "Delete a touchpoint (and its SMS promotion)",
  auth: "user",
  audit: { action: "touchpoint.delete", objectType: "touchpoint", id: ({ params }) => params.touchpoint_id },
  params: touchpointId,
  response: ZDetail,
  errors: [404],
});

export const ZRecommenderContent = z.object({
  touchpoint_id: z.string(),
  touchpoint_type: z.string(),
  identity_type: z.string(),
  identity_value: z.string(),
  content: z.array(
    z.object({
      position: z.number().int(),
      item: ZItemView,
      filled_by: z
        .object({
          rule_index: z.number().int().nullable(),
          rule_type: z.string().nullable(),
          is_fallback: z
            .boolean()
            .describe(
              "True when the slot took a fallback: the touchpoint's (rule_index null), or a learned kind's own (popularity within the rule's filters) for a visitor or product the models know nothing about",
            ),
          strategy_id: z.string(),
          score: z
            .number()
            .optional()
            .describe("Learned kinds: the item's score for this visitor (higher is stronger)"),
          explanation: z
            .string()
            .optional()
            .describe(
              "Previews only: why the item is here, e.g. 'bought together with Red Mug in 214 orders', 'bought 28 days ago; it is usually bought again every 30 days'",
            ),
        })
        .describe("Which rule filled the slot, or the fallback (an addition to the spec's shape)"),
    }),
  ),
});
export const ZSearchContent = z.object({
  touchpoint_id: z.string(),
  touchpoint_type: z.string().describe("smart-search"),
  offset: z.number().int(),
  limit: z.number().int(),
  count: z.number().int(),
  content: z.array(ZSearchItem),
});

export const previewOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/touchpoints/{touchpoint_id}/preview",
  tag,
  summary: "Preview a touchpoint's content",
  description:
    "Works as soon as the touchpoint is ready, active or not. touchpoint_id in the answer has the suffix -default. identity_value defaults to default; product_hierarchy_level_value names the item for similar/related subtypes. No impression is counted.",
  auth: "user",
  params: touchpointId,
  query: z.object({
    identity_value: z.string().max(200).optional(),
    identity_type: z.enum(["customer_id", "product_id", "cookie_id"]).optional(),
    product_hierarchy_level_value: z.string().max(200).optional(),
  }),
  response: ZRecommenderContent,
  errors: [404, 409],
});

export const ZContentQuery = z.object({
  term: z.string().optional().describe("smart-search only: the search text (1-200 characters)"),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).optional().describe("smart-search only: at most the strategy's limit"),
  product_hierarchy_level_value: z
    .string()
    .max(200)
    .optional()
    .describe(
      "smart-recommender: the item the page shows (similar/related products are about it; it is never served itself). An identity_value that is an item id does the same.",
    ),
  preview: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true")
    .describe(
      "smart-search only: true for a studio preview, which is neither recorded as a search event nor counted as an impression",
    ),
  final: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true"))
    .describe(
      "smart-search only: whether the visitor is done typing. true: this term is a search for the search report (recorded at once; the same final term from the same visitor within 3 s is not another); false: a keystroke of a search the client will mark final, not recorded. Without it, a visitor's terms that extend or shorten one another within 3 s of each other (s, sh, sho, shoe) are one search, recorded as the longest. The storefront search bar (/widgets.js) sends false as the visitor types and true after a pause of a second or on Enter.",
    ),
});
export const contentOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/touchpoints/{touchpoint_id}/content",
  tag,
  summary: "Serve a touchpoint's content",
  description:
    "Scope content: a shop's pages may call it with a publishable key (`Authorization: Bearer pk_...`, or `?key=pk_...` from a browser), from the key's allowed origins (CORS; OPTIONS answers preflights). Recommender kinds: headers identity_value and identity_type (customer_id, product_id or cookie_id). Without identity_type the service infers it: an item id -> product_id; a known cookie -> that customer (returned in identity_value); default or anything else -> customer_id. Strategy: the first additional strategy whose segments hold the visitor, else the default. Inactive and out-of-stock items never appear; slots a rule cannot fill take the fallback (best-sellers, then random). The rules get the request's context: the identity, the product the page shows (an item id identity, else product_hierarchy_level_value; never served itself) and the time (a discount is served while valid now). 409 not_active while the touchpoint is switched off (is_active false; the preview route still works, and a smart-search preview=true too), 409 not_ready while it is not calculated. smart-search: query term (required, 1-200 characters; empty or longer: 422), offset, limit (at most the strategy's ai-search limit: 422 above it). The strategy's ai-search values govern the answer: filter_columns are the item fields returned (item_id always; additional_item_data, the shop's own JSON object, when listed; list matched_words to get the words of the name that matched; a strategy listing an unknown column is refused at save with 422 naming it), limit the most results (count), match_score the threshold below which results are dropped, tenant_id must be this service's (409 otherwise). Words match in any order, as typed prefixes of the last word, with one typo in words of 5+ letters (two in long unknown words), in plural or singular, any case, numbers with units however written (2 in, 2-inch, 2\"), in the name, ids, other names, categories, attributes and descriptions, and through the shop's synonyms (PUT /touchpoint-studio/search/synonyms). match_score (0-100, comparable across queries): the mean over the term's words of how each matched (1 exact in the name, 0.9 another form, synonym or compound, 0.7 a typo, 0.6-0.9 a prefix by the share typed; x 0.6 when only outside the name); 100 = every word matched exactly in the name; an item whose id equals the term scores 100. rank_score (the order of content, comparable within one query): text relevance (word rarity, field, match kind, share of the words matched, words standing together in the name; about 0-100) x popularity (up to +25% for units bought and clicks on search results in the last 90 days) x availability (x 0.9 when tracked stock is below 3). Each search (offset 0, not a preview; keystrokes are not searches, see final) is recorded as a search event for the search report: the term, its result count and who searched from the identity headers (customer_id, cookie_id, or inferred as for recommenders; a product_id or none is an anonymous visitor; a bad identity_type is refused with 422 naming the header). Ties in rank_score are ordered by item_id, so pages neither repeat nor skip items while the catalog changes. Catalog changes are searchable within about a second; an item written through the API, from the next search the process that wrote it answers (on PostgreSQL with several web processes, the others within about a second).",
  auth: "user",
  scope: "content",
  params: touchpointId,
  query: ZContentQuery,
  headers: z.object({
    identity_value: z
      .string()
      .optional()
      .describe("Who the visitor is (default: default); read by recommenders and the search report"),
    identity_type: z
      .enum(["customer_id", "product_id", "cookie_id"])
      .optional()
      .describe("What identity_value is; inferred when absent"),
  }),
  response: z.union([ZRecommenderContent, ZSearchContent]),
  errors: [404, 409],
});

export const statsOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/touchpoints/{touchpoint_id}/stats",
  tag,
  summary: "Impressions, clicks and CTR of a touchpoint (last `days` days)",
  description:
    "Impressions count content responses; clicks count click events that name the touchpoint (POST /data/events).",
  auth: "user",
  params: touchpointId,
  query: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
  response: z.object({
    touchpoint_id: z.string(),
    days: z.number(),
    impressions: z.number(),
    clicks: z.number(),
    ctr: z.number().describe("percent"),
  }),
  errors: [404],
});

export const promotionOp = defineOperation({
  method: "POST",
  path: "/touchpoint-studio/promotions/sms/config",
  tag,
  summary: "Configure a wheel's SMS promotion, or send a test",
  description:
    "Two requests share this path, told apart by the body: a configuration (touchpoint_id, author, promotion_base_url, config[]) answers the stored promotion; a test send (customer_id, touchpoint_id, concept_id, phone_number) texts a link to the wheel page and answers {detail}. Templates take {link} and {promotion_long_name}; other placeholders are refused.",
  auth: "user",
  audit: {
    action: "promotion.configure",
    objectType: "touchpoint",
    id: ({ body }) => (typeof body.touchpoint_id === "string" ? body.touchpoint_id : undefined),
    summary: ({ body }) => ("customer_id" in body ? "test send" : "configuration"),
  },
  body: z.record(z.string(), z.unknown()),
  docBody: z.union([ZPromotionConfigInput, ZPromotionTestSend]),
  response: z.union([ZPromotion, ZDetail]),
  errors: [404, 409],
});

export const getPromotionOp = defineOperation({
  method: "GET",
  path: "/touchpoint-studio/promotions/sms/config",
  tag,
  summary: "Read a touchpoint's SMS promotion",
  auth: "user",
  query: z.object({ touchpoint_id: z.string().min(1) }),
  response: ZPromotion,
  errors: [404],
});

export const outboxOp = defineOperation({
  method: "GET",
  path: "/messaging/outbox",
  tag: "Messaging",
  summary: "Messages handed to the outbox provider (SMS, e-mail, Viber)",
  auth: "user",
  query: ZPagination.extend({ channel: z.enum(["sms", "email", "viber"]).optional() }),
  response: ZList("messages", ZOutboxMessage),
});
