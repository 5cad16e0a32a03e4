/**
 * The export's file through its signed link: only for the user (or API client) who asked for it,
 * the user the link was sent to, or a super user. After the link's 6 minutes: 410 and the file's
 * chunks are deleted (also by the purge job, every minute). The file streams a chunk at a time.
 */
import type { Principal } from "@/lib/auth/roles";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import type { AudienceExport } from "@/lib/db/generated/client";
import { ApiError, forbidden, notFound } from "@/lib/http/errors";
import { CONTENT_TYPES } from "./file-writers";
import { validSignature } from "./link";
import { requesterKey } from "./request-export";

const gone = (detail: string) => new ApiError(410, "link_expired", detail);

export function mayDownload(principal: Principal, row: AudienceExport): boolean {
  return (
    principal.role === "super" ||
    requesterKey(principal) === row.requested_by ||
    (principal.kind === "user" && principal.subject.toLowerCase() === row.recipient_email.toLowerCase())
  );
}

/** Deletes the files of exports whose link has expired; answers how many. */
export async function purgeExpiredExports(at = now()): Promise<number> {
  const prisma = await db();
  const expired = await prisma.audienceExport.findMany({
    where: { status: "done", link_expires_at: { lte: at } },
    select: { export_id: true },
  });
  for (const { export_id } of expired) await expire(export_id);
  return expired.length;
}

async function expire(exportId: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction([
    prisma.audienceExportChunk.deleteMany({ where: { export_id: exportId } }),
    prisma.audienceExport.update({ where: { export_id: exportId }, data: { status: "expired" } }),
  ]);
}

export async function downloadExport(
  principal: Principal,
  exportId: string,
  link: { expires: number; signature: string },
): Promise<Response> {
  const prisma = await db();
  const row = await prisma.audienceExport.findUnique({ where: { export_id: exportId } });
  if (!row) throw notFound(`No export has id ${exportId}.`);
  if (!validSignature(exportId, link.expires, link.signature)) {
    throw forbidden("This download link is not valid: use the link from the e-mail as it is.");
  }
  if (!mayDownload(principal, row)) {
    throw forbidden(
      `Only the user who asked for this export (${row.recipient_email}) or a super user may download it.`,
    );
  }
  if (row.status === "expired" || (row.link_expires_at && row.link_expires_at.getTime() <= now().getTime())) {
    if (row.status !== "expired") await expire(exportId);
    throw gone(
      "This download link has expired (links work for 6 minutes) and the file was deleted; export the audience again.",
    );
  }
  if (row.status !== "done") throw new ApiError(409, "not_ready", `The export is ${row.status}.`);
  const attempt = row.attempt;
  let seq = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await prisma.audienceExportChunk.findUnique({
        where: { export_id_attempt_seq: { export_id: exportId, attempt, seq: seq++ } },
      });
      if (chunk) controller.enqueue(new Uint8Array(chunk.data));
      else controller.close();
    },
  });
  const ext = row.file_extension as keyof typeof CONTENT_TYPES;
  const name = `${row.audience_name.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "audience"}-${row.export_id.slice(-8)}.${ext}`;
  return new Response(body, {
    headers: {
      "content-type": CONTENT_TYPES[ext],
      "content-length": String(row.file_bytes),
      "content-disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "private, no-store",
    },
  });
}
