/**
 * The scheduler (job campaigns.start-due, every minute): starts each Approved campaign whose next
 * occurrence is due (./occurrences.ts), one send per occurrence; a second start of the same
 * occurrence (two schedulers, or send-instant racing) is refused by the send's unique key or by
 * the campaign's status. It also queues again the jobs of sends that have not moved for
 * STALE_MS (a job lost between commit and enqueue, or a worker that died): preparing and
 * delivering both take up where they stopped.
 */
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { LEASE_MS } from "./deliver";
import { dueOccurrence } from "./occurrences";
import { queueDelivery, queuePrepare, startSend } from "./start-send";

export const STALE_MS = 2 * LEASE_MS;

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "P2002";

export async function startDueCampaigns(): Promise<{ started: string[]; requeued: string[] }> {
  const prisma = await db();
  const at = now();
  const candidates = await prisma.campaign.findMany({
    where: { status: "Approved", start_time: { lte: at } },
    select: {
      campaign_key: true,
      start_time: true,
      end_time: true,
      recurring_frequency: true,
      recurring_until: true,
      groups: { select: { campaign_id: true }, orderBy: { group_number: "asc" }, take: 1 },
      sends: { select: { occurrence_at: true }, orderBy: { occurrence_at: "desc" }, take: 1 },
    },
  });
  const started: string[] = [];
  for (const c of candidates) {
    const due = dueOccurrence(c, at, c.sends[0]?.occurrence_at ?? null);
    if (!due) continue;
    try {
      await startSend({
        campaignKey: c.campaign_key,
        campaignId: c.groups[0]?.campaign_id ?? c.campaign_key,
        occurrenceAt: due,
      });
      started.push(c.campaign_key);
    } catch (error) {
      // Started by someone else meanwhile (status changed, or this occurrence has its send).
      if (isUniqueViolation(error) || (error instanceof ApiError && error.status === 409)) continue;
      log.error("could not start a campaign", { campaign: c.campaign_key, error });
    }
  }
  const stale = await prisma.campaignSend.findMany({
    where: { status: { in: ["Preparing", "Sending"] }, date_modified: { lt: new Date(at.getTime() - STALE_MS) } },
    select: { send_id: true, status: true },
  });
  for (const s of stale) {
    if (s.status === "Preparing") await queuePrepare(s.send_id);
    else await queueDelivery(s.send_id);
    await prisma.campaignSend.updateMany({
      where: { send_id: s.send_id, status: s.status },
      data: { date_modified: at },
    });
  }
  if (started.length) log.info("campaigns started", { campaigns: started });
  return { started, requeued: stale.map((s) => s.send_id) };
}
