/** Progress of the demo shop load, kept in system_state so the Data page and CLI can show it. */
import { z } from "zod";
import { db } from "@/lib/db/client";

export const ZDemoProgress = z.object({
  state: z.enum(["loading", "done", "failed"]),
  phase: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  source: z.string(),
  message: z.string().optional(),
});
export type TDemoProgress = z.infer<typeof ZDemoProgress>;

const KEY = "demo_load";

export async function getDemoProgress(): Promise<TDemoProgress | null> {
  const prisma = await db();
  const row = await prisma.systemState.findUnique({ where: { key: KEY } });
  const parsed = ZDemoProgress.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

export async function setDemoProgress(progress: TDemoProgress): Promise<void> {
  const prisma = await db();
  await prisma.systemState.upsert({
    where: { key: KEY },
    create: { key: KEY, value: progress },
    update: { value: progress, date_modified: new Date() },
  });
}
