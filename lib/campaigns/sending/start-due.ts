/**
 * The scheduler (job campaigns.start-due, every minute): starts each Approved campaign whose next
 * occurrence is due (./occurrences.ts, in TIMEZONE) once its first group's own time in that
 * occurrence has come (a group sends at its send_promotion_time, else its start_time), one send
 * per occurrence; the preparation holds back the messages of groups whose time is later
 * (./prepare.ts), so each group goes out at its own time. A second start of the same
 * occurrence (two schedulers, or send-instant racing) is refused by the send's unique key or by
 * the campaign's status. It also queues again the jobs of sends that have not moved for
 * STALE_MS (a job lost between commit and enqueue, or a worker that died) and have something to
 * do now (a send waiting for a later group's time is not stale): preparing and delivering both
 * take up where they stopped.
 */
import { now } from "@/lib/clock";
import { db, getDatabase } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log";
import { LEASE_MS } from "./deliver";
import { dueIndex, dueOccurrence, groupSendTime } from "./occurrences";
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
      groups: {
        select: { campaign_id: true, group_number: true, start_time: true, send_promotion_time: true },
        orderBy: { group_number: "asc" },
      },
      sends: { select: { occurrence_at: true }, orderBy: { occurrence_at: "desc" }, take: 1 },
    },
  });
  const started: string[] = [];
  for (const c of candidates) {
    const due = dueOccurrence(c, at, c.sends[0]?.occurrence_at ?? null);
    if (!due) continue;
    // Started when the first group's own time in this occurrence has come.
    const k = dueIndex(c, at) ?? 0;
    const first = Math.min(...c.groups.map((g) => groupSendTime(c, g, k).getTime()));
    if (first > at.getTime()) continue;
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
  const database = await getDatabase();
  // A Sending send is stale only with work due now: a message queued and due, one whose claim has
  // outlived its lease, or nothing left open (it was not closed). One waiting for a later group's
  // time has its job queued for then.
  const stale = await database.sql.query<{ send_id: string; status: string }>(
    `SELECT s.send_id, s.status FROM campaign_sends s
     WHERE s.date_modified < $1
       AND (s.status = 'Preparing'
            OR (s.status = 'Sending'
                AND (EXISTS (SELECT 1 FROM campaign_messages m WHERE m.send_id = s.send_id
                               AND ((m.status = 'queued' AND (m.retry_at IS NULL OR m.retry_at <= $2))
                                    OR (m.status = 'sending' AND m.claimed_at < $3)))
                     OR NOT EXISTS (SELECT 1 FROM campaign_messages m WHERE m.send_id = s.send_id
                                      AND m.status IN ('queued', 'sending')))))`,
    [new Date(at.getTime() - STALE_MS), at, new Date(at.getTime() - LEASE_MS)],
  );
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
