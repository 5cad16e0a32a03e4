/**
 * A suppression's shape: the API's request and answer (./operations.ts), the server's types and
 * the Suppressions page's. Zod only, so the browser may import it.
 */
import { z } from "zod";

export const SUPPRESSION_REASONS = ["unsubscribe", "hard_bounce", "complaint", "stop_reply", "manual"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const ZSuppressionChannel = z.enum(["email", "sms", "viber"]);

export const ZSuppression = z.object({
  suppression_id: z.string(),
  channel: ZSuppressionChannel,
  address: z
    .string()
    .describe("Normalised: an e-mail address lower-cased, a phone number without spaces or punctuation"),
  customer_id: z.string().nullable(),
  reason: z.enum(SUPPRESSION_REASONS),
  source: z
    .string()
    .describe("unsubscribe_link, dsn (a bounce), arf (a complaint), twilio, infobip, or api:<who> for one made here"),
  note: z.string(),
  date_created: z.string(),
});
export type TSuppression = z.infer<typeof ZSuppression>;

export const ZSuppressionInput = z
  .object({
    channel: ZSuppressionChannel,
    customer_id: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .optional()
      .describe("Suppresses this customer's address on the channel"),
    address: z
      .string()
      .trim()
      .min(1)
      .max(320)
      .optional()
      .describe("An e-mail address (email) or a phone number (sms, viber)"),
    reason: z.enum(SUPPRESSION_REASONS).default("manual"),
    note: z.string().max(1000).default(""),
  })
  .superRefine((input, ctx) => {
    if ((input.customer_id === undefined) === (input.address === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [input.address === undefined ? "customer_id" : "address"],
        message: "give exactly one of customer_id and address",
      });
      return;
    }
    if (input.address === undefined) return;
    if (input.channel === "email" && !/^[^\s@]+@[^\s@]+$/.test(input.address)) {
      ctx.addIssue({ code: "custom", path: ["address"], message: "must be an e-mail address for the email channel" });
    }
    if (input.channel !== "email" && !/^\+?[0-9][0-9 ()./-]{3,30}$/.test(input.address)) {
      ctx.addIssue({
        code: "custom",
        path: ["address"],
        message: `must be a phone number for the ${input.channel} channel`,
      });
    }
  });
export type TSuppressionInput = z.infer<typeof ZSuppressionInput>;
