/**
 * GET /api/metrics: the Prometheus text of this process, for a scraper holding METRICS_TOKEN
 * (Authorization: Bearer <token>). Without the setting the route does not exist (404): the
 * figures (routes, queue names, volumes) are not for the public. Kept out of the OpenAPI
 * document, as /api/health and /api/ready are: it is the operators' door, not the API.
 */
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { notFound, unauthorized } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/handler";
import { refreshDatabaseFigures } from "./database-figures";
import { metrics } from "./registry";

/** Compared as hashes: equal lengths for timingSafeEqual, and no timing hint of the token's length. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export async function answerScrape(request: Request): Promise<Response> {
  const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
  const expected = env().METRICS_TOKEN;
  if (!expected) return errorResponse(notFound("There is no such route here."), requestId, request);
  const [scheme, given] = (request.headers.get("authorization") ?? "").trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== "bearer" || !given) {
    return errorResponse(unauthorized("Send Authorization: Bearer <METRICS_TOKEN>."), requestId, request);
  }
  if (!sameToken(given, expected)) {
    return errorResponse(unauthorized("The metrics token is not right.", "invalid_token"), requestId, request);
  }
  await refreshDatabaseFigures();
  const registry = metrics().registry;
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store", "x-request-id": requestId },
  });
}
