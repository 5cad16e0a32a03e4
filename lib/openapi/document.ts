/** The OpenAPI 3.1 document, generated from the operations' zod schemas. */
import { STATUS_CODES } from "node:http";
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { env } from "@/lib/env";
import type { Operation } from "@/lib/http/operation";
import { registerResources } from "./components";
import { attachErrorCodes, errorCodesOf } from "./error-codes";
import { attachExamples } from "./examples";
import { documentedPath, operationId } from "./paths";
import { refineResources } from "./refine";
import { allOperations } from "./registry";
import { errorStatuses, headersOf, STATUS_TEXT, takesIdempotencyKey } from "./responses";
import { TAGS } from "./tags";
import { nameTimestamps } from "./timestamps";

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

function operationObject(op: Operation, path: string): ZodOpenApiOperationObject {
  const idempotent = takesIdempotencyKey(op);
  const body = op.docBody ?? op.body;
  const contentTypes = [
    "application/json",
    ...(op.acceptForm ? ["application/x-www-form-urlencoded"] : []),
    ...(op.acceptTextJson ? ["text/plain"] : []),
  ];
  const success = op.status ?? 200;
  const header = z.object({ ...(op.headers?.shape ?? {}), ...(idempotent ? ZIdempotencyHeader.shape : {}) });
  const successContent = op.fileTypes
    ? Object.fromEntries(op.fileTypes.map((t) => [t, { schema: { type: "string" as const, format: "binary" } }]))
    : { "application/json": { schema: op.response } };
  return {
    summary: op.summary,
    description:
      op.auth === "public" ? op.description : `${scopeLine(op)}${op.description ? `\n\n${op.description}` : ""}`,
    ...(op.auth === "public" ? {} : { "x-scope": op.scope ?? "studio" }),
    tags: [op.tag],
    operationId: operationId(op.method, path),
    security:
      op.auth === "public"
        ? []
        : op.scope === "content"
          ? [{ bearer: [] }, { publishableKey: [] }, { publishableKeyQuery: [] }, { session: [] }]
          : [{ bearer: [] }, { session: [] }],
    requestParams: {
      ...(op.params ? { path: op.params as z.ZodObject } : {}),
      ...(op.query ? { query: op.query as z.ZodObject } : {}),
      ...(Object.keys(header.shape).length ? { header } : {}),
    },
    ...(body
      ? { requestBody: { required: true, content: Object.fromEntries(contentTypes.map((t) => [t, { schema: body }])) } }
      : {}),
    responses: {
      [String(success)]: { description: "Success", headers: headersOf(op, success, true), content: successContent },
      ...Object.fromEntries(errorStatuses(op).map((s) => [String(s), errorResponse(s)])),
    },
  };
}

const RESPONSE_NAMES: Record<number, string> = {
  303: "SeeOther",
  304: "NotModified",
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  410: "Gone",
  412: "PreconditionFailed",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  422: "ValidationError",
  429: "TooManyRequests",
  500: "InternalError",
  503: "ServiceUnavailable",
};
const errorResponses = new Map<number, ZodOpenApiResponseObject>();

/** A status other than the success: the same for every operation, so one component each. */
function errorResponse(status: number): ZodOpenApiResponseObject {
  let response = errorResponses.get(status);
  if (!response) {
    response = {
      id: RESPONSE_NAMES[status] ?? `Status${status}`,
      description: STATUS_TEXT[status] ?? "Error",
      headers: headersOf(undefined, status, false),
      ...(status < 400 ? {} : { content: { "application/json": { schema: ZErrorBody } } }),
    };
    errorResponses.set(status, response);
  }
  return response;
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

/**
 * The instance's address from PUBLIC_URL; without one set, the relative /api/latest (read relative
 * to where the document was fetched, so importing it by URL works on any host).
 */
function serverOf(): { url: string; description: string } {
  if (!process.env.PUBLIC_URL) return { url: "/api/latest", description: "This instance (PUBLIC_URL is not set)" };
  return { url: `${env().PUBLIC_URL.replace(/\/+$/, "")}/api/latest`, description: "This instance (PUBLIC_URL)" };
}

const METHODS = ["GET", "POST", "PUT", "DELETE"];

/** Components by name: their order otherwise follows the order operations were met. */
function sortComponents(components: Record<string, unknown> | undefined): void {
  for (const [kind, entries] of Object.entries(components ?? {})) {
    if (entries && typeof entries === "object" && components) {
      components[kind] = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
}

let cached: ReturnType<typeof createDocument> | undefined;

export function openApiDocument() {
  if (cached) return cached;
  registerResources();
  const paths: ZodOpenApiPathsObject = {};
  const operations = allOperations();
  // In path order, whatever order the modules load in (generated clients must come out the same).
  const placed = operations
    .map((op) => ({ op, path: documentedPath(op, operations) }))
    .sort((a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.op.method) - METHODS.indexOf(b.op.method));
  for (const { op, path } of placed) {
    paths[path] ??= {};
    (paths[path] as Record<string, ZodOpenApiOperationObject>)[op.method.toLowerCase()] = operationObject(op, path);
  }
  cached = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Lumen API",
      version: "latest",
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
      description: [
        "Personalization, campaign and audience service. All paths start with /api/latest.",
        "",
        "Conventions on every route: errors are `{detail, code, errors?}`; lists take `offset` (default 0) and `limit` (default 10, capped at 100) and answer `{offset, limit, <items>, count}` with count the total; ids are `<kind>-id-<32 hex>`; timestamps are local date-times `YYYY-MM-DDTHH:MM:SS` in the service's time zone (" +
          env().TIMEZONE +
          "). Every response carries X-Request-Id. Bodies must be sent as application/json (415 otherwise); 1 MB limit, 10 MB on /data intake routes (413). POST, PUT and DELETE take an optional Idempotency-Key header (Stripe's semantics, kept 24 hours per caller).",
      ].join("\n"),
    },
    servers: [serverOf()],
    tags: TAGS,
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
  nameTimestamps(cached);
  sortComponents(cached.components as Record<string, unknown> | undefined);
  attachExamples(cached.paths as Parameters<typeof attachExamples>[0]);
  const byKey = new Map(placed.map(({ op, path }) => [`${op.method} ${path}`, errorCodesOf(op, path)]));
  attachErrorCodes(
    cached.paths as Parameters<typeof attachErrorCodes>[0],
    (method, path) => byKey.get(`${method} ${path}`),
    (status) => STATUS_CODES[status] ?? "Error",
  );
  refineResources((cached.components?.schemas ?? {}) as Parameters<typeof refineResources>[0]);
  return cached;
}
