/**
 * zod schemas of the touchpoint studio resources: request validation, types, forms and OpenAPI.
 * A strategy's rules are lib/recommend/rule-schemas.ts.
 */
import { z } from "zod";
import { MAX_SLOTS } from "@/lib/recommend/rule-constants";
import { ZRule } from "@/lib/recommend/rule-schemas";
import { TOUCHPOINT_TYPES } from "./constants";

const name = z.string().trim().min(1, "required").max(200, "at most 200 characters");
const label = z.string().max(200, "at most 200 characters");

export const ZStrategyInput = z
  .object({
    strategy_name: name,
    strategy_type: z.enum(TOUCHPOINT_TYPES),
    strategy_subtype: label.default(""),
    strategy_goal: label.default("").describe("Free-form goal label, e.g. boost-chosen-products"),
    author: label
      .default("")
      .describe(
        "Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits.",
      ),
    is_draft: z.boolean().default(true),
    is_active: z.boolean().default(false),
    is_general_filter: z.boolean().default(false),
    is_default: z.boolean().default(false),
    segments: z.array(z.string().min(1).max(200)).max(100).default(["all_customers"]),
    product_hierarchy_level_id: z.enum(["", "discount-leaflet"]).default(""),
    product_hierarchy_level_value: label.default(""),
    rules: z.array(ZRule).max(MAX_SLOTS + 1),
  })
  .superRefine((s, ctx) => {
    const seen = new Map<number, number>();
    s.rules.forEach((rule, r) => {
      for (const [p, position] of rule.positions.entries()) {
        const other = seen.get(position);
        if (other !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["rules", r, "positions", p],
            message: `slot ${position} is already filled by rule ${other}; a slot takes one rule`,
          });
        } else seen.set(position, r);
      }
    });
  });
export type TStrategyInput = z.infer<typeof ZStrategyInput>;

const timestamp = z.string().describe("Local date-time YYYY-MM-DDTHH:MM:SS");

export const ZStrategy = z.object({
  strategy_id: z.string(),
  strategy_name: z.string(),
  strategy_type: z.string(),
  strategy_subtype: z.string(),
  strategy_goal: z.string(),
  author: z.string(),
  is_draft: z.boolean(),
  is_active: z.boolean(),
  is_general_filter: z.boolean(),
  is_default: z.boolean(),
  segments: z.array(z.string()),
  product_hierarchy_level_id: z.string(),
  product_hierarchy_level_value: z.string(),
  rules: z.array(ZRule),
  segment_count: z.number().int().describe("Customers in the segments"),
  is_ready: z.boolean(),
  date_created: timestamp,
  date_modified: timestamp,
});
export type TStrategy = z.infer<typeof ZStrategy>;

export const ZPositionInput = z.object({
  position_name: name,
  position_description: z.string().max(1000).default(""),
});
export type TPositionInput = z.infer<typeof ZPositionInput>;

export const ZPosition = z.object({
  position_id: z.string(),
  position_name: z.string(),
  position_description: z.string(),
  date_created: timestamp,
  date_modified: timestamp,
});
export type TPosition = z.infer<typeof ZPosition>;

export const ZTouchpointInput = z.object({
  touchpoint_name: name,
  touchpoint_type: z.enum(TOUCHPOINT_TYPES),
  touchpoint_subtype: label.default(""),
  author: label
    .default("")
    .describe(
      "Ignored: the author is the caller (the signed-in user's e-mail or the API client), set when it is created and kept on edits.",
    ),
  channel: label.default("").describe("Free-form label such as website or app"),
  position: z.string().min(1, "required").describe("A position_id"),
  default_strategy: z.string().min(1, "required").describe("A strategy_id of the same type"),
  strategies: z.array(z.string().min(1)).max(20).default([]).describe("Additional strategy_ids by priority"),
  number_of_positions: z.number().int().min(0).max(MAX_SLOTS),
  is_draft: z.boolean().default(true),
  is_active: z.boolean().default(false),
});
export type TTouchpointInput = z.infer<typeof ZTouchpointInput>;

export const ZTouchpoint = z.object({
  touchpoint_id: z.string(),
  touchpoint_name: z.string(),
  touchpoint_type: z.string(),
  touchpoint_subtype: z.string(),
  author: z.string(),
  channel: z.string(),
  position: z.string(),
  default_strategy: z.string(),
  strategies: z.array(z.string()),
  number_of_positions: z.number().int(),
  is_draft: z.boolean(),
  is_active: z.boolean(),
  is_ready: z.boolean(),
  is_calculating: z.boolean(),
  is_using_fallback: z.boolean(),
  calculation_error: z
    .string()
    .nullable()
    .describe(
      "Why the last calculation failed (the calculation stopped and the strategies are editable again; saving the touchpoint unchanged, or editing one of its strategies, retries it at once, and the hourly recalculation retries an active touchpoint). Null once a calculation succeeds.",
    ),
  date_created: timestamp,
  date_modified: timestamp,
});
export type TTouchpoint = z.infer<typeof ZTouchpoint>;

export const ZDetail = z.object({ detail: z.string() });
