/**
 * The other ids an object is known by, and a one-line state for the before/after summary, per
 * object type. A campaign is addressed by any of its groups' campaign_id: its entries keep them
 * all, so a filter on any one finds them (even after the campaign is deleted).
 */
import { db } from "@/lib/db/client";

export interface ObjectState {
  ids: string[];
  /** Status and counts only: never names, addresses or texts. */
  state: string;
}

type Resolver = (id: string) => Promise<ObjectState | undefined>;

const resolvers: Record<string, Resolver> = {
  async user(id) {
    const row = await (await db()).user.findUnique({ where: { id }, select: { role: true, is_disabled: true } });
    return row ? { ids: [id], state: `role ${row.role}, ${row.is_disabled ? "disabled" : "active"}` } : undefined;
  },
  async api_client(id) {
    const row = await (await db()).apiClient.findFirst({
      where: { OR: [{ client_id: id }, { id }] },
      select: { id: true, client_id: true, role: true, date_revoked: true },
    });
    return row
      ? { ids: [row.id, row.client_id], state: `role ${row.role}, ${row.date_revoked ? "revoked" : "active"}` }
      : undefined;
  },
  async campaign(id) {
    const prisma = await db();
    const group = await prisma.campaignGroup.findUnique({ where: { campaign_id: id }, select: { campaign_key: true } });
    const key = group?.campaign_key ?? id;
    const campaign = await prisma.campaign.findUnique({
      where: { campaign_key: key },
      select: {
        campaign_key: true,
        status: true,
        approvals_count: true,
        required_approvals: true,
        archived_at: true,
        groups: { select: { campaign_id: true }, orderBy: { group_number: "asc" } },
      },
    });
    if (!campaign) return undefined;
    const archived = campaign.archived_at ? ", archived" : "";
    return {
      ids: [campaign.campaign_key, ...campaign.groups.map((g) => g.campaign_id)],
      state: `${campaign.status}, ${campaign.approvals_count}/${campaign.required_approvals} approvals${archived}`,
    };
  },
};

/** The object's ids and state now, or undefined (an unknown type or id). */
export async function objectState(type: string, id: string): Promise<ObjectState | undefined> {
  const resolve = resolvers[type];
  return resolve ? resolve(id) : undefined;
}
