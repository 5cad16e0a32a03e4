/**
 * The daily job on events' partitions (lib/jobs): the next months' partitions are made ahead, and
 * with EVENT_RETENTION_MONTHS set, the months past it are dropped.
 */
import { type Database, getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { dropExpiredEvents } from "./drop-expired-events";
import { prepareEventPartitions } from "./event-partitions";

export async function maintainEventPartitions(options: { database?: Database; now?: Date }): Promise<void> {
  const database = options.database ?? (await getDatabase());
  await prepareEventPartitions({ database, now: options.now });
  const months = env().EVENT_RETENTION_MONTHS;
  if (months === undefined) return;
  const dropped = await dropExpiredEvents({ database, retentionMonths: months, now: options.now });
  log.info("events retention", {
    keepFrom: dropped.keepFrom.toISOString(),
    dropped: dropped.partitions,
    events: dropped.events,
  });
}
