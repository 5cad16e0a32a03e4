/** The OpenAPI 3.1 document, generated from the operations' zod schemas. */
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { env } from "@/lib/env";
import type { Operation } from "@/lib/http/operation";
import { allOperations } from "./registry";

export const ZErrorBody = z
  .object({
    detail: z.string().describe("A readable sentence"),
    code: z.string().describe("snake_case code, stable for programs"),
    errors: z
      .array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() }))
      .optional()
      .describe('Validation errors only: where (e.g. ["body", "rules", 0, "rule_type"]) and what'),
  })
  .meta({ id: "Error" });

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed JSON, or a malformed Idempotency-Key",
  401: "No or bad credentials",
  403: "The caller's role may not do this",
  404: "Unknown id",
  409: "Refused by the resource's state or by a reference to it",
  412: "If-Match names a version the resource no longer has: read it again",
  413: "Body too large",
  415: "Body not sent as application/json",
  422: "Validation failed; `errors` says where",
  429: "Rate limited",
  500: "Unexpected error (logged with the request id)",
};

const ZIdempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      "Makes a retry safe: the first answer (status and body) to this caller's key is kept 24 hours and a retry with the same method, path and body gets it again (with Idempotent-Replayed: true) without running twice; the same key with another request: 422 idempotency_key_reused; while the first still runs: 409 idempotency_in_progress. Answers given before the operation ran (401, 403, 415, 422 validation, 429) and 5xx are not kept: a retry runs again.",
    ),
});

const ZReplayedHeader = z.object({
  "Idempotent-Replayed": z
    .literal("true")
    .optional()
    .describe("Present when the answer is the one kept for this Idempotency-Key"),
});

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const idempotent = op.method !== "GET" && op.auth !== "public";
  const statuses = new Set<number>([
    ...(op.auth === "public" ? [] : [401]),
    ...(idempotent ? [400, 409] : []),
    422,
    500,
    ...(op.errors ?? []),
  ]);
  if (op.body) statuses.add(415);
  const body = op.docBody ?? op.body;
  const contentTypes = op.acceptForm ? ["application/json", "application/x-www-form-urlencoded"] : ["application/json"];
  return {
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    security: op.auth === "public" ? [] : [{ bearer: [] }, { session: [] }],
    requestParams: {
      ...(op.params ? { path: op.params as z.ZodObject } : {}),
      ...(op.query ? { query: op.query as z.ZodObject } : {}),
      ...(idempotent ? { header: ZIdempotencyHeader } : {}),
    },
    ...(body
      ? { requestBody: { required: true, content: Object.fromEntries(contentTypes.map((t) => [t, { schema: body }])) } }
      : {}),
    responses: {
      [String(op.status ?? 200)]: {
        description: "Success",
        ...(idempotent ? { headers: ZReplayedHeader } : {}),
        content: { "application/json": { schema: op.response } },
      },
      ...Object.fromEntries(
        [...statuses]
          .sort()
          .map((s) => [
            String(s),
            { description: STATUS_TEXT[s] ?? "Error", content: { "application/json": { schema: ZErrorBody } } },
          ]),
      ),
    },
  };
}

let cached: ReturnType<typeof createDocument> | undefined;

export function openApiDocument() {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const op of allOperations()) {
    for (const path of [op.path, ...(op.aliases ?? [])]) {
      paths[path] ??= {};
      (paths[path] as Record<string, ZodOpenApiOperationObject>)[op.method.toLowerCase()] = operationObject(op);
    }
  }
  cached = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Lumen API",
      version: "latest",
      description: [
        "Personalization, campaign and audience service. All paths start with /api/latest.",
        "",
        "Conventions on every route: errors are `{detail, code, errors?}`; lists take `offset` (default 0) and `limit` (default 10, capped at 100) and answer `{offset, limit, <items>, count}` with count the total; ids are `<kind>-id-<32 hex>`; timestamps are local date-times `YYYY-MM-DDTHH:MM:SS` in the service's time zone (" +
          env().TIMEZONE +
          "). Every response carries X-Request-Id. Bodies must be sent as application/json (415 otherwise); 1 MB limit, 10 MB on /data intake routes (413). POST, PUT and DELETE take an optional Idempotency-Key header (Stripe's semantics, kept 24 hours per caller).",
      ].join("\n"),
    },
    servers: [{ url: `${env().PUBLIC_URL}/api/latest` }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "From POST /auth/token" },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "authjs.session-token",
          description: "Browser session (sign-in page)",
        },
      },
    },
    paths,
  });
  return cached;
}
