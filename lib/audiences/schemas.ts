/** Audiences and their filters as the API takes and answers them (spec 2.9). */
import { z } from "zod";

export const FILTER_TYPES = ["BETWEEN", "IN", "NOT_IN", "EQ", "GT", "GTE", "LT", "LTE"] as const;
export type FilterType = (typeof FILTER_TYPES)[number];
export const CONNECTORS = ["AND", "OR"] as const;
export const AUDIENCE_STATUSES = ["draft", "created"] as const;

export const ZBetween = z.object({
  value_name: z.string().max(200).default(""),
  min_value: z.number(),
  max_value: z.number(),
});

const ZScalar = z.union([z.string().max(500), z.number(), z.boolean()]);

export const ZFilterInput = z.object({
  filter_name: z.string().min(1).max(100),
  filter_entity: z.string().max(100).default("customer"),
  filter_type: z.enum(FILTER_TYPES),
  filter_order: z.number().int().min(0).default(0),
  filter_value_connector: z
    .enum(CONNECTORS)
    .default("AND")
    .describe("How this filter joins the next one of its group (the last one's joins nothing)"),
  filter_values: z
    .union([ZBetween, z.array(ZScalar).max(10_000), ZScalar])
    .describe(
      "BETWEEN: {value_name, min_value, max_value}; IN, NOT_IN: an array of strings; EQ, GT, GTE, LT, LTE: a value",
    ),
  period_days: z
    .number()
    .int()
    .min(1)
    .max(3650)
    .optional()
    .describe("Product-focused filters: purchases of the last period_days (default 365). An addition to the spec."),
});
export type TFilterInput = z.infer<typeof ZFilterInput>;

export const ZFilterGroupInput = z.object({
  filter_group: z.string().min(1).max(100),
  filter_group_order: z.number().int().min(0).default(0),
  next_group_connector: z.enum(CONNECTORS).default("AND").describe("How this group joins the next one"),
  values: z.array(ZFilterInput).max(50),
});
export type TFilterGroupInput = z.infer<typeof ZFilterGroupInput>;

export const ZRecommendationsExport = z.object({
  export_type: z.literal("recommender").default("recommender"),
  recommendations_type: z.literal("default").default("default"),
  number_of_recommendations: z.number().int().min(0).max(10).default(10),
});

export const ZAudienceInput = z.object({
  audience_name: z.string().trim().min(1).max(200),
  author: z
    .string()
    .max(200)
    .optional()
    .describe(
      "Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits.",
    ),
  status: z.enum(AUDIENCE_STATUSES).default("draft"),
  is_dynamic: z.boolean().default(false),
  audience_type: z.literal("customers").default("customers"),
  recommendations_export: ZRecommendationsExport.default({
    export_type: "recommender",
    recommendations_type: "default",
    number_of_recommendations: 10,
  }),
  filters: z.array(ZFilterGroupInput).max(20).default([]),
});
export type TAudienceInput = z.infer<typeof ZAudienceInput>;

export const ZAudienceUpdate = ZAudienceInput.extend({ audience_id: z.string().min(1).max(200) });

export const ZFilterCounts = z.object({
  count_before: z.number().int().nullable(),
  count_now: z.number().int().nullable(),
  filtered_percentage: z.string().nullable(),
});

export const ZFilterOut = ZFilterInput.extend(ZFilterCounts.shape);
export const ZGroupOut = ZFilterGroupInput.extend({ values: z.array(ZFilterOut) });

export const ZAudience = z.object({
  audience_id: z.string(),
  audience_name: z.string(),
  author: z.string(),
  status: z.enum(AUDIENCE_STATUSES),
  is_dynamic: z.boolean(),
  audience_type: z.literal("customers"),
  recommendations_export: ZRecommendationsExport,
  filters: z.array(ZGroupOut),
  is_uploaded: z.boolean(),
  is_ready: z.boolean().nullable(),
  audience_size: z.number().int(),
  date_created: z.string(),
  date_modified: z.string(),
});
export type TAudience = z.infer<typeof ZAudience>;

/** The funnel of a filter set without saving it (the builder's live counts). */
export const ZEstimate = z.object({
  total_customers: z.number().int(),
  audience_size: z.number().int(),
  filters: z.array(ZGroupOut),
});
