/**
 * Liveness: the process answers (no credentials, no database), with this thread's event-loop
 * delay (lib/health/event-loop.ts): how long requests waited for the one JavaScript thread.
 */
import { randomUUID } from "node:crypto";
import { eventLoopStats } from "@/lib/health/event-loop";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return Response.json(
    { status: "ok", event_loop: eventLoopStats() ?? null },
    {
      headers: {
        "x-request-id": request.headers.get("x-request-id")?.slice(0, 100) || randomUUID(),
        "cache-control": "no-store",
      },
    },
  );
}
