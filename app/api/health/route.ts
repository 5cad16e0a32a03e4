/** Liveness: the process answers (no credentials, no database). */
import { randomUUID } from "node:crypto";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return Response.json(
    { status: "ok" },
    {
      headers: {
        "x-request-id": request.headers.get("x-request-id")?.slice(0, 100) || randomUUID(),
        "cache-control": "no-store",
      },
    },
  );
}
