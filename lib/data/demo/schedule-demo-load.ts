/**
 * On start with DEMO_DATA on: queue the demo load when the database has no shop data yet, or when
 * an earlier load did not finish (it is idempotent, so it simply runs again).
 */

import { getDemoProgress } from "@/lib/data/demo-progress";
import { db } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";

export async function scheduleDemoLoad(): Promise<boolean> {
  const prisma = await db();
  const progress = await getDemoProgress();
  if (progress?.state === "done") return false;
  if (!progress && ((await prisma.item.count()) > 0 || (await prisma.customer.count()) > 0)) return false;
  const boss = await getBoss();
  await boss.createQueue(JOBS.loadDemo, { policy: "stately" });
  await boss.send(JOBS.loadDemo, {}, { singletonKey: "demo", retryLimit: 2, expireInSeconds: 3600 });
  return true;
}
