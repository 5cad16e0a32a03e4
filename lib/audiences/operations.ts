/** The customer studio's audience operations (spec 4.6), declared once for routes and OpenAPI. */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZList, ZPagination } from "@/lib/http/pagination";
import { ZCustomerRows } from "./audience-customers";
import { OPTIONS_LIMIT, ZFilterOptions } from "./filter-options";
import { AUDIENCE_STATUSES, ZAudience, ZAudienceInput, ZAudienceUpdate, ZEstimate, ZFilterGroupInput } from "./schemas";

const tag = "Customer studio";
const audienceId = z.object({ audience_id: z.string().max(200) });

const FILTERS_DOC =
  'Filter groups in filter_group_order joined by next_group_connector; inside a group, filters in filter_order joined by filter_value_connector; applied left to right as a funnel (each step combines the result so far with the next filter). Filters: age, customer-lifetime-value, purchases-180-days, days-since-last-purchase (BETWEEN inclusive {value_name, min_value, max_value}, EQ, GT, GTE, LT, LTE, IN, NOT_IN); gender, city, country (IN, NOT_IN, EQ; case-insensitive); segment (IN, NOT_IN, EQ of segment ids; all_customers = everyone); email_consent, sms_consent, viber_consent (IN or EQ of "True"/"False"; the effective consent: a customer whose address is on the suppression list for the channel counts as not consenting); purchased (group product-focused-filters) with filter_entity product_id (item ids), category (category names) or attribute (attribute_<name>=<value>): IN bought any within period_days (default 365), NOT_IN bought none. Per filter the answer carries count_before (the previous filter\'s count_now; the first one\'s: all customers), count_now and filtered_percentage (count_now / count_before x 100, two decimals); audience_size is the last count_now. A bad filter: 422 naming it by its place (loc body.filters.<group>.values.<filter>.<field>); more filters than AUDIENCE_MAX_FILTERS (default 50): 422 at body.filters. The count runs under QUERY_TIMEOUT_MS: 503 query_timeout with Retry-After when it takes longer.';

export const listAudiencesOp = defineOperation({
  method: "GET",
  path: "/customer-studio/audiences",
  tag,
  summary: "List audiences",
  auth: "user",
  query: ZPagination.extend({
    search: z.string().max(200).optional().describe("Part of the name"),
    status: z.enum(AUDIENCE_STATUSES).optional(),
  }),
  response: ZList("audiences", ZAudience),
});

export const createAudienceOp = defineOperation({
  method: "POST",
  path: "/customer-studio/audiences",
  tag,
  summary: "Create an audience",
  description: `status draft (editable) or created. A created static audience (is_dynamic false) stores its members now and keeps them; a dynamic one is counted again by recalculate (and before every campaign send). ${FILTERS_DOC}`,
  auth: "user",
  audit: { action: "audience.create", objectType: "audience", resultId: ({ result }) => result?.audience_id },
  body: ZAudienceInput,
  response: ZAudience,
  status: 201,
});

export const updateAudienceOp = defineOperation({
  method: "PUT",
  path: "/customer-studio/audiences",
  tag,
  summary: "Update a draft audience (named by audience_id in the body)",
  description:
    "409 not_draft unless the stored audience's status is draft. Saving with status created freezes a static audience's members.",
  auth: "user",
  audit: { action: "audience.update", objectType: "audience", id: ({ body }) => body.audience_id },
  body: ZAudienceUpdate,
  response: ZAudience,
  errors: [404, 409],
});

export const getAudienceOp = defineOperation({
  method: "GET",
  path: "/customer-studio/audiences/{audience_id}",
  tag,
  summary: "Get an audience",
  auth: "user",
  params: audienceId,
  response: ZAudience,
  errors: [404],
});

export const deleteAudienceOp = defineOperation({
  method: "DELETE",
  path: "/customer-studio/audiences/{audience_id}",
  tag,
  summary: "Delete an audience",
  auth: "user",
  audit: { action: "audience.delete", objectType: "audience", id: ({ params }) => params.audience_id },
  params: audienceId,
  response: z.object({ message: z.string() }),
  errors: [404],
});

export const estimateAudienceOp = defineOperation({
  method: "POST",
  path: "/customer-studio/audiences/estimate",
  tag,
  summary: "Count a filter set's funnel without saving (the builder's live counts)",
  description: FILTERS_DOC,
  auth: "user",
  audit: false, // counts only
  body: z.object({ filters: z.array(ZFilterGroupInput).max(20) }),
  response: ZEstimate,
});

export const audienceFilterOptionsOp = defineOperation({
  method: "GET",
  path: "/customer-studio/audiences/filter-options",
  tag,
  summary: "What the builder's filters can take, from the data",
  description: `For the builder's pickers: segments with their sizes (all_customers first), cities, countries and genders with their customer counts (case-insensitive, as the filters compare; the most frequent spelling shown), the min and max of age, customer-lifetime-value, purchases-180-days and days-since-last-purchase as those filters compare them (null when no customer has a value), and the category names and attribute_<name>=<value> pairs the purchased filter matches, with their number of items. Each list is most frequent first, at most ${OPTIONS_LIMIT} long, truncated true when the data holds more.`,
  auth: "user",
  response: ZFilterOptions,
});

export const recalculateAudienceOp = defineOperation({
  method: "POST",
  path: "/customer-studio/audiences/{audience_id}/recalculate",
  tag,
  summary: "Count a dynamic audience again",
  description: "409 static_audience for a static audience (it keeps the members found when it was created).",
  auth: "user",
  audit: { action: "audience.recalculate", objectType: "audience", id: ({ params }) => params.audience_id },
  params: audienceId,
  body: z.object({}).strict().optional(),
  response: ZAudience,
  errors: [404, 409],
});

export const audienceCustomersOp = defineOperation({
  method: "GET",
  path: "/customer-studio/audiences/{audience_id}/customers",
  tag,
  summary: "Customers of an audience or a segment",
  description:
    "audience_id is an audience id or a segment id (all_customers: everyone). A created static audience lists its stored members; a draft or dynamic one its filters' customers now. product_1..product_10: the recommendation engine's products for the customer (DEFAULT_RECOMMENDATION_KIND, by default ai-community-based, topped up with best sellers; eligible items only), as many as the audience's number_of_recommendations, null beyond. Ordered by customer_id.",
  auth: "user",
  params: audienceId,
  query: ZPagination,
  response: ZCustomerRows,
  errors: [404],
});
