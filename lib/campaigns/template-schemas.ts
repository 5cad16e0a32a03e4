/**
 * E-mail HTML templates as the API takes and answers them: the one source of validation, types,
 * the studio's form (zodResolver) and the OpenAPI document. Pure (no settings, no database), so
 * the browser runs the same rules before the round trip.
 */
import { z } from "zod";
import { unknownPlaceholders } from "./placeholders";

export const MAX_TEMPLATE_HTML = 500_000;

export const ZTemplateInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    html: z
      .string()
      .min(1)
      .max(MAX_TEMPLATE_HTML)
      .describe("The e-mail's HTML document; may hold placeholders (see the operation's description)"),
  })
  .superRefine((t, ctx) => {
    // The campaign texts' check (./schemas.ts): the same placeholders, the same message.
    for (const name of unknownPlaceholders(t.html)) {
      ctx.addIssue({ code: "custom", path: ["html"], message: `unknown placeholder ${name}` });
    }
  });
export type TTemplateInput = z.infer<typeof ZTemplateInput>;

/** A template in a list: everything but its HTML (up to 500,000 characters each). */
export const ZTemplateSummary = z.object({
  template_id: z.string().describe("template-id-<32 hex>"),
  name: z.string(),
  author: z.string().describe("The e-mail of the user (or the API client's id) who created it"),
  date_created: z.string(),
  date_modified: z.string(),
});
export type TTemplateSummary = z.infer<typeof ZTemplateSummary>;

export const ZTemplate = ZTemplateSummary.extend({ html: z.string() });
export type TTemplate = z.infer<typeof ZTemplate>;
