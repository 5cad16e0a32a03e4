/** DELETE /campaigning-studio/suppressions/<id> (super users): the address may be sent to again. */
import { getDatabase } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { log } from "@/lib/log";

export async function deleteSuppression(opts: { suppressionId: string; by?: string }): Promise<{ detail: string }> {
  const database = await getDatabase();
  const [gone] = await database.sql.query<{ channel: string; reason: string }>(
    "DELETE FROM suppressions WHERE suppression_id = $1 RETURNING channel, reason",
    [opts.suppressionId],
  );
  if (!gone) throw notFound(`No suppression has suppression_id ${opts.suppressionId}.`);
  log.info("suppression removed", { suppression: opts.suppressionId, channel: gone.channel, by: opts.by });
  return { detail: `Suppression ${opts.suppressionId} removed.` };
}
