/**
 * GET /api/health's answer (app/api/health/route.ts): the process answers (no credentials, no
 * database), with this thread's event-loop delay (./event-loop.ts) and, when DATABASE_REPLICA_URL
 * is set, where heavy reads go (lib/db/replica.ts), from what the process last saw.
 *
 * The custom server (scripts/start.ts) answers it as a direct route (lib/http/direct-routes.ts),
 * without Next's router: through it a health check cost about 1.8 ms of the web thread (560 a
 * second on one connection, 2-core machine), which load balancers and probes polling every few
 * hundred milliseconds take from the requests that thread serves.
 */
import { randomUUID } from "node:crypto";
import { replicaHealth } from "@/lib/db/replica";
import type { HeaderReader } from "@/lib/http/handler";
import { eventLoopStats } from "./event-loop";

export function healthBody() {
  const replica = replicaHealth();
  return { status: "ok" as const, event_loop: eventLoopStats() ?? null, ...(replica ? { replica } : {}) };
}

export function healthHeaders(headers: HeaderReader): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-request-id": headers.get("x-request-id")?.slice(0, 100) || randomUUID(),
    "cache-control": "no-store",
  };
}

/** The direct route's handling (the same answer as the route module's GET). */
export const healthDirect = {
  answer: (incoming: { headers: HeaderReader }) => ({
    status: 200,
    headers: healthHeaders(incoming.headers),
    body: JSON.stringify(healthBody()),
  }),
};
