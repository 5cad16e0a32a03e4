/**
 * Liveness: the process answers (no credentials, no database), with this thread's event-loop
 * delay and, when a replica is configured, where heavy reads go (lib/health/health-answer.ts).
 * The custom server answers the same directly, without Next's router.
 */
import { healthBody, healthHeaders } from "@/lib/health/health-answer";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return Response.json(healthBody(), { headers: healthHeaders(request.headers) });
}
