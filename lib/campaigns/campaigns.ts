/**
 * Campaigns (spec 2.7, 4.5): create, read, list, update and delete. Writes run in one
 * transaction; an update first takes the campaign's row (a conditional UPDATE on its status), so
 * edits and approvals of one campaign happen one after the other and none is lost.
 */
import type { Principal } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { conflict, forbidden, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { audienceSize } from "./audience-size";
import { recordEditors } from "./campaign-editors";
import { groupCampaignId } from "./campaign-ids";
import { lockAudiences } from "./campaign-references";
import {
  actorOf,
  campaignKeyOf,
  campaignViewOf,
  campaignViews,
  loadCampaign,
  type StoredCampaign,
  WITH_PARTS,
} from "./campaign-view";
import { checkCampaignFields } from "./check-campaign-fields";
import type { TCampaign, TCampaignDetailInput, TCampaignInput } from "./schemas";
import { getCampaignSettings, requiredApprovals } from "./settings";
import { allowedStatuses, assertAllowed, type CampaignStatus } from "./status";
import { lockTemplates } from "./template-references";

type Tx = Prisma.TransactionClient;

/** Columns of a group that are its content and schedule (an edit of any resets approvals). */
function groupData(g: TCampaignDetailInput) {
  return {
    abc_audience_percent: g.abc_audience_percent,
    channel_button: g.channel_button,
    channel_message_text: g.channel_message_text,
    channel_fallback_message_text: g.channel_fallback_message_text,
    channel_button_link: g.channel_button_link,
    channel_image_url: g.channel_image_url,
    channel_validity_period: g.channel_validity_period,
    channel_validity_unit: g.channel_validity_unit,
    html_template_id: g.html_template_id,
    start_time: g.start_time,
    end_time: g.end_time,
    send_promotion_time: g.send_promotion_time,
    tags: g.tags,
    is_personalized: g.is_personalized,
    channel_subject: g.channel_subject,
    recommended_products: g.recommended_products,
    urls_to_short: g.urls_to_short,
    utm: g.utm,
  };
}

/** Columns of the campaign that are its audience, channel and schedule (an edit of any resets approvals). */
function approvedData(input: TCampaignInput) {
  const starts = input.campaign_details.map((g) => g.start_time.getTime());
  const ends = input.campaign_details.map((g) => g.end_time.getTime());
  return {
    channel_type: input.channel_type,
    audiences_type: input.audiences_type,
    audiences: input.audiences,
    sender: input.sender,
    is_abc: input.is_abc,
    is_recurring: input.recurring.is_recurring,
    recurring_frequency: input.recurring.recurring_frequency ?? "none",
    recurring_until: input.recurring.recurring_until,
    start_time: new Date(Math.min(...starts)),
    end_time: new Date(Math.max(...ends)),
  };
}

const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : JSON.stringify(v ?? null));

function differs(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.entries(next).some(([key, value]) => norm(stored[key]) !== norm(value));
}

/** Whether the input changes what approvers approved: audience, channel, schedule or any group's content. */
function changesApproved(stored: StoredCampaign, input: TCampaignInput): boolean {
  if (differs(stored, approvedData(input))) return true;
  if (stored.groups.length !== input.campaign_details.length) return true;
  return input.campaign_details.some((g, i) => differs(stored.groups[i] ?? {}, groupData(g)));
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "P2002";

/** Free ids for the groups: the plain shape, else the slug with _2, _3, ... */
async function freeIds(tx: Tx, date: Date, name: string, percents: number[], numbers: number[]): Promise<string[]> {
  const clientCode = env().CLIENT_CODE;
  for (let attempt = 1; ; attempt++) {
    const ids = numbers.map((n, i) => groupCampaignId({ date, name, clientCode, attempt }, percents[i] ?? 0, n));
    const taken = await tx.campaignGroup.count({ where: { campaign_id: { in: ids } } });
    if (taken === 0) return ids;
  }
}

export async function createCampaign(opts: { input: TCampaignInput; principal: Principal }): Promise<TCampaign> {
  const { input, principal } = opts;
  await checkCampaignFields(input);
  const size = await audienceSize(input);
  const settings = await getCampaignSettings();
  const prisma = await db();
  const key = newId("campaign");
  const now = new Date();
  const percents = input.campaign_details.map((g) => g.abc_audience_percent);
  const write = () =>
    prisma.$transaction(async (tx) => {
      // Next to the audience check, but in the transaction: the templates stay until it commits.
      await lockTemplates(tx, input.campaign_details);
      await lockAudiences(tx, input);
      const ids = await freeIds(
        tx,
        now,
        input.campaign_name,
        percents,
        percents.map((_, i) => i + 1),
      );
      await tx.campaign.create({
        data: {
          campaign_key: key,
          campaign_name: input.campaign_name,
          author: input.author ?? principal.subject,
          created_by: actorOf(principal),
          is_draft: input.is_draft,
          audience_size: size,
          required_approvals: requiredApprovals(settings, size),
          date_created: now,
          date_modified: now,
          ...approvedData(input),
          groups: {
            create: input.campaign_details.map((g, i) => ({
              campaign_id: ids[i] as string,
              group_number: i + 1,
              ...groupData(g),
            })),
          },
        },
      });
      await recordEditors(tx, [key], principal);
    });
  // Two creations of the same name at once can pick the same free ids: the later one tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      break;
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
  return campaignViewOf(await loadCampaign(key, key), principal);
}

export async function getCampaign(opts: { campaignId: string; principal?: Principal }): Promise<TCampaign> {
  const key = await campaignKeyOf(opts.campaignId);
  return campaignViewOf(await loadCampaign(key, opts.campaignId), opts.principal);
}

export async function listCampaigns(opts: {
  page: TPagination & { status?: string; channel_type?: string; search?: string; archived?: "false" | "true" | "all" };
  principal?: Principal;
}) {
  const { page } = opts;
  const prisma = await db();
  const archived = page.archived ?? "false";
  const where: Prisma.CampaignWhereInput = {
    ...(archived === "all" ? {} : { archived_at: archived === "true" ? { not: null } : null }),
    ...(page.status ? { status: page.status } : {}),
    ...(page.channel_type ? { channel_type: page.channel_type } : {}),
    ...(page.search
      ? {
          OR: [
            { campaign_name: { contains: page.search, mode: "insensitive" } },
            { author: { contains: page.search, mode: "insensitive" } },
            { groups: { some: { campaign_id: { contains: page.search, mode: "insensitive" } } } },
          ],
        }
      : {}),
  };
  const [rows, count] = await Promise.all([
    prisma.campaign.findMany({
      where,
      include: WITH_PARTS,
      orderBy: [{ date_modified: "desc" }, { campaign_key: "asc" }],
      skip: page.offset,
      take: page.limit,
    }),
    prisma.campaign.count({ where }),
  ]);
  return listResponse("campaigns", page, await campaignViews(rows, opts.principal), count);
}

/**
 * Takes the campaign's row for this transaction, if its status allows the action (an archived
 * campaign is not edited: it is history).
 */
async function takeRow(
  tx: Tx,
  key: string,
  campaignId: string,
  allowed: readonly CampaignStatus[],
  action: "edit" | "delete",
) {
  const taken = await tx.campaign.updateMany({
    where: { campaign_key: key, status: { in: [...allowed] }, ...(action === "edit" ? { archived_at: null } : {}) },
    data: { date_modified: new Date() },
  });
  if (taken.count === 1) return;
  const found = await tx.campaign.findUnique({
    where: { campaign_key: key },
    select: { status: true, archived_at: true },
  });
  if (!found) throw notFound(`No campaign has id ${campaignId}.`);
  assertAllowed(action, found.status, campaignId);
  if (found.archived_at) throw conflict(`Campaign ${campaignId} is archived: it cannot be edited.`, "archived");
}

export async function updateCampaign(opts: {
  campaignId: string;
  input: TCampaignInput;
  principal: Principal;
}): Promise<TCampaign> {
  const { campaignId, input, principal } = opts;
  const key = await campaignKeyOf(campaignId);
  await checkCampaignFields(input);
  const size = await audienceSize(input);
  const settings = await getCampaignSettings();
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await takeRow(tx, key, campaignId, allowedStatuses("edit"), "edit");
    await lockTemplates(tx, input.campaign_details);
    await lockAudiences(tx, input);
    const stored = await tx.campaign.findUnique({ where: { campaign_key: key }, include: WITH_PARTS });
    if (!stored) throw notFound(`No campaign has id ${campaignId}.`);
    // A Not sent campaign goes back for approval on any edit: that is how it is tried again.
    const reset = stored.status === "Not sent" || changesApproved(stored, input);
    await tx.campaign.update({
      where: { campaign_key: key },
      data: {
        campaign_name: input.campaign_name,
        ...(input.author !== undefined ? { author: input.author } : {}),
        is_draft: input.is_draft,
        ...approvedData(input),
        ...(reset
          ? {
              status: "Not approved",
              approvals_count: 0,
              audience_size: size,
              required_approvals: requiredApprovals(settings, size),
            }
          : {}),
      },
    });
    if (reset) await tx.campaignApproval.deleteMany({ where: { campaign_key: key } });
    await saveGroups(tx, stored, input);
    await recordEditors(tx, [key], principal);
  });
  return campaignViewOf(await loadCampaign(key, campaignId), principal);
}

/** Groups by number: kept groups keep their ids, new ones get ids, dropped ones go. */
async function saveGroups(tx: Tx, stored: StoredCampaign, input: TCampaignInput): Promise<void> {
  const details = input.campaign_details;
  await tx.campaignGroup.deleteMany({
    where: { campaign_key: stored.campaign_key, group_number: { gt: details.length } },
  });
  const added = details.map((_, i) => i + 1).filter((n) => !stored.groups.some((g) => g.group_number === n));
  const addedIds = added.length
    ? await freeIds(
        tx,
        stored.date_created,
        input.campaign_name,
        added.map((n) => details[n - 1]?.abc_audience_percent ?? 0),
        added,
      )
    : [];
  for (const [i, g] of details.entries()) {
    const number = i + 1;
    const at = added.indexOf(number);
    if (at >= 0) {
      await tx.campaignGroup.create({
        data: {
          campaign_id: addedIds[at] as string,
          campaign_key: stored.campaign_key,
          group_number: number,
          ...groupData(g),
        },
      });
    } else {
      await tx.campaignGroup.update({
        where: { campaign_key_group_number: { campaign_key: stored.campaign_key, group_number: number } },
        data: groupData(g),
      });
    }
  }
}

/**
 * Deleting: never while Preparing, Sending or Sent (409 invalid_status), nor a campaign that has
 * sent before (409 has_sends: its report and the frequency cap's history would go; archive it).
 * Role user deletes only their own drafts: campaigns they created that are Not approved.
 */
export async function deleteCampaign(opts: { campaignId: string; principal: Principal }): Promise<{ detail: string }> {
  const { campaignId, principal } = opts;
  const key = await campaignKeyOf(campaignId);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await takeRow(tx, key, campaignId, allowedStatuses("delete"), "delete");
    const found = await tx.campaign.findUniqueOrThrow({
      where: { campaign_key: key },
      select: { created_by: true, status: true },
    });
    if (principal.role === "user" && (found.created_by !== actorOf(principal) || found.status !== "Not approved")) {
      throw forbidden(
        `Role user deletes only their own draft campaigns (created by them, Not approved); campaign ${campaignId} is ${found.created_by === actorOf(principal) ? found.status : "someone else's"}.`,
      );
    }
    const sends = await tx.campaignSend.count({ where: { campaign_key: key, targeted: { gt: 0 } } });
    if (sends > 0) {
      throw conflict(
        `Campaign ${campaignId} has been sent before (${sends} send${sends > 1 ? "s" : ""}): deleting it would erase its report and the frequency cap's history; archive it instead.`,
        "has_sends",
      );
    }
    await tx.campaign.delete({ where: { campaign_key: key } });
  });
  return { detail: `Campaign ${campaignId} deleted.` };
}
