/**
 * The export job (audiences.export). Each run claims the next attempt, writes the file from the
 * first row again into chunks of that attempt, and only an attempt that is still the current one
 * may finish: a retry after a crash neither loses rows nor doubles them, and chunks of an
 * abandoned attempt are deleted. Progress (rows_done of rows_total) is written after each batch.
 * When done, the requester is e-mailed a signed link valid for LINK_TTL_MS; a failure is recorded
 * with its reason and e-mailed when no retry is left (or at once when retrying cannot help).
 */

import { now } from "@/lib/clock";
import { db, getDatabase } from "@/lib/db/client";
import type { AudienceExport } from "@/lib/db/generated/client";
import { readDatabase } from "@/lib/db/replica";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { formatTimestamp } from "@/lib/http/timestamps";
import { log } from "@/lib/log";
import { sendMessage } from "@/lib/messaging/send-message";
import { escapeHtml } from "@/lib/text/escape-html";
import { membership } from "../audience-customers";
import { ChunkSink } from "./chunk-sink";
import { countRows, exportBatches, exportColumns } from "./export-rows";
import { csvWriter, type FileWriter, xlsxWriter } from "./file-writers";
import { signedLink } from "./link";
import { LINK_TTL_MS } from "./schemas";

/** Runs of one export before it is recorded as failed (the job's retryLimit is 2). */
export const MAX_ATTEMPTS = 3;

class Superseded extends Error {}

export async function runExport(exportId: string): Promise<void> {
  const database = await getDatabase();
  const claimed = await database.sql.query<AudienceExport>(
    `UPDATE audience_exports SET status = 'running', attempt = attempt + 1, rows_done = 0, error = '',
       date_started = now() WHERE export_id = $1 AND status IN ('queued', 'running') RETURNING *`,
    [exportId],
  );
  const row = claimed[0];
  if (!row) return sendIfUnsent(exportId);
  try {
    await writeFile(row);
  } catch (error) {
    if (error instanceof Superseded) return dropChunks(exportId, row.attempt);
    await failed(row, error);
    return;
  }
  await sendIfUnsent(exportId);
}

async function writeFile(row: AudienceExport): Promise<void> {
  const prisma = await db();
  const { export_id: exportId, attempt } = row;
  await prisma.audienceExportChunk.deleteMany({ where: { export_id: exportId, attempt: { not: attempt } } });
  await prisma.audienceExportChunk.deleteMany({ where: { export_id: exportId, attempt } });
  const m = await membership(row.audience_id);
  // The rows come from the read replica when there is one, once it has replayed what the primary
  // had committed by now (an import just before the export included); the export's own writes
  // (progress, chunks) go to the primary.
  const source = await readDatabase("audience export");
  await progress(exportId, attempt, { rows_total: await countRows(m, source) });
  const columns = exportColumns(row.extended);
  const sink = new ChunkSink(exportId, attempt);
  const writer: FileWriter =
    row.file_extension === "xlsx" ? xlsxWriter(columns, m.name, sink) : csvWriter(columns, sink);
  let done = 0;
  try {
    for await (const rows of exportBatches(m, row.extended, source)) {
      await writer.addRows(rows);
      done += rows.length;
      await progress(exportId, attempt, { rows_done: done });
    }
    await writer.finish();
  } catch (error) {
    sink.destroy();
    throw error;
  }
  const finishedAt = now();
  const marked = await prisma.audienceExport.updateMany({
    where: { export_id: exportId, attempt, status: "running" },
    data: {
      status: "done",
      rows_done: done,
      file_bytes: BigInt(sink.bytes),
      date_finished: finishedAt,
      link_expires_at: new Date(finishedAt.getTime() + LINK_TTL_MS),
    },
  });
  if (marked.count === 0) throw new Superseded();
}

async function progress(exportId: string, attempt: number, data: { rows_total?: number; rows_done?: number }) {
  const prisma = await db();
  const updated = await prisma.audienceExport.updateMany({
    where: { export_id: exportId, attempt, status: "running" },
    data,
  });
  if (updated.count === 0) throw new Superseded();
}

async function dropChunks(exportId: string, attempt: number): Promise<void> {
  const prisma = await db();
  await prisma.audienceExportChunk.deleteMany({ where: { export_id: exportId, attempt } });
}

/** Records a failure; throws again (pg-boss retries) while attempts are left and a retry can help. */
async function failed(row: AudienceExport, error: unknown): Promise<void> {
  const reason =
    error instanceof ApiError
      ? error.detail
      : `${error instanceof Error ? error.message : String(error)}`.split("\n").filter(Boolean).slice(-1)[0] ||
        "unknown error";
  const final = error instanceof ApiError || row.attempt >= MAX_ATTEMPTS;
  log.warn("audience export failed", { exportId: row.export_id, attempt: row.attempt, final, error: String(error) });
  const prisma = await db();
  await dropChunks(row.export_id, row.attempt);
  const marked = await prisma.audienceExport.updateMany({
    where: { export_id: row.export_id, attempt: row.attempt, status: "running" },
    data: final
      ? { status: "failed", error: reason, date_finished: now() }
      : { status: "queued", error: `attempt ${row.attempt} of ${MAX_ATTEMPTS} failed (${reason}); trying again` },
  });
  if (marked.count === 0) return;
  if (!final) throw error;
  await sendMessage({
    channel: "email",
    to: row.recipient_email,
    subject: `Your export of "${row.audience_name}" failed`,
    body: `The ${row.file_extension.toUpperCase()} export of ${row.audience_name} could not be made: ${reason}\n\nYou can ask for it again on the audience's page in Lumen.`,
    context: { kind: "audience_export", export_id: row.export_id, status: "failed" },
  });
}

/** E-mails the link of a finished export once (also after a crash between finishing and sending). */
async function sendIfUnsent(exportId: string): Promise<void> {
  const prisma = await db();
  const row = await prisma.audienceExport.findUnique({ where: { export_id: exportId } });
  if (row?.status !== "done" || row.email_sent_at || !row.link_expires_at) return;
  const link = signedLink(exportId, row.link_expires_at);
  const until = `${formatTimestamp(row.link_expires_at).replace("T", " ")} (${env().TIMEZONE})`;
  const what = `The ${row.file_extension.toUpperCase()} file of ${row.audience_name} (${row.rows_done} customers${row.extended ? ", extended" : ""})`;
  await sendMessage({
    channel: "email",
    to: row.recipient_email,
    subject: `Your export of "${row.audience_name}" is ready`,
    body: `${what} is ready:\n\n${link}\n\nThe link works for 6 minutes, until ${until}, for you (or a super user) signed in to Lumen.`,
    html: `<p>${escapeHtml(what)} is ready.</p><p><a href="${escapeHtml(link)}">Download the file</a></p><p>The link works for 6 minutes, until ${escapeHtml(until)}, for you (or a super user) signed in to Lumen.</p>`,
    context: { kind: "audience_export", export_id: exportId, status: "done", link },
  });
  await prisma.audienceExport.update({ where: { export_id: exportId }, data: { email_sent_at: now() } });
}
