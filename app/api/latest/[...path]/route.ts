/** Unknown paths under /api/latest answer the API's JSON envelope, not Next's HTML 404 page. */
import { randomUUID } from "node:crypto";
import { notFound } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/handler";

function unknownRoute(request: Request): Response {
  const path = new URL(request.url).pathname;
  return errorResponse(
    notFound(`No API route ${request.method} ${path}. The reference is at /docs and /api/latest/openapi.json.`),
    request.headers.get("x-request-id") ?? randomUUID(),
    request,
  );
}

export const GET = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const DELETE = unknownRoute;
export const PATCH = unknownRoute;
