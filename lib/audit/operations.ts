/** The audit log's API operation (see lib/http/operation.ts). */
import { defineOperation } from "@/lib/http/operation";
import { ZAuditList, ZAuditQuery } from "./schemas";

export const listAuditLogOp = defineOperation({
  method: "GET",
  path: "/settings/audit-log",
  tag: "Settings",
  summary: "The audit log (super users only)",
  description:
    "Every state change made through the API or the studio, newest first: who (the user's e-mail or the API client's client_id, and their role), the action (campaign.approve, campaign.delete, user.update, api_client.create, export.download, auth.sign_in, auth.sign_in_failed, ...), the object and its id, the request's X-Request-Id, a short summary (which fields were sent, and the state before -> after where known; no names, addresses or texts) and when. Filters: `actor` (exact, case-insensitive), `action` (exact, or `campaign.*` for every action on campaigns), `object_id` (any id of the object: a campaign is found by any of its groups' campaign_id, also after it was deleted). Entries are appended only: no route changes or deletes them. Changes made with the command-line tools (npm run users / clients) are recorded too, with the actor `cli:<OS user>`, the role super and one request id per command.",
  auth: "super",
  query: ZAuditQuery,
  response: ZAuditList,
  errors: [403],
});
