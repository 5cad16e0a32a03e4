/** Builds of the recommendation models (rec_models) as the API shows them. */
import { z } from "zod";
import { db } from "@/lib/db/client";
import type { RecModel, RecModelPatch } from "@/lib/db/generated/client";
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
  latest_update: z
    .object({
      seq: z.number().int().describe("The update's number since this build (1, 2, ...)"),
      date_created: z.string(),
      bytes: z.number().int(),
      purchases: z.number().int().describe("New purchase lines this update read"),
      touched_items: z.number().int().describe("Items whose rows this update scored again"),
      ms: z.number().describe("How long the update took"),
    })
    .nullable()
    .describe(
      "The newest incremental update of this build (served on top of it, cumulative: it holds every earlier update's rows); null: none since the build",
    ),
});
export const ZModelBuildList = ZList("builds", ZModelBuild);

type PatchRow = Pick<RecModelPatch, "model_id" | "seq" | "bytes" | "stats" | "date_created">;

function updateView(p: PatchRow | undefined): z.infer<typeof ZModelBuild>["latest_update"] {
  if (!p) return null;
  const stats = (p.stats ?? {}) as { purchases?: number; touched?: number; ms?: number };
  return {
    seq: p.seq,
    date_created: formatTimestamp(p.date_created),
    bytes: Number(p.bytes),
    purchases: stats.purchases ?? 0,
    touched_items: stats.touched ?? 0,
    ms: stats.ms ?? 0,
  };
}

/** Each build's newest patch (./model-patches.ts), for the builds listed: one query. */
async function newestPatches(modelIds: string[]): Promise<Map<string, PatchRow>> {
  if (!modelIds.length) return new Map();
  const prisma = await db();
  const rows = await prisma.recModelPatch.findMany({
    where: { model_id: { in: modelIds } },
    select: { model_id: true, seq: true, bytes: true, stats: true, date_created: true },
    orderBy: { seq: "asc" },
  });
  return new Map(rows.map((r) => [r.model_id, r]));
}

function view(m: RecModel, patch?: PatchRow): z.infer<typeof ZModelBuild> {
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
    latest_update: updateView(patch),
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
  const patches = await newestPatches(rows.map((r) => r.model_id));
  return listResponse(
    "builds",
    page,
    rows.map((r) => view(r, patches.get(r.model_id))),
    count,
  );
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
