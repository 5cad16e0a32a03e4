/** Reading exports back: one, or an audience's newest first (the audience page's progress). */
import { membership } from "@/lib/audiences/audience-customers";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { toExport } from "./schemas";

export async function getExport(exportId: string) {
  const prisma = await db();
  const row = await prisma.audienceExport.findUnique({ where: { export_id: exportId } });
  if (!row) throw notFound(`No export has id ${exportId}.`);
  return toExport(row);
}

export async function listExports(audienceId: string, page: TPagination) {
  const prisma = await db();
  const where = { audience_id: audienceId };
  const [rows, count] = await Promise.all([
    prisma.audienceExport.findMany({ where, orderBy: { date_created: "desc" }, skip: page.offset, take: page.limit }),
    prisma.audienceExport.count({ where }),
  ]);
  // No export names it: 404 unless an audience or segment has the id (membership throws otherwise).
  if (count === 0) await membership(audienceId);
  return listResponse("exports", page, rows.map(toExport), count);
}
