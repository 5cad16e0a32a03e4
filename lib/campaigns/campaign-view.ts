/** A stored campaign as the API answers it (spec 2.7), for the caller who asks. */
import type { Principal } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import type { Campaign, CampaignApproval, CampaignEditor, CampaignGroup } from "@/lib/db/generated/client";
import { notFound } from "@/lib/http/errors";
import { formatNullableTimestamp, formatTimestamp } from "@/lib/http/timestamps";
import { audienceWarnings } from "./audience-warnings";
import { campaignVersion } from "./campaign-version";
import type { TCampaign } from "./schemas";
import type { CampaignStatus } from "./status";

export type StoredCampaign = Campaign & {
  groups: CampaignGroup[];
  approvals: CampaignApproval[];
  editors: CampaignEditor[];
};

export const WITH_PARTS = {
  groups: { orderBy: { group_number: "asc" } },
  approvals: { orderBy: { date_approved: "asc" } },
  editors: { orderBy: { date_edited: "asc" } },
} as const;

/** Who acts, as approvals and created_by store it. */
export const actorOf = (principal: Principal) => `${principal.kind}:${principal.id}`;

const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

function groupView(g: CampaignGroup): TCampaign["campaign_details"][number] {
  return {
    campaign_id: g.campaign_id,
    channel_button: g.channel_button,
    channel_message_text: g.channel_message_text,
    channel_fallback_message_text: g.channel_fallback_message_text,
    channel_button_link: g.channel_button_link,
    channel_image_url: g.channel_image_url,
    channel_validity_period: g.channel_validity_period,
    channel_validity_unit: g.channel_validity_unit,
    channel_fallback_validity_period: g.channel_fallback_validity_period,
    channel_fallback_validity_unit: g.channel_fallback_validity_unit,
    html_template_id: g.html_template_id,
    start_time: formatTimestamp(g.start_time),
    end_time: formatTimestamp(g.end_time),
    send_promotion_time: formatNullableTimestamp(g.send_promotion_time),
    tags: strings(g.tags),
    is_personalized: g.is_personalized,
    channel_subject: g.channel_subject,
    abc_audience_percent: g.abc_audience_percent,
    recommended_products: strings(g.recommended_products),
    urls_to_short: strings(g.urls_to_short),
    utm: strings(g.utm),
    is_sent: g.is_sent,
    sending_status: g.sending_status,
    fail_reason: g.fail_reason,
  };
}

/** The creator (by the author text when created before editors were kept) and every editor. */
function editorsOf(c: StoredCampaign): string[] {
  const emails = c.editors.map((e) => e.editor_email);
  return c.editors.some((e) => e.editor_id === c.created_by) ? emails : [c.author, ...emails].filter(Boolean);
}

/** `warnings`: ./audience-warnings.ts (campaignViews loads them). */
export function campaignView(c: StoredCampaign, caller: Principal | undefined, warnings: string[] = []): TCampaign {
  const actor = caller ? actorOf(caller) : undefined;
  return {
    campaign_name: c.campaign_name,
    audiences: strings(c.audiences),
    audiences_type: c.audiences_type as TCampaign["audiences_type"],
    channel_type: c.channel_type as TCampaign["channel_type"],
    is_abc: c.is_abc,
    sender: c.sender,
    is_draft: c.is_draft,
    is_approved: c.status !== "Not approved",
    author: c.author,
    recurring: {
      recurring_frequency: c.recurring_frequency as TCampaign["recurring"]["recurring_frequency"],
      recurring_until: formatNullableTimestamp(c.recurring_until),
      is_recurring: c.is_recurring,
    },
    campaign_details: c.groups.map(groupView),
    status: c.status as CampaignStatus,
    audience_size: c.audience_size,
    is_approved_by_user: c.approvals.some((a) => a.approver_id === actor),
    approved_by: c.approvals.map((a) => ({
      user_email: a.approver_email,
      date_approved: formatTimestamp(a.date_approved),
    })),
    approvals_left: c.status === "Not approved" ? Math.max(0, c.required_approvals - c.approvals_count) : 0,
    required_approvals: c.required_approvals,
    date_created: formatTimestamp(c.date_created),
    date_modified: formatTimestamp(c.date_modified),
    version: campaignVersion(c),
    edited_by: editorsOf(c),
    is_edited_by_user: actor !== undefined && (c.created_by === actor || c.editors.some((e) => e.editor_id === actor)),
    is_archived: c.archived_at !== null,
    date_archived: formatNullableTimestamp(c.archived_at),
    warnings,
  };
}

/** Stored campaigns as the API answers them, with their audience warnings (one query for all). */
export async function campaignViews(rows: StoredCampaign[], caller: Principal | undefined): Promise<TCampaign[]> {
  const warnings = await audienceWarnings(rows);
  return rows.map((c) => campaignView(c, caller, warnings.get(c.campaign_key)));
}

/** One stored campaign as the API answers it, with its audience warnings. */
export async function campaignViewOf(c: StoredCampaign, caller: Principal | undefined): Promise<TCampaign> {
  const [view] = await campaignViews([c], caller);
  return view!;
}

/** The campaign that one of its group ids names (any group's id addresses the whole campaign). */
export async function campaignKeyOf(campaignId: string): Promise<string> {
  const prisma = await db();
  const group = await prisma.campaignGroup.findUnique({
    where: { campaign_id: campaignId },
    select: { campaign_key: true },
  });
  if (!group) throw notFound(`No campaign has id ${campaignId}.`);
  return group.campaign_key;
}

export async function loadCampaign(campaignKey: string, campaignId: string): Promise<StoredCampaign> {
  const prisma = await db();
  const found = await prisma.campaign.findUnique({ where: { campaign_key: campaignKey }, include: WITH_PARTS });
  if (!found) throw notFound(`No campaign has id ${campaignId}.`);
  return found;
}
