/** The campaign studio's operations (spec 4.5), declared once for routes and OpenAPI. */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZList, ZPagination } from "@/lib/http/pagination";
import { PLACEHOLDERS } from "./placeholders";
import { CHANNEL_TYPES, UTM_VALUES, ZCampaign, ZCampaignInput, ZCampaignSettings } from "./schemas";
import { CAMPAIGN_STATUSES } from "./status";

const tag = "Campaign studio";
const campaignId = z.object({ campaign_id: z.string().min(1).max(300) });
const ZDetail = z.object({ detail: z.string() });

const RULES_DOC = `1 to 3 campaign_details (groups A, B, C); abc_audience_percent integers totalling 100; is_abc true exactly when there are several groups; channel_type ${CHANNEL_TYPES.join(", ")}; audiences_type GENERIC (segment ids, all_customers = everyone) or AUDIENCE (audience ids): 409 unknown_reference when one does not exist; recurring_frequency none, daily, weekly or monthly (is_recurring true exactly when not none) with recurring_until after the start; each group's start_time before its end_time, its send_promotion_time (when it sends; default start_time) within them (a recurring campaign's groups within one period of its start); schedules are computed in TIMEZONE; sender, is_personalized, recommended_products and urls_to_short as their field descriptions say, a value that could have no effect being a 422 at its field; utm values from: ${UTM_VALUES.join(", ")}. Fields each channel needs in a group (a group tagged skip-content, the control group, needs none): email channel_subject and channel_message_text or html_template_id (the template_id of an e-mail template, GET /campaigning-studio/templates: 409 unknown_reference when no template has it; without channel_message_text the e-mail's text part is made from the template); sms channel_message_text; viber channel_message_text, channel_button, channel_button_link, channel_image_url, channel_validity_period and channel_validity_unit; viber_sms the same plus channel_fallback_message_text. Placeholders in the texts: ${PLACEHOLDERS.join(" ")}; any other {ph_...} is a 422 naming it and its field. Each group gets a campaign_id <YYYYMMDD>_cn_<name slug>_cl_<CLIENT_CODE>_ap_<percent>_ag_<group number> (the creation day; the slug gets _2, _3, ... when another campaign holds the id); any of them names the campaign.`;

export const listCampaignsOp = defineOperation({
  method: "GET",
  path: "/campaigning-studio/campaignings",
  aliases: ["/campaigning-studio/campaignings/"],
  tag,
  summary: "List campaigns",
  auth: "user",
  query: ZPagination.extend({
    status: z.enum(CAMPAIGN_STATUSES).optional(),
    channel_type: z.enum(CHANNEL_TYPES).optional(),
    search: z.string().max(200).optional().describe("Part of the name, the author or a campaign_id"),
    archived: z
      .enum(["false", "true", "all"])
      .default("false")
      .describe("Archived campaigns: left out (false, the default), only them (true), or both (all)"),
  }),
  response: ZList("campaigns", ZCampaign),
});

export const createCampaignOp = defineOperation({
  method: "POST",
  path: "/campaigning-studio/campaignings/",
  aliases: ["/campaigning-studio/campaignings"],
  tag,
  summary: "Create a campaign",
  description: `Status Not approved; every group Not Sent. required_approvals comes from the campaign settings (the audience's size decides which number). ${RULES_DOC}`,
  auth: "user",
  audit: {
    action: "campaign.create",
    objectType: "campaign",
    resultId: ({ result }) => result?.campaign_details[0]?.campaign_id,
  },
  body: ZCampaignInput,
  response: ZCampaign,
  status: 201,
  errors: [409],
});

export const getCampaignOp = defineOperation({
  method: "GET",
  path: "/campaigning-studio/campaignings/{campaign_id}",
  tag,
  summary: "Get a campaign (by any of its groups' campaign_id)",
  description:
    "Answers the header ETag: the campaign's version (also `version` in the body), which every change of the campaign (an edit, an approval, a status change, an edit of its audience or template, archiving) replaces. Send it as If-Match to approve.",
  auth: "user",
  params: campaignId,
  response: ZCampaign,
  answerHeaders: { ETag: "The campaign's version, quoted: send it as If-Match to approve" },
  errors: [404],
});

export const updateCampaignOp = defineOperation({
  method: "PUT",
  path: "/campaigning-studio/campaignings/{campaign_id}",
  tag,
  summary: "Update a campaign",
  description: `The same body as creation. Allowed while Not approved, Approved or Not sent (409 invalid_status otherwise; 409 archived when archived). The caller is recorded among the campaign's editors (edited_by), who cannot approve it. A change of the audience, channel, sender, schedule, recurrence or any group's content makes it Not approved and clears its approvals (the campaign name, author and is_draft do not). Groups keep their campaign_id by group number; an added group gets a new one. ${RULES_DOC}`,
  auth: "user",
  audit: { action: "campaign.update", objectType: "campaign", id: ({ params }) => params.campaign_id },
  params: campaignId,
  body: ZCampaignInput,
  response: ZCampaign,
  errors: [404, 409],
});

export const deleteCampaignOp = defineOperation({
  method: "DELETE",
  path: "/campaigning-studio/campaignings/{campaign_id}",
  tag,
  summary: "Delete a campaign",
  description:
    "409 invalid_status while it is Preparing, Sending or Sent, whatever the role; 409 has_sends when it has sent before (its report and the frequency cap's history would go): archive it instead. Role user deletes only their own drafts (campaigns they created that are Not approved): 403 otherwise.",
  auth: "user",
  audit: { action: "campaign.delete", objectType: "campaign", id: ({ params }) => params.campaign_id },
  params: campaignId,
  response: ZDetail,
  errors: [403, 404, 409],
});

export const archiveCampaignOp = defineOperation({
  method: "POST",
  path: "/campaigning-studio/campaignings/{campaign_id}/archive",
  tag,
  summary: "Archive a campaign",
  description:
    "Hides it from GET /campaignings (unless archived=true or all) and stops edits and approvals (409 archived); its sends, report and the frequency cap's count of its messages stay. Allowed while Not approved, Sent or Not sent (409 invalid_status otherwise: an Approved campaign would still be sent). Archiving an archived campaign changes nothing. Answers the campaign.",
  auth: "user",
  audit: { action: "campaign.archive", objectType: "campaign", id: ({ params }) => params.campaign_id },
  params: campaignId,
  response: ZCampaign,
  errors: [404, 409],
});

export const unarchiveCampaignOp = defineOperation({
  method: "DELETE",
  path: "/campaigning-studio/campaignings/{campaign_id}/archive",
  tag,
  summary: "Unarchive a campaign",
  description: "Brings an archived campaign back into the lists, as it was. Answers the campaign.",
  auth: "user",
  audit: { action: "campaign.unarchive", objectType: "campaign", id: ({ params }) => params.campaign_id },
  params: campaignId,
  response: ZCampaign,
  errors: [404],
});

export const approveCampaignOp = defineOperation({
  method: "PUT",
  path: "/campaigning-studio/campaignings/{campaign_id}/approve",
  tag,
  summary: "Approve a campaign",
  description:
    "Advanced or super users (403 for role user), never someone who wrote a version of it (403): its creator, anyone who edited it, or edited an audience or e-mail template it uses since (edited_by). With If-Match (the ETag of GET, or its `version` quoted), the approval holds only for that version: 412 precondition_failed when the campaign changed since (the answer's ETag is the current one); without If-Match it approves the campaign as it is. Each distinct approver lowers approvals_left; the last one makes it Approved. 409 invalid_status unless it is Not approved; 409 archived when archived; 409 already_approved when the caller has approved it already (nothing changes).",
  auth: "advanced",
  audit: { action: "campaign.approve", objectType: "campaign", id: ({ params }) => params.campaign_id },
  params: campaignId,
  headers: z.object({
    "If-Match": z
      .string()
      .optional()
      .describe("The ETag of GET (or `version` quoted), or *: approve only that version (412 otherwise)"),
  }),
  response: ZDetail.extend({
    warnings: z
      .array(z.string())
      .describe(
        "The campaign's audience warnings (as `warnings` on the campaign): a draft audience, one not yet calculated, or no customers. The approval is not refused for them; detail repeats them.",
      ),
  }),
  errors: [403, 404, 409, 412],
});

export const sendInstantOp = defineOperation({
  method: "POST",
  path: "/campaigning-studio/campaignings/send-instant",
  tag,
  summary: "Send an approved campaign now",
  description:
    "Advanced or super users (403 for role user). campaign_id is any of the campaign's group ids. 409 invalid_status naming the current status unless the campaign is Approved. Answers {status_code: 202, message} once sending is triggered: the campaign goes Preparing (audience resolved, consent, address and frequency cap applied, recipients split between the groups), then Sending, then Sent (Not sent when nothing could be sent or every message failed; a recurring campaign with occurrences left goes back to Approved).",
  auth: "advanced",
  audit: { action: "campaign.send", objectType: "campaign", id: ({ body }) => body.campaign_id },
  body: campaignId,
  response: z.object({ status_code: z.number().int(), message: z.string() }),
  status: 202,
  errors: [403, 404, 409],
});

export const getCampaignSettingsOp = defineOperation({
  method: "GET",
  path: "/campaigning-studio/settings",
  tag,
  summary: "Campaign settings: approvals needed, frequency cap",
  auth: "user",
  response: ZCampaignSettings,
});

export const updateCampaignSettingsOp = defineOperation({
  method: "PUT",
  path: "/campaigning-studio/settings",
  tag,
  summary: "Change the campaign settings (super users)",
  description:
    "required_approvals for every campaign saved from now on; with large_audience_size, campaigns whose audience has more customers need large_audience_required_approvals (the larger of the two). A campaign keeps the number it got when its audience was last saved. frequency_cap_messages (default 3; 0 turns the cap off) per frequency_cap_days (default 7): a customer who has that many campaign messages on the campaign's channel, sent within the days or prepared and not yet sent (queued or sending: two campaigns prepared together cannot both pass it; archived campaigns' messages count too), is left out of a send (and counted); soft_bounce_limit (default 3): an e-mail address whose last that many campaign messages all soft-bounced is suppressed; omitted, they take their defaults.",
  auth: "super",
  audit: { action: "settings.campaigns.update", objectType: "settings" },
  body: ZCampaignSettings,
  response: ZCampaignSettings,
  errors: [403],
});
