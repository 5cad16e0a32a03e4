/** Builds of the recommendation models (rec_models) as the API shows them. */
import { z } from "zod";
import { db } from "@/lib/db/client";
import type { RecModel } from "@/lib/db/generated/client";
import { listResponse, type TPagination, ZList } from "@/lib/http/pagination";
import { formatNullableTimestamp, formatTimestamp } from "@/lib/http/timestamps";
import { requestModelBuild } from "./model-store";

export const ZModelBuild = z.object({
  model_id: z.string(),
  status: z.enum(["building", "ready", "failed"]),
  reason: z.string(),
  date_started: z.string(),
  date_built: z.string().nullable(),
  events: z.number().int(),
  bytes: z.number().int(),
  /** Per model: build time and peak memory; while building, also where the build is. */
  stats: z
    .object({
      progress: z
        .object({ step: z.string(), done: z.number().int(), total: z.number().int() })
        .optional()
        .describe("While building: the step under way and how many of the steps are done"),
    })
    .catchall(z.object({ ms: z.number(), peakMb: z.number().optional() })),
  error: z.string().nullable(),
});
export const ZModelBuildList = ZList("builds", ZModelBuild);

function view(m: RecModel): z.infer<typeof ZModelBuild> {
  return {
    model_id: m.model_id,
    status: m.status as "building" | "ready" | "failed",
    reason: m.reason,
    date_started: formatTimestamp(m.date_started),
    date_built: formatNullableTimestamp(m.date_built),
    events: Number(m.events),
    bytes: Number(m.bytes),
    stats: m.stats as z.infer<typeof ZModelBuild>["stats"],
    error: m.error,
  };
}

export async function listModelBuilds(page: TPagination) {
  const prisma = await db();
  const [rows, count] = await Promise.all([
    prisma.recModel.findMany({
      orderBy: [{ date_started: "desc" }, { model_id: "desc" }],
      skip: page.offset,
      take: page.limit,
    }),
    prisma.recModel.count(),
  ]);
  return listResponse("builds", page, rows.map(view), count);
}

export async function buildNow() {
  await requestModelBuild("asked through the API");
  const prisma = await db();
  const building = await prisma.recModel.findFirst({
    where: { status: "building" },
    orderBy: { date_started: "desc" },
  });
  return { queued: true as const, building: building ? view(building) : null };
}
