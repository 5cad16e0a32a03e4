/**
 * Starting one occurrence of a campaign: Approved -> Preparing and its send row, in one
 * transaction. The conditional UPDATE lets one start win when two race (send-instant and the
 * scheduler, or two clicks); the send row is unique per (campaign, occurrence time), so the same
 * occurrence is never started twice. The preparation job is queued after the commit (on PGlite
 * pg-boss's own connection would wait for the open transaction to end); a failed enqueue puts the
 * campaign back to Approved.
 */
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { allowedStatuses, assertAllowed } from "../status";

export const JOB_OPTIONS = { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 1800 };

/** Moves the campaign to Preparing with a send row for the occurrence; 409 unless Approved. */
export async function startSend(opts: {
  campaignKey: string;
  campaignId: string;
  occurrenceAt: Date;
}): Promise<string> {
  const { campaignKey, campaignId, occurrenceAt } = opts;
  const prisma = await db();
  const sendId = newId("send");
  const at = now();
  await prisma.$transaction(async (tx) => {
    const taken = await tx.campaign.updateMany({
      where: { campaign_key: campaignKey, status: { in: [...allowedStatuses("send")] } },
      data: { status: "Preparing", date_modified: at },
    });
    if (taken.count === 0) {
      const found = await tx.campaign.findUnique({ where: { campaign_key: campaignKey }, select: { status: true } });
      if (!found) throw notFound(`No campaign has id ${campaignId}.`);
      assertAllowed("send", found.status, campaignId);
    }
    await tx.campaignSend.create({
      data: {
        send_id: sendId,
        campaign_key: campaignKey,
        occurrence_at: occurrenceAt,
        date_created: at,
        date_modified: at,
      },
    });
  });
  try {
    await queuePrepare(sendId);
  } catch (error) {
    await prisma.$transaction([
      prisma.campaignSend.deleteMany({ where: { send_id: sendId, status: "Preparing" } }),
      prisma.campaign.updateMany({
        where: { campaign_key: campaignKey, status: "Preparing" },
        data: { status: "Approved" },
      }),
    ]);
    throw error;
  }
  return sendId;
}

export async function queuePrepare(sendId: string): Promise<void> {
  const boss = await getBoss();
  await boss.send(JOBS.prepareSend, { sendId }, JOB_OPTIONS);
}

/** Queues the send's delivery, at once or (a retry a provider asked to wait for) at `startAfter`. */
export async function queueDelivery(sendId: string, startAfter?: Date): Promise<void> {
  const boss = await getBoss();
  await boss.send(JOBS.deliverSend, { sendId }, startAfter ? { ...JOB_OPTIONS, startAfter } : JOB_OPTIONS);
}
