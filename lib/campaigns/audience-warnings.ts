/**
 * What an approver must know about whom a campaign will reach, said on the campaign (its
 * `warnings`) and in the approval's answer: an approval is not refused for them, but nobody
 * approves a campaign aimed at a draft or empty audience without being told.
 *
 * - A draft audience (lib/audiences: status draft, editable until saved as created) has no frozen
 *   members: the send takes whoever its filters match when it starts, and its filters may still
 *   be edited (each edit sends the campaign back for approval).
 * - An audience never calculated has no known size; one whose last calculation counted nobody
 *   (or segments with nobody in them, all_customers on an empty shop) sends nothing.
 *
 * Only for campaigns still to be sent (Not approved, Approved): a sent campaign's audience is
 * history.
 */
import { db } from "@/lib/db/client";
import { formatTimestamp } from "@/lib/http/timestamps";

export interface WarnedCampaign {
  campaign_key: string;
  status: string;
  audiences_type: string;
  audiences: unknown;
  audience_size: number;
}

const PENDING = new Set(["Not approved", "Approved"]);

const idsOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** The warnings of each campaign, by campaign_key (an empty list when none). */
export async function audienceWarnings(campaigns: WarnedCampaign[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(campaigns.map((c) => [c.campaign_key, []]));
  const pending = campaigns.filter((c) => PENDING.has(c.status));
  const ids = [...new Set(pending.filter((c) => c.audiences_type === "AUDIENCE").flatMap((c) => idsOf(c.audiences)))];
  const prisma = await db();
  const audiences = ids.length
    ? await prisma.audience.findMany({
        where: { audience_id: { in: ids } },
        select: {
          audience_id: true,
          audience_name: true,
          status: true,
          is_dynamic: true,
          audience_size: true,
          date_calculated: true,
        },
      })
    : [];
  const byId = new Map(audiences.map((a) => [a.audience_id, a]));
  for (const c of pending) {
    const warnings = result.get(c.campaign_key)!;
    if (c.audiences_type === "AUDIENCE") {
      for (const id of idsOf(c.audiences)) {
        const a = byId.get(id);
        if (!a) continue;
        const name = `Audience “${a.audience_name}” (${a.audience_id})`;
        if (a.status === "draft") {
          warnings.push(
            `${name} is a draft: its members are not frozen, so the send takes whoever its filters match when it starts, and its filters may still be edited (an edit sends this campaign back for approval).`,
          );
        }
        if (!a.date_calculated) {
          warnings.push(`${name} has not been calculated yet: how many customers it holds is not known.`);
        } else if (a.audience_size === 0) {
          warnings.push(
            `${name} had no customers at its last calculation (${formatTimestamp(a.date_calculated)}): the send would reach nobody.`,
          );
        }
      }
    } else if (c.audience_size === 0) {
      warnings.push("The campaign's segments had no customers when it was last saved: the send would reach nobody.");
    }
  }
  return result;
}
