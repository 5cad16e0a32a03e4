/**
 * The public events route's request (POST /track/events): one visitor's batch, as the tracking
 * snippet (lib/sdk) sends it. The visitor is the envelope's cookie (and customer, once identified);
 * each event is an intake event (lib/data/schemas.ts ZEventInput) without who it is about, so a
 * browser can speak only for itself. Each event is then validated by the intake's own schema.
 */
import { z } from "zod";
import { intakeId, text } from "@/lib/data/intake-fields";
import { ZIntakeResult } from "@/lib/data/schemas";

/** Events a page may record. */
export const TRACK_EVENT_TYPES = ["view", "add_to_cart", "purchase", "click", "search"] as const;
/** Events per request: a page's queue is sent in batches of this many. */
export const MAX_TRACK_BATCH = 50;
/** Bytes per request. */
export const TRACK_BODY_LIMIT = 64 * 1024;
/** An event older than this is refused (a queue kept in a browser for too long). */
export const MAX_EVENT_AGE_MS = 7 * 86_400_000;
/** An event later than this (after the clock correction) is refused. */
export const MAX_EVENT_AHEAD_MS = 5 * 60_000;

const instant = z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time with Z or an offset" });

export const ZTrackEvent = z
  .object({
    event_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "1 to 64 letters, digits, _ or -")
      .optional()
      .describe("Makes re-sending safe (the snippet sends a random id per event)"),
    event_type: z.enum(TRACK_EVENT_TYPES),
    item_id: intakeId().optional(),
    quantity: z.number().optional(),
    price: z.number().optional(),
    timestamp: instant.optional().describe("When it happened, by the browser's clock; default: when it arrives"),
    term: text(200).optional(),
    order_id: intakeId().optional(),
    touchpoint_id: intakeId().optional(),
  })
  .describe("An event of the visitor; item_id for view, add_to_cart and purchase, term for search");

export const ZTrackBody = z.object({
  cookie_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "8 to 100 letters, digits, _ or -")
    .describe("The visitor's first-party cookie (the snippet's lumen_id)"),
  customer_id: intakeId()
    .optional()
    .describe(
      "The shop's customer, once the visitor signed in (lumen.identify): the cookie's events become the customer's, and the cookie is recognised as theirs (spec 4.3 rule 5)",
    ),
  sent_at: instant
    .optional()
    .describe("The browser's clock when it sent the batch: event timestamps are corrected by its offset"),
  events: z
    .array(z.unknown())
    .max(MAX_TRACK_BATCH, `at most ${MAX_TRACK_BATCH} events per request`)
    .describe("Each checked on its own; the bad ones are answered by index"),
});
export type TTrackBody = z.infer<typeof ZTrackBody>;

export const ZTrackResult = ZIntakeResult.extend({
  linked: z.boolean().describe("The cookie was linked to customer_id by this request"),
});
export type TTrackResult = z.infer<typeof ZTrackResult>;
