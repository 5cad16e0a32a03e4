/**
 * GET /customer-studio/audiences/<id>/export: checks the audience or segment, records the export
 * and queues its job (an enqueue that fails takes the export back out), and answers
 * at once with the address the link will go to: the requesting user's, or for an API client the
 * e-mail of the user who created it.
 */
import type { Principal } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { membership } from "../audience-customers";
import { MAX_ATTEMPTS } from "./run-export";
import { type TExport, toExport } from "./schemas";

export function requesterKey(principal: Principal): string {
  return `${principal.kind}:${principal.id}`;
}

async function recipientOf(principal: Principal): Promise<string> {
  if (principal.kind === "user") return principal.subject;
  const prisma = await db();
  const client = await prisma.apiClient.findUnique({ where: { id: principal.id } });
  const email = client?.created_by ?? "";
  if (!email.includes("@")) {
    throw new ApiError(
      422,
      "no_email",
      `API client ${principal.subject} was not created by a user with an e-mail address, so an export link cannot be sent; ask for the export as a user, or create the client through the API as one.`,
    );
  }
  return email;
}

export async function requestExport(
  principal: Principal,
  audienceId: string,
  options: { file_extension: "csv" | "xlsx"; extended: boolean },
): Promise<{ message: string; export: TExport }> {
  const m = await membership(audienceId);
  const recipient = await recipientOf(principal);
  const prisma = await db();
  const row = await prisma.audienceExport.create({
    data: {
      export_id: newId("export"),
      audience_id: audienceId,
      audience_name: m.name,
      file_extension: options.file_extension,
      extended: options.extended,
      requested_by: requesterKey(principal),
      recipient_email: recipient,
    },
  });
  try {
    const boss = await getBoss();
    await boss.send(
      JOBS.exportAudience,
      { exportId: row.export_id },
      { retryLimit: MAX_ATTEMPTS - 1, retryDelay: 10, expireInSeconds: 3600 },
    );
  } catch (error) {
    await prisma.audienceExport.delete({ where: { export_id: row.export_id } });
    throw error;
  }
  return {
    message: `The ${options.file_extension.toUpperCase()} file of ${m.name} is being prepared; a download link that works for 6 minutes will be sent to ${recipient}.`,
    export: toExport(row),
  };
}
