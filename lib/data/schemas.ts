/**
 * Intake records: what shops send to /data/items, /data/customers, /data/events, /data/discounts
 * and what `npm run import` reads. One schema per record; a batch is checked record by record so
 * one bad record is reported by index and the good ones are kept.
 */
import { z } from "zod";
import { parseTimestamp } from "@/lib/http/timestamps";

const id = z.string().trim().min(1, "required").max(200, "at most 200 characters");
const text = (max = 2000) => z.string().max(max, `at most ${max} characters`);
const money = z.number().finite().min(0, "must not be negative");

export const ZTimestampInput = z
  .string()
  .transform((value, ctx) => {
    const date = parseTimestamp(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message: "must be a date-time YYYY-MM-DDTHH:MM:SS" });
      return z.NEVER;
    }
    return date;
  })
  .meta({
    type: "string",
    format: "date-time",
    description: "Local date-time YYYY-MM-DDTHH:MM:SS in the service's TIMEZONE",
  });

export const ZAttribute = z.object({
  attribute_name: z.string().regex(/^attribute_[a-z0-9_]+$/, "must look like attribute_<name> (lowercase)"),
  attribute_value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
});
export const ZCategory = z.object({
  category_level: z.enum([
    "category_level_0",
    "category_level_1",
    "category_level_2",
    "category_level_3",
    "category_level_4",
  ]),
  category_name: text(300),
  category_type: text(100).default(""),
});
export const ZDescription = z.object({
  description_language: text(20).default(""),
  description_value: text(20000).nullable(),
});

export const ZItemInput = z
  .object({
    item_id: id,
    item_name: text(500).optional(),
    alternative_id: z.string().max(200).nullable().optional(),
    alternative_name: text(500).optional(),
    simple_name: text(500).optional(),
    is_active: z.boolean().optional(),
    stock: z
      .number()
      .int()
      .min(0)
      .nullable()
      .optional()
      .describe("Units in stock; 0 keeps the item out of every response, null means not tracked"),
    product_url: text(2000).optional(),
    product_price: money.optional(),
    original_price: money.optional(),
    currency: text(10).optional(),
    main_image: text(2000).optional(),
    images: z.array(text(2000)).max(50).optional(),
    date_added: ZTimestampInput.optional(),
    attributes: z.array(ZAttribute).max(200).optional(),
    categories: z.array(ZCategory).max(20).optional(),
    descriptions: z.array(ZDescription).max(20).optional(),
    custom: z.array(z.unknown()).max(200).optional(),
  })
  .describe("An item of the catalog (spec 2.5). Fields left out keep their stored value.");
export type TItemInput = z.output<typeof ZItemInput>;

export const ZCustomerInput = z
  .object({
    customer_id: id,
    first_name: text(200).optional(),
    last_name: text(200).optional(),
    vocative_name: text(200).optional(),
    email: z.email().max(320).nullable().optional(),
    phone_number: z
      .string()
      .regex(/^\+?[0-9 ()-]{5,20}$/, "must be a phone number")
      .nullable()
      .optional(),
    gender: text(20).optional(),
    age: z.number().int().min(0).max(130).nullable().optional(),
    city: text(200).optional(),
    country: text(200).optional(),
    segment_id: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_.:-]*$/, "letters, digits, _ . : - only")
      .optional(),
    segment_name: text(200).optional(),
    email_consent: z.boolean().optional(),
    sms_consent: z.boolean().optional(),
    viber_consent: z.boolean().optional(),
    cookie_ids: z.array(id).max(100).optional(),
  })
  .describe("A customer. Fields left out keep their stored value; cookie_ids are added to the customer's cookies.");
export type TCustomerInput = z.output<typeof ZCustomerInput>;

export const EVENT_TYPES = ["view", "add_to_cart", "purchase", "click", "search"] as const;

export const ZEventInput = z
  .object({
    event_id: id.optional(),
    event_type: z.enum(EVENT_TYPES),
    customer_id: id.optional(),
    cookie_id: id.optional(),
    item_id: id.optional(),
    quantity: z.number().int().min(1).max(1_000_000).default(1),
    price: money.default(0).describe("Unit price; a purchase's value is quantity x price"),
    timestamp: ZTimestampInput,
    term: text(200).optional(),
    order_id: id.optional(),
    touchpoint_id: id.optional(),
  })
  .superRefine((e, ctx) => {
    if (!e.customer_id && !e.cookie_id) {
      ctx.addIssue({ code: "custom", path: ["customer_id"], message: "customer_id or cookie_id is required" });
    }
    if (["view", "add_to_cart", "purchase"].includes(e.event_type) && !e.item_id) {
      ctx.addIssue({ code: "custom", path: ["item_id"], message: `item_id is required for ${e.event_type} events` });
    }
    if (e.event_type === "search" && !e.term?.trim()) {
      ctx.addIssue({ code: "custom", path: ["term"], message: "term is required for search events" });
    }
  })
  .describe(
    "An event. Re-sending is idempotent: by event_id, else by (event_type, customer, item, order_id, timestamp).",
  );
export type TEventInput = z.output<typeof ZEventInput>;

export const ZDiscountInput = z
  .object({
    discount_id: id,
    discount_name: text(500).optional(),
    leaflet_id: z.string().max(200).optional(),
    item_ids: z.array(id).max(10_000).optional(),
    discount_percent: z.number().min(0).max(100).optional(),
    valid_from: ZTimestampInput.nullable().optional(),
    valid_to: ZTimestampInput.nullable().optional(),
  })
  .refine((d) => !d.valid_from || !d.valid_to || d.valid_from <= d.valid_to, {
    path: ["valid_to"],
    message: "must not be before valid_from",
  })
  .describe("A discount of a leaflet (what wheel-of-fortune strategies draw on).");
export type TDiscountInput = z.output<typeof ZDiscountInput>;

export const INTAKE_KINDS = ["items", "customers", "events", "discounts"] as const;
export type IntakeKind = (typeof INTAKE_KINDS)[number];

export const RECORD_SCHEMAS = {
  items: ZItemInput,
  customers: ZCustomerInput,
  events: ZEventInput,
  discounts: ZDiscountInput,
} as const;

export const MAX_BATCH = 10_000;

export const ZIntakeResult = z.object({
  received: z.number().int(),
  upserted: z.number().int(),
  errors: z.array(z.object({ index: z.number().int(), detail: z.string() })),
});
export type TIntakeResult = z.infer<typeof ZIntakeResult>;
