/** Readiness: database and job queue reachable (lib/health/check-ready.ts), else 503 in the error envelope. */
import { randomUUID } from "node:crypto";
import { checkReady } from "@/lib/health/check-ready";
import { errorResponse } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
  try {
    return Response.json(await checkReady(), { headers: { "x-request-id": requestId, "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error, requestId, request);
  }
}
