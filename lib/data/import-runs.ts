/** The record of each import (API call, CLI file, demo load): shown on the Data page. */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/http/ids";
import { formatNullableTimestamp, formatTimestamp } from "@/lib/http/timestamps";
import type { TIntakeResult } from "./schemas";

export const ZImportRun = z.object({
  id: z.string(),
  kind: z.string(),
  source: z.string(),
  actor: z.string(),
  received: z.number().int(),
  upserted: z.number().int(),
  rejected: z.number().int(),
  errors: z.array(z.object({ index: z.number().int(), detail: z.string() })),
  date_started: z.string(),
  date_finished: z.string().nullable(),
});
export type TImportRun = z.infer<typeof ZImportRun>;

const KEEP_ERRORS = 50;

export async function startImportRun(options: { kind: string; source: string; actor: string }): Promise<string> {
  const prisma = await db();
  const id = newId("import");
  await prisma.importRun.create({ data: { id, ...options } });
  return id;
}

/** Adds a batch's figures to the run; errors beyond the first 50 are counted, not kept. */
export async function addToImportRun(id: string, result: TIntakeResult, indexOffset = 0, finished = false) {
  const prisma = await db();
  const run = await prisma.importRun.findUniqueOrThrow({ where: { id } });
  const kept = (run.errors as TIntakeResult["errors"]) ?? [];
  const room = Math.max(0, KEEP_ERRORS - kept.length);
  const errors = [...kept, ...result.errors.slice(0, room).map((e) => ({ ...e, index: e.index + indexOffset }))];
  await prisma.importRun.update({
    where: { id },
    data: {
      received: { increment: result.received },
      upserted: { increment: result.upserted },
      rejected: { increment: result.errors.length },
      errors,
      ...(finished ? { date_finished: new Date() } : {}),
    },
  });
}

export async function finishImportRun(id: string) {
  const prisma = await db();
  await prisma.importRun.update({ where: { id }, data: { date_finished: new Date() } });
}

export async function recordImport(options: {
  kind: string;
  source: string;
  actor: string;
  result: TIntakeResult;
}): Promise<void> {
  const prisma = await db();
  await prisma.importRun.create({
    data: {
      id: newId("import"),
      kind: options.kind,
      source: options.source,
      actor: options.actor,
      received: options.result.received,
      upserted: options.result.upserted,
      rejected: options.result.errors.length,
      errors: options.result.errors.slice(0, KEEP_ERRORS),
      date_finished: new Date(),
    },
  });
}

export async function listImportRuns(limit = 10): Promise<TImportRun[]> {
  const prisma = await db();
  const rows = await prisma.importRun.findMany({ orderBy: { date_started: "desc" }, take: limit });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    source: r.source,
    actor: r.actor,
    received: r.received,
    upserted: r.upserted,
    rejected: r.rejected,
    errors: r.errors as TIntakeResult["errors"],
    date_started: formatTimestamp(r.date_started),
    date_finished: formatNullableTimestamp(r.date_finished),
  }));
}
