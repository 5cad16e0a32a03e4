/**
 * The error codes each operation's own code throws besides its guards' (./error-codes.ts), by
 * "<METHOD> <documented path>" and status, read from the functions each handler calls (the file
 * named after each entry). Kept here rather than on each defineOperation so the areas' operation
 * modules stay about requests and answers; ./error-codes.test.ts checks every key names an
 * operation, every status is one it documents, and every code thrown under lib/ is listed somewhere.
 * A recorded answer with a code missing here fails the contract check (scripts/check-contract.ts).
 */
type Codes = Record<number, string[]>;

/** Prisma's unique and foreign-key refusals as lib/http/errors.ts maps them. */
const ALREADY_EXISTS = "already_exists";
const REFERENCED = "referenced";

export const HANDLER_ERROR_CODES: Record<string, Codes> = {
  // lib/auth/grant-token.ts, lib/auth/throttle-error.ts, lib/auth/password-change-required.ts
  "POST /auth/token": {
    400: ["invalid_scope"],
    401: ["invalid_grant", "invalid_client"],
    403: ["password_change_required"],
  },
  // lib/auth/users.ts
  "POST /settings/users": { 409: [ALREADY_EXISTS] },
  "PUT /settings/users/{user_id}": { 409: ["self_demotion"] },
  // lib/auth/reset-password.ts
  "PUT /settings/users/{user_id}/password": { 409: ["self_reset"] },
  // lib/messaging/receive-receipts.ts: a signature that does not match (forbidden)
  "POST /webhooks/infobip": { 403: ["forbidden"] },
  "POST /webhooks/twilio/status": { 403: ["forbidden"] },

  // lib/touchpoints/positions.ts
  "DELETE /touchpoint-studio/rules/positions/{position_id}": { 409: ["in_use"] },
  // lib/touchpoints/strategies.ts, validate-strategy.ts
  "POST /touchpoint-studio/rules/strategies": { 409: ["unknown_segment", "unknown_discount"] },
  "PUT /touchpoint-studio/rules/strategies/{strategy_id}": {
    409: ["not_ready", "in_use", "slots_out_of_range", "unknown_segment", "unknown_discount"],
  },
  "DELETE /touchpoint-studio/rules/strategies/{strategy_id}": { 409: ["in_use"] },
  // lib/touchpoints/touchpoints.ts (onBrokenReference: a position or strategy deleted meanwhile)
  "POST /touchpoint-studio/rules/touchpoints": {
    409: ["unknown_position", "unknown_strategy", "strategy_type_mismatch", "slots_out_of_range", "unknown_reference"],
  },
  "PUT /touchpoint-studio/rules/touchpoints/{touchpoint_id}": {
    409: [
      "type_change",
      "unknown_position",
      "unknown_strategy",
      "strategy_type_mismatch",
      "slots_out_of_range",
      "unknown_reference",
    ],
  },
  // lib/touchpoints/promotions.ts (configurePromotion; sendTestPromotion for a test send's body)
  "POST /touchpoint-studio/promotions/sms/config": {
    409: ["unknown_touchpoint", "wrong_touchpoint_type", "promotion_not_configured", "not_ready"],
  },
  // lib/recommend/serve-content.ts, serving-state.ts, lib/search/serve-search.ts
  "GET /touchpoint-studio/touchpoints/{touchpoint_id}/content": {
    409: ["not_active", "not_ready", "wrong_touchpoint_type", "broken_reference", "tenant_mismatch"],
  },
  "GET /touchpoint-studio/touchpoints/{touchpoint_id}/preview": {
    409: ["not_ready", "wrong_touchpoint_type", "broken_reference", "tenant_mismatch"],
  },

  // lib/audiences/audiences.ts, lib/campaigns/campaign-references.ts (sendBackForApproval, assertUnused)
  "PUT /customer-studio/audiences": { 409: ["not_draft", "in_use"] },
  "DELETE /customer-studio/audiences/{audience_id}": { 409: ["in_use"] },
  "POST /customer-studio/audiences/{audience_id}/recalculate": { 409: ["static_audience"] },
  // lib/audiences/exports/request-export.ts, download.ts
  "GET /customer-studio/audiences/{audience_id}/export": { 422: ["no_email"] },
  "GET /customer-studio/exports/{export_id}/download": {
    403: ["forbidden"],
    409: ["not_ready"],
    410: ["link_expired"],
  },

  // lib/campaigns/campaigns.ts, status.ts, audience-size.ts, campaign-references.ts, template-references.ts
  "POST /campaigning-studio/campaignings": { 409: ["unknown_reference", ALREADY_EXISTS] },
  "PUT /campaigning-studio/campaignings/{campaign_id}": { 409: ["archived", "invalid_status", "unknown_reference"] },
  "DELETE /campaigning-studio/campaignings/{campaign_id}": { 409: ["invalid_status", "has_sends"] },
  // lib/campaigns/archive-campaign.ts
  "POST /campaigning-studio/campaignings/{campaign_id}/archive": { 409: ["invalid_status"] },
  // lib/campaigns/approvals.ts (403: one's own campaign), campaign-version.ts (If-Match)
  "PUT /campaigning-studio/campaignings/{campaign_id}/approve": {
    409: ["archived", "already_approved", "invalid_status"],
  },
  // lib/campaigns/sending/send-instant.ts, start-send.ts
  "POST /campaigning-studio/campaignings/send-instant": { 409: ["invalid_status"] },
  // lib/campaigns/templates.ts (campaign-references.ts)
  "PUT /campaigning-studio/templates/{template_id}": { 409: ["in_use"] },
  "DELETE /campaigning-studio/templates/{template_id}": { 409: ["in_use", REFERENCED] },
  // lib/campaigns/suppressions/create-suppression.ts
  "POST /campaigning-studio/suppressions": { 409: ["unknown_reference"] },
};

/**
 * Codes thrown under lib/ that no operation of the document answers: where they are thrown and why.
 * ./error-codes.test.ts accepts these and no others outside the document.
 */
export const CODES_OUTSIDE_THE_DOCUMENT: Record<string, string> = {
  already_set_up: "lib/auth/first-run.ts: the /setup page's server action, not an API route",
  not_ready: "lib/health/check-ready.ts: /api/health/ready, outside /api/latest (also documented on others)",
};
