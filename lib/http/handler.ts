/**
 * The wrapper every route handler goes through: request id, authentication, role, content type,
 * body size, JSON parsing, zod validation of params/query/body, and the one error envelope.
 */

import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { auditedCall } from "@/lib/audit/record-audit";
import { cachedPrincipal, resolvePrincipal } from "@/lib/auth/resolve-principal";
import type { Principal } from "@/lib/auth/roles";
import { keyInQuery } from "@/lib/auth/scopes";
import { beginActivity } from "@/lib/health/event-loop";
import { log } from "@/lib/log";
import { requestRecorder } from "@/lib/metrics/requests";
import { admit } from "./admit";
import { parseJsonBody, validate } from "./body";
import { ApiError, errorBody, toApiError, tooLarge, unsupportedMediaType } from "./errors";
import {
  claimKey,
  fingerprint,
  type IdempotencyClaim,
  idempotencyKey,
  keepAnswer,
  keepsError,
  newClaim,
  REPLAYED_HEADER,
  releaseKey,
} from "./idempotency";
import { type AuditDeclaration, MB, type Operation } from "./operation";
import { queryObject } from "./query";
import { DRAIN_LIMIT } from "./server";

/** A JSON answer serialized already (a cached response body): sent as it is. */
export class JsonText {
  #text: string | undefined;
  /**
   * `encoded`: the text as `head` followed by `tail`, its UTF-8 bytes kept already (a cached
   * part of the answer, or an answer put together as bytes): a direct route (./direct-routes.ts)
   * then encodes only the head. Without `text`, the text is made from them only if read (an
   * answer through Next's router, an idempotent replay).
   */
  constructor(
    text: string | undefined,
    readonly encoded?: EncodedTail,
  ) {
    if (text === undefined && !encoded) throw new Error("a JSON answer needs its text or its encoded parts");
    this.#text = text;
  }
  get text(): string {
    this.#text ??= `${this.encoded!.head}${this.encoded!.tail.toString("utf8")}`;
    return this.#text;
  }
}

/** An answer of JSON text, whose whole text is made only if read (see JsonText). */
class JsonTextAnswer {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    private readonly json: JsonText,
  ) {}
  get body(): string {
    return this.json.text;
  }
  get encoded(): EncodedTail | undefined {
    return this.json.encoded;
  }
}

/** An answer's text as a head to encode and a tail encoded already. */
export interface EncodedTail {
  head: string;
  tail: Buffer;
}

/** The headers of a request, as a web Request and a node request both can give them. */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface HandlerContext<P, Q, B> {
  /** The web Request; on a direct route (./direct-routes.ts) built only when read. */
  request: Request;
  headers: HeaderReader;
  requestId: string;
  principal: Principal | undefined;
  params: P;
  query: Q;
  body: B;
  /** The body's bytes, for an operation declared with `rawBody` (its `body` is then undefined). */
  rawBody: Buffer | undefined;
}

/** A request as handle() reads it: from Next's web Request, or from node's (direct routes). */
export interface Incoming {
  /** Absolute URL. */
  url: string;
  headers: HeaderReader;
  params: Record<string, string | string[]>;
  /** The web Request (made on demand where there is none yet). */
  request: () => Request;
}

/**
 * A handler's answer: JSON text (`encoded`, when given, is the same text partly encoded: see
 * JsonText), or a Response the handler made itself (files, redirects).
 */
export type Answer =
  | { status: number; headers: Record<string, string>; body: string; encoded?: EncodedTail }
  | Response;

export interface RouteHandler {
  (request: Request, context?: RouteContext): Promise<Response>;
  /**
   * The same handling without web Request/Response objects (see ./direct-routes.ts); the answer
   * itself, not a promise, when nothing on the way had to wait (a GET whose caller is cached and
   * whose handler answered from memory: the content route's usual case).
   */
  answer(incoming: Incoming): Answer | Promise<Answer>;
  /** The operation it answers (tests/integration/auth-matrix.test.ts checks every route against them). */
  readonly op: Operation;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type Out<T extends z.ZodType | undefined> = T extends z.ZodType ? z.output<T> : undefined;

export function handle<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  op: Operation<P, Q, B, R>,
  fn: (
    ctx: HandlerContext<Out<P>, Out<Q>, Out<B>>,
  ) => Promise<z.input<R> | Response | JsonText> | z.input<R> | Response | JsonText,
): RouteHandler {
  const label = `${op.method} ${op.path}`;
  // Metrics and the request's log line (lib/metrics/requests.ts).
  const recordRequest = requestRecorder(op);
  const answer = (incoming: Incoming): Answer | Promise<Answer> => {
    const end = beginActivity(label);
    const started = performance.now();
    const requestId = incoming.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    let out: Answer | Promise<Answer>;
    try {
      out = answerNow(incoming, requestId);
    } catch (error) {
      finished(end, recordRequest, requestId, 500, started);
      throw error;
    }
    if (!(out instanceof Promise)) {
      finished(end, recordRequest, requestId, out.status, started);
      return out;
    }
    return out.then(
      (answered) => {
        finished(end, recordRequest, requestId, answered.status, started);
        return answered;
      },
      (error) => {
        finished(end, recordRequest, requestId, 500, started);
        throw error;
      },
    );
  };
  /** A GET without body and without an audit entry: answerGet serves it once its caller is known. */
  const simpleGet = op.method === "GET" && !op.body && !op.audit;
  /**
   * Without a promise where nothing has to wait: a simple GET whose caller's principal is cached
   * (or a public one); the handler may still answer with a promise. Every other request goes
   * through answerOnce. Every promise on this path costs: Next's AsyncLocalStorage keeps async
   * hooks on in this process, so each one runs a hook (measured: about a tenth of the content
   * route's time).
   */
  const answerNow = (incoming: Incoming, requestId: string): Answer | Promise<Answer> => {
    if (!simpleGet) return answerOnce(incoming, requestId);
    if (op.auth === "public") return answerGet(incoming, requestId, undefined);
    let principal: Principal | undefined;
    try {
      principal = cachedPrincipal(incoming.headers, keyInQuery(incoming.url));
    } catch (error) {
      return errorAnswer(error, requestId, incoming.url);
    }
    return principal ? answerGet(incoming, requestId, principal) : answerOnce(incoming, requestId);
  };
  /**
   * A simple GET once its caller is known (from the cache, or awaited by answerOnce): the steps of
   * answerOnce after the principal, in the same order, without the body, the audit entry and the
   * Idempotency-Key a simple GET does not have.
   */
  const answerGet = (
    incoming: Incoming,
    requestId: string,
    principal: Principal | undefined,
  ): Answer | Promise<Answer> => {
    let cors: Record<string, string> | undefined;
    try {
      if (principal) cors = admit(op, principal, incoming.headers);
      const params = validateParams(op, incoming.params);
      const query = validateQuery(op, incoming.url);
      const returned = fn(handlerContext(incoming, requestId, principal, params, query, undefined, undefined));
      if (!(returned instanceof Promise)) return jsonAnswer(op, returned, requestId, cors);
      const corsNow = cors;
      return returned.then(
        (result) => {
          try {
            return jsonAnswer(op, result, requestId, corsNow);
          } catch (error) {
            return errorAnswer(error, requestId, incoming.url, corsNow); // an answer JSON cannot encode
          }
        },
        (error) => errorAnswer(error, requestId, incoming.url, corsNow),
      );
    } catch (error) {
      return errorAnswer(error, requestId, incoming.url, cors);
    }
  };
  const answerOnce = async (incoming: Incoming, requestId: string): Promise<Answer> => {
    // CORS headers for a publishable key's allowed origin (./cors.ts), on every answer from here.
    let cors: Record<string, string> | undefined;
    try {
      // A publishable key may come as the query parameter key (browsers); the header otherwise.
      const queryKey = op.auth === "public" ? undefined : keyInQuery(incoming.url);
      const principal =
        op.auth === "public"
          ? undefined
          : (cachedPrincipal(incoming.headers, queryKey) ?? (await resolvePrincipal(incoming.headers, queryKey)));
      // A simple GET goes on as answerNow's does, the caller now known.
      if (simpleGet) return await answerGet(incoming, requestId, principal);
      // Scope, role, origin and a publishable key's rate limits (./admit.ts).
      if (principal) cors = admit(op, principal, incoming.headers);
      const key = principal && op.method !== "GET" ? idempotencyKey(incoming.headers) : undefined;
      const params = validateParams(op, incoming.params);
      const query = validateQuery(op, incoming.url);
      const raw = op.body ? await readBody(incoming.request(), op) : undefined;
      const body = op.body && !op.rawBody ? validate(op.body, raw?.value, ["body"]) : undefined;
      const toAnswer = (result: z.input<R> | Response | JsonText): Answer => jsonAnswer(op, result, requestId, cors);
      const call = () =>
        fn(handlerContext(incoming, requestId, principal, params, query, body, op.rawBody ? raw?.bytes : undefined));
      const run = (): Answer | Promise<Answer> => {
        // The operation's audit entry, recorded after a 2xx in this request (lib/audit).
        if (op.audit && principal) {
          const request = { principal, requestId, params, query, body, status: op.status ?? 200 };
          return auditedCall(op.audit as AuditDeclaration, request, call).then(toAnswer);
        }
        // A handler may answer without a promise (the content route's fast path): no await then.
        const returned = call();
        return returned instanceof Promise ? returned.then(toAnswer) : toAnswer(returned);
      };
      if (key === undefined || !principal) {
        const answered = run();
        return answered instanceof Promise ? await answered : answered;
      }
      const claim = newClaim(`${principal.kind}:${principal.id}`, key);
      return await runOnce(
        claim,
        fingerprint(op.method, incoming.url, raw?.bytes ?? ""),
        run,
        requestId,
        incoming.url,
        cors,
      );
    } catch (error) {
      return errorAnswer(error, requestId, incoming.url, cors);
    }
  };
  const route = async (request: Request, context?: RouteContext): Promise<Response> => {
    const params = context ? await context.params : {};
    const out = await answer({ url: request.url, headers: request.headers, params, request: () => request });
    return out instanceof Response ? out : new Response(out.body, { status: out.status, headers: out.headers });
  };
  return Object.assign(route, { answer, op: op as Operation });
}

/** The end of a request: its activity (lib/health/event-loop.ts), metrics and log line. */
function finished(
  end: () => void,
  record: (requestId: string, status: number, ms: number) => void,
  requestId: string,
  status: number,
  started: number,
): void {
  end();
  record(requestId, status, performance.now() - started);
}

/** What a handler is given; the web Request is made only when read (direct routes have none). */
function handlerContext(
  incoming: Incoming,
  requestId: string,
  principal: Principal | undefined,
  params: unknown,
  query: unknown,
  body: unknown,
  rawBody: Buffer | undefined,
  // biome-ignore lint/suspicious/noExplicitAny: the operation's own types are applied by handle()
): HandlerContext<any, any, any> {
  return new Context(incoming, requestId, principal, params, query, body, rawBody);
}

/** A class, not an object literal with a getter: one shape for every request (measured: 2.8 µs less). */
class Context implements HandlerContext<unknown, unknown, unknown> {
  readonly headers: HeaderReader;
  constructor(
    private readonly incoming: Incoming,
    readonly requestId: string,
    readonly principal: Principal | undefined,
    readonly params: unknown,
    readonly query: unknown,
    readonly body: unknown,
    readonly rawBody: Buffer | undefined,
  ) {
    this.headers = incoming.headers;
  }
  get request(): Request {
    return this.incoming.request();
  }
}

/** A handler's result as the answer: a Response it made (with the request id and CORS headers added), or JSON. */
function jsonAnswer(
  op: Pick<Operation, "status">,
  result: unknown,
  requestId: string,
  cors: Record<string, string> | undefined,
): Answer {
  if (result instanceof Response) {
    result.headers.set("X-Request-Id", requestId);
    if (cors) for (const name in cors) result.headers.set(name, cors[name]!);
    return result;
  }
  const headers = cors
    ? { "content-type": "application/json", "x-request-id": requestId, ...cors }
    : { "content-type": "application/json", "x-request-id": requestId };
  if (result instanceof JsonText) return new JsonTextAnswer(op.status ?? 200, headers, result);
  return { status: op.status ?? 200, headers, body: JSON.stringify(result) };
}

/** Runs the operation under an Idempotency-Key (./idempotency.ts): once, its answer kept for replays. */
async function runOnce(
  claim: IdempotencyClaim,
  print: string,
  run: () => Answer | Promise<Answer>,
  requestId: string,
  url: string,
  cors?: Record<string, string>,
): Promise<Answer> {
  const claimed = await claimKey(claim, print);
  if (!claimed.run) {
    return {
      status: claimed.status,
      headers: { "content-type": "application/json", "x-request-id": requestId, [REPLAYED_HEADER]: "true", ...cors },
      body: claimed.body,
    };
  }
  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    if (!keepsError(error)) {
      await releaseKey(claim);
      throw error;
    }
    answer = errorAnswer(error, requestId, url, cors);
  }
  if (answer instanceof Response || answer.status >= 500) await releaseKey(claim);
  else await keepAnswer(claim, answer.status, answer.body);
  return answer;
}

function errorAnswer(error: unknown, requestId: string, url?: string, cors?: Record<string, string>): Answer {
  const known = toApiError(error);
  // The path only: a query may carry personal data (a picker's search for a name or an e-mail).
  if (!known) log.error("unhandled error", { requestId, path: url?.split("?")[0], error });
  const apiError =
    known ?? new ApiError(500, "internal_error", `Something went wrong on our side; quote request id ${requestId}.`);
  return {
    status: apiError.status,
    headers: { "content-type": "application/json", "x-request-id": requestId, ...apiError.headers, ...cors },
    body: JSON.stringify(errorBody(apiError)),
  };
}

export function errorResponse(error: unknown, requestId: string, request?: Request): Response {
  const out = errorAnswer(error, requestId, request?.url) as Exclude<Answer, Response>;
  return new Response(out.body, { status: out.status, headers: out.headers });
}

/**
 * Validated params and queries of GET routes, remembered per operation and raw text: the hot
 * routes see the same few (a touchpoint id, an empty query) thousands of times a second, and zod
 * gives the same answer for the same input. Bounded; emptied when full.
 */
const MEMO_LIMIT = 2000;
const memos = new WeakMap<Operation, { params: Map<string, unknown>; query: Map<string, unknown> }>();

function memoOf(op: Operation) {
  let memo = memos.get(op);
  if (!memo) {
    memo = { params: new Map(), query: new Map() };
    memos.set(op, memo);
  }
  return memo;
}

function remember(map: Map<string, unknown>, key: string, value: unknown): unknown {
  if (map.size >= MEMO_LIMIT) map.clear();
  map.set(key, value);
  return value;
}

function validateParams(op: Operation, raw: Record<string, string | string[]> | undefined): unknown {
  // Next gives no params object to a route without dynamic segments.
  const values = op.method === "GET" && op.params && raw ? Object.values(raw) : undefined;
  if (!values || values.some((v) => typeof v !== "string")) return validate(op.params, raw, ["path"]);
  // One param (the usual: a touchpoint's id) is its own key: the names are the operation's, always the same.
  const key = values.length === 1 ? (values[0] as string) : JSON.stringify(raw);
  const memo = memoOf(op).params;
  return memo.has(key) ? memo.get(key) : remember(memo, key, validate(op.params, raw, ["path"]));
}

function validateQuery(op: Operation, url: string): unknown {
  const q = url.indexOf("?");
  const search = q < 0 ? "" : url.slice(q);
  if (op.method !== "GET" || !op.query || search.length > 300) {
    return validate(op.query, queryObject(new URL(url)), ["query"]);
  }
  const memo = memoOf(op).query;
  if (memo.has(search)) return memo.get(search);
  return remember(memo, search, validate(op.query, queryObject(new URL(url)), ["query"]));
}

async function readBody(request: Request, op: Operation): Promise<{ bytes: Buffer; value: unknown }> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  const isJson =
    type === "application/json" || (type?.endsWith("+json") ?? false) || (op.acceptTextJson && type === "text/plain");
  const isForm = op.acceptForm && type === "application/x-www-form-urlencoded";
  if (!isJson && !isForm) throw unsupportedMediaType();
  const bytes = await readLimited(request, op.bodyLimit ?? MB);
  if (op.rawBody) return { bytes, value: undefined };
  const text = bytes.toString("utf8");
  if (isForm) return { bytes, value: Object.fromEntries(new URLSearchParams(text)) };
  return { bytes, value: parseJsonBody(text) };
}

async function readLimited(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (declared > limit) {
    // Answered before any of it is read: the server reads the body after the answer and drops it
    // (lib/http/server.ts), up to its bound.
    throw declared - limit > DRAIN_LIMIT ? closing(tooLarge(limit)) : tooLarge(limit);
  }
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not reader.cancel(): on Next's request (node's request as the body) that destroys the
      // socket before the 413 is written, and the client, still sending, sees EPIPE or ECONNRESET.
      // The rest is read and dropped (up to DRAIN_LIMIT bytes, then Connection: close), so a
      // client that sends its whole body before it reads the answer (most do) gets the 413.
      throw (await discard(reader, DRAIN_LIMIT)) ? tooLarge(limit) : closing(tooLarge(limit));
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads the rest of a body and drops it; false when it goes on past `max` bytes (left unread). */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, max: number): Promise<boolean> {
  let dropped = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    dropped += value.byteLength;
    if (dropped > max) return false;
  }
}

/** The error answered with Connection: close (the server closes the connection after it). */
function closing(error: ApiError): ApiError {
  return new ApiError(error.status, error.code, error.detail, error.errors, { ...error.headers, Connection: "close" });
}
