/** The audit log's wire shapes: one entry, and the list's filters. */
import { z } from "zod";
import { ZList, ZPagination } from "@/lib/http/pagination";

export const ZAuditEntry = z.object({
  audit_id: z.string(),
  actor: z.string().describe("The user's e-mail or the API client's client_id (a failed sign-in: the e-mail given)"),
  actor_role: z.string().describe('user, advanced or super; "" when nobody was signed in (a failed sign-in)'),
  action: z.string().describe("<object>.<verb>, such as campaign.approve, auth.sign_in_failed, export.download"),
  object_type: z.string(),
  object_id: z.string().describe('The object\'s id ("" when the action has none)'),
  request_id: z.string().describe("The X-Request-Id of the request that did it"),
  summary: z.string().describe("What changed, in short (before -> after where known); no personal data"),
  date_created: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditQuery = ZPagination.extend({
  actor: z.string().max(320).optional().describe("Exactly this actor (e-mail or client_id; case-insensitive)"),
  action: z
    .string()
    .max(100)
    .optional()
    .describe('An action (campaign.approve), or every action of an object type with a trailing ".*" (campaign.*)'),
  object_id: z
    .string()
    .max(300)
    .optional()
    .describe("Any id of the object: for a campaign, any of its groups' campaign_id"),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditList = ZList("entries", ZAuditEntry);
export type TAuditList = z.infer<typeof ZAuditList>;
