/**
 * Intake records: what shops send to /data/items, /data/customers, /data/events, /data/discounts
 * and what `npm run import` reads. One schema per record; a batch is checked record by record so
 * one bad record is reported by index and the good ones are kept.
 */
import { z } from "zod";
import { int4, intakeId, money, phoneNumber, text } from "./intake-fields";
import { ZItemInput } from "./item-fields";
import { ZTimestampInput } from "./timestamp-input";

const id = intakeId();

export { ZAttribute, ZCategory, ZDescription, ZItemInput } from "./item-fields";
export { ZTimestampInput } from "./timestamp-input";
/** An item as intake reads it: item_id, and the fields sent (lib/data/item-fields.ts). */
export type TItemInput = { item_id: string } & Record<string, unknown>;

export const ZCustomerInput = z
  .object({
    customer_id: id,
    first_name: text(200).optional(),
    last_name: text(200).optional(),
    vocative_name: text(200).optional(),
    email: z.email().max(320).nullable().optional(),
    phone_number: phoneNumber()
      .optional()
      .describe(
        "Stored in E.164; without +country code read in DEFAULT_PHONE_COUNTRY. An invalid number keeps the customer without one and is reported by index.",
      ),
    gender: text(20).optional(),
    age: int4(0, 130).nullable().optional(),
    city: text(200).optional(),
    country: text(200).optional(),
    segment_id: text(200)
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
    quantity: int4(1, 1_000_000).default(1),
    price: money().default(0).describe("Unit price; a purchase's value is quantity x price"),
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
    "An event. Re-sending is idempotent: by event_id, else by (event_type, customer or cookie, item, order_id, timestamp, quantity, price and, for order lines, the line's position among identical lines of the batch).",
  );
export type TEventInput = z.output<typeof ZEventInput>;

export const ZDiscountInput = z
  .object({
    discount_id: id,
    discount_name: text(500).optional(),
    leaflet_id: text(200).optional(),
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
  upserted: z
    .number()
    .int()
    .describe("Rows written: a record given twice in the batch counts once, an event already stored zero"),
  errors: z
    .array(z.object({ index: z.number().int(), detail: z.string() }))
    .describe("The records not stored, by index in the batch, with the field and the reason"),
});
export type TIntakeResult = z.infer<typeof ZIntakeResult>;
