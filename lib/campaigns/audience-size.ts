/**
 * A campaign's audiences must exist (409 naming those that do not): segment ids (GENERIC) are
 * segments customers carry, or all_customers; audience ids (AUDIENCE) are saved audiences.
 * The size decides how many approvals the campaign needs: the customers of the segments, or the
 * sum of the audiences' sizes (an upper bound when audiences overlap).
 */
import { db } from "@/lib/db/client";
import { conflict } from "@/lib/http/errors";
import type { TCampaignInput } from "./schemas";

export const ALL_CUSTOMERS = "all_customers";

export async function audienceSize(input: Pick<TCampaignInput, "audiences" | "audiences_type">): Promise<number> {
  const prisma = await db();
  const ids = [...new Set(input.audiences)];
  if (input.audiences_type === "AUDIENCE") {
    const found = await prisma.audience.findMany({
      where: { audience_id: { in: ids } },
      select: { audience_id: true, audience_size: true },
    });
    missing(ids, new Set(found.map((a) => a.audience_id)), "audience");
    return found.reduce((sum, a) => sum + a.audience_size, 0);
  }
  if (ids.includes(ALL_CUSTOMERS)) {
    const others = ids.filter((id) => id !== ALL_CUSTOMERS);
    if (others.length) await segmentSizes(others);
    return prisma.customer.count();
  }
  const sizes = await segmentSizes(ids);
  return [...sizes.values()].reduce((sum, n) => sum + n, 0);
}

async function segmentSizes(ids: string[]): Promise<Map<string, number>> {
  const prisma = await db();
  const rows = await prisma.customer.groupBy({
    by: ["segment_id"],
    where: { segment_id: { in: ids } },
    _count: { _all: true },
  });
  const sizes = new Map(rows.map((r) => [r.segment_id, r._count._all]));
  missing(ids, new Set(sizes.keys()), "segment");
  return sizes;
}

function missing(ids: string[], found: Set<string>, kind: "segment" | "audience"): void {
  const absent = ids.filter((id) => !found.has(id));
  if (absent.length) {
    const which = kind === "segment" ? "No customer is in segment" : "No audience has id";
    throw conflict(`${which}${absent.length > 1 ? "s" : ""} ${absent.join(", ")}.`, "unknown_reference");
  }
}
