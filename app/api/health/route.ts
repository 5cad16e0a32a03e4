/**
 * Liveness: the process answers (no credentials, no database), with this thread's event-loop
 * delay (lib/health/event-loop.ts): how long requests waited for the one JavaScript thread, and,
 * when DATABASE_REPLICA_URL is set, where heavy reads go (lib/db/replica.ts: the replica, or the
 * primary and why), from what the process last saw, without asking a database while answering.
 */
import { randomUUID } from "node:crypto";
import { replicaHealth } from "@/lib/db/replica";
import { eventLoopStats } from "@/lib/health/event-loop";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return Response.json(
    { status: "ok", event_loop: eventLoopStats() ?? null, ...replicaField() },
    {
      headers: {
        "x-request-id": request.headers.get("x-request-id")?.slice(0, 100) || randomUUID(),
        "cache-control": "no-store",
      },
    },
  );
}

function replicaField(): { replica?: ReturnType<typeof replicaHealth> } {
  const replica = replicaHealth();
  return replica ? { replica } : {};
}
