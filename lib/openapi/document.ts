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
  403: "The caller's role or the credential's scope may not do this (forbidden, insufficient_scope), or the browser's origin is not allowed (origin_not_allowed)",
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
    ...(op.auth === "public" ? [] : [401, 403]),
    ...(op.scope === "content" ? [429] : []),
    ...(idempotent ? [400, 409] : []),
    422,
    500,
    ...(op.errors ?? []),
  ]);
  if (op.body) statuses.add(415);
  const body = op.docBody ?? op.body;
  const contentTypes = [
    "application/json",
    ...(op.acceptForm ? ["application/x-www-form-urlencoded"] : []),
    ...(op.acceptTextJson ? ["text/plain"] : []),
  ];
  return {
    summary: op.summary,
    description:
      op.auth === "public" ? op.description : `${scopeLine(op)}${op.description ? `\n\n${op.description}` : ""}`,
    ...(op.auth === "public" ? {} : { "x-scope": op.scope ?? "studio" }),
    tags: [op.tag],
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    security:
      op.auth === "public"
        ? []
        : op.scope === "content"
          ? [{ bearer: [] }, { publishableKey: [] }, { publishableKeyQuery: [] }, { session: [] }]
          : [{ bearer: [] }, { session: [] }],
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

/** The operation's scope in words (lib/auth/scopes.ts): the first line of its description. */
function scopeLine(op: Operation): string {
  const scope = op.scope ?? "studio";
  const what =
    scope === "content"
      ? "any credential, publishable keys (pk_...) included"
      : scope === "data:write"
        ? "API clients with scope data:write or studio, users"
        : "users, and API clients with scope studio";
  return `Scope: \`${scope}\` (${what}).`;
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
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "From POST /auth/token. A client's token carries its scopes (claim `scope`); an operation outside them answers 403 insufficient_scope.",
        },
        publishableKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "pk_...",
          description:
            "A publishable client's key (scopes exactly [\"content\"], Settings): `Authorization: Bearer pk_...`. Not a secret; content-scope operations only, from the client's allowed origins (Origin header; none: a server, allowed), rate limited per visitor and key (429 with Retry-After).",
        },
        publishableKeyQuery: {
          type: "apiKey",
          in: "query",
          name: "key",
          description: "The publishable key as the query parameter key=pk_..., for browsers (no preflight needed).",
        },
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
