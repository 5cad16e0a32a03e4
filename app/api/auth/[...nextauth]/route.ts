/**
 * Auth.js's routes. A credentials sign-in posted here (POST /api/auth/callback/credentials) goes
 * through the same password throttle as the form and the token grant; when it refuses, the answer
 * is 429 with Retry-After and the error envelope instead of Auth.js's redirect to the error page.
 */
import type { NextRequest } from "next/server";
import { handlers, signInAttempt } from "@/lib/auth/authjs";
import { throttledError } from "@/lib/auth/throttle-error";
import { errorBody } from "@/lib/http/errors";

export const { GET } = handlers;

export async function POST(request: NextRequest): Promise<Response> {
  const attempt: { retryAfter?: number } = {};
  const response = await signInAttempt.run(attempt, () => handlers.POST(request));
  if (attempt.retryAfter === undefined) return response;
  const error = throttledError(attempt.retryAfter);
  return Response.json(errorBody(error), { status: error.status, headers: error.headers });
}
