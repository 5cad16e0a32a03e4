/**
 * Routes the custom server (scripts/start.ts) answers itself: the route handler Next would call
 * (same module, same auth, validation and errors), without Next's router. Only for the hot
 * GET routes shops call on every page view or keystroke: through Next's router a request costs
 * about 1 ms of the one JavaScript thread before any of our code runs (887 requests/s for a bare
 * JSON 404 on the 2-core reference machine), which alone would keep the search route's p99 over
 * its 20 ms target at 50 connections (bench/scenarios/search.ts measures both paths).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { encoded } from "./answer-bytes";
import { preflightAnswer } from "./cors";
import { badRequest, errorBody } from "./errors";
import type { Answer, HeaderReader, Incoming, RouteHandler } from "./handler";
import type { Operation } from "./operation";
import { apiSecurityHeaders } from "./server";

export interface DirectRoute {
  /**
   * The operation's declaration: its path (below `base`, with {name} placeholders) is matched; a
   * content-scope one also answers browsers' preflights (OPTIONS), as its route's OPTIONS export.
   */
  operation: Pick<Operation, "method" | "path" | "scope">;
  GET: Pick<RouteHandler, "answer">;
  /** Where the API's paths start; /api/latest unless said. */
  base?: string;
}

/** A request carrying this header (value `next`) is left to Next's router: to compare the paths, or debug. */
export const ROUTE_HEADER = "x-lumen-route";

interface Compiled {
  pattern: RegExp;
  names: string[];
  GET: DirectRoute["GET"];
  operation: DirectRoute["operation"];
}

function compile(route: DirectRoute): Compiled {
  if (route.operation.method !== "GET") throw new Error(`direct routes answer GET only: ${route.operation.path}`);
  const names: string[] = [];
  const source = `${route.base ?? "/api/latest"}${route.operation.path}`
    .split("/")
    .map((segment) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}$`), names, GET: route.GET, operation: route.operation };
}

/**
 * A request listener's first step: answers the request and returns true when it is a GET of one
 * of the routes; returns false (nothing written) to let Next answer it.
 */
export function directRoutes(routes: DirectRoute[]): (req: IncomingMessage, res: ServerResponse) => boolean {
  const compiled = routes.map(compile);
  return (req, res) => {
    const preflight = req.method === "OPTIONS";
    if ((req.method !== "GET" && !preflight) || !req.url || req.headers[ROUTE_HEADER] === "next") return false;
    const q = req.url.indexOf("?");
    const pathname = q < 0 ? req.url : req.url.slice(0, q);
    for (const route of compiled) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      if (preflight) {
        if (route.operation.scope !== "content") return false;
        const given = new NodeIncoming(req, {});
        preflightAnswer(route.operation, given.url, given.headers).then(
          (out) => sendSoon(res, out),
          (error) => sendSoon(res, failed(error, req)),
        );
        return true;
      }
      const params: Record<string, string> = {};
      try {
        route.names.forEach((name, i) => {
          params[name] = decodeURIComponent(match[i + 1]!);
        });
      } catch {
        return false; // malformed escapes: Next answers as it would
      }
      let out: Answer | Promise<Answer>;
      try {
        out = route.GET.answer(new NodeIncoming(req, params));
      } catch (error) {
        out = failed(error, req);
      }
      // Usually answered already (no promise: see handle() in ./handler.ts).
      if (out instanceof Promise) {
        out.then(
          (answered) => sendSoon(res, answered),
          (error) => sendSoon(res, failed(error, req)),
        );
      } else sendSoon(res, out);
      return true;
    }
    return false;
  };
}

const HOST = /^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i;

/** Node's request headers read as a web Headers' get(). */
class NodeHeaders implements HeaderReader {
  constructor(private readonly req: IncomingMessage) {}
  get(name: string): string | null {
    const value = this.req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  }
}

/** Node's request as handle() reads it (a class: no closures made per request on the hot path). */
class NodeIncoming implements Incoming {
  readonly url: string;
  readonly headers: NodeHeaders;
  private made: Request | undefined;
  constructor(
    private readonly req: IncomingMessage,
    readonly params: Record<string, string>,
  ) {
    const host = req.headers.host && HOST.test(req.headers.host) ? req.headers.host : "localhost";
    this.url = `http://${host}${req.url}`;
    this.headers = new NodeHeaders(req);
  }
  request(): Request {
    if (!this.made) {
      const headers = new Headers();
      const raw = this.req.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
      this.made = new Request(this.url, { headers });
    }
    return this.made;
  }
}

/** A request the route handler could not be given (it answers its own errors). */
function failed(error: unknown, req: IncomingMessage): Answer {
  const given = req.headers["x-request-id"];
  const requestId = (typeof given === "string" && given.slice(0, 100)) || randomUUID();
  return {
    status: 400,
    headers: { "content-type": "application/json", "x-request-id": requestId },
    body: JSON.stringify(errorBody(badRequest(`The request could not be read: ${(error as Error).message}`))),
  };
}

/**
 * Answers made in one turn of the event loop are written together after it (setImmediate runs
 * once the poll phase has read every socket that had data): reads and writes are then not
 * interleaved, and the load generator or proxy on the other end gets its answers in a burst. On
 * the 2-core reference machine a socket write costs 20-30 µs when each one wakes the peer, and
 * about 8 µs in a burst; measured with a bare server doing 30 µs of work per request, this gave
 * 19,500-20,300 req/s against 16,600-16,800 written at once (docs/benchmarks.md). A request's
 * answer waits at most for the other answers of its turn.
 */
let readyResponses: ServerResponse[] = [];
let readyAnswers: Answer[] = [];

function sendSoon(res: ServerResponse, out: Answer): void {
  if (readyResponses.length === 0) setImmediate(sendReady);
  readyResponses.push(res);
  readyAnswers.push(out);
}

function sendReady(): void {
  const responses = readyResponses;
  const answers = readyAnswers;
  readyResponses = [];
  readyAnswers = [];
  for (let i = 0; i < responses.length; i++) {
    try {
      send(responses[i]!, answers[i]!);
    } catch {
      responses[i]!.destroy(); // one answer that cannot be written costs its own connection only
    }
  }
}

/** The answer's headers with the API's security headers (./server.ts leaves them to direct routes). */
function withSecurity<V>(res: ServerResponse, headers: Record<string, V | string>): Record<string, V | string> {
  const security = apiSecurityHeaders(res.req);
  for (const name in security) headers[name] = security[name]!;
  return headers;
}

/**
 * Writes the answer: its headers in one writeHead, with nothing set before it (node's fast path:
 * the object is written as it is, not copied header by header through setHeader).
 */
function send(res: ServerResponse, out: Answer): void {
  if (out instanceof Response) {
    void sendResponse(res, out);
    return;
  }
  const headers = withSecurity(res, out.headers as Record<string, string | number>);
  if (out.encoded) {
    // A body whose tail is encoded already (a cached content array): the head goes out with the
    // header text, the tail as it is, in one write of the corked socket (writev), without
    // allocating and copying the whole body per request.
    const { head, tail } = out.encoded;
    headers["content-length"] = Buffer.byteLength(head, "utf8") + tail.length;
    res.writeHead(out.status, headers);
    res.cork(); // written at end(), which uncorks fully: no write and no tick for the head alone
    res.write(head);
    res.end(tail);
    return;
  }
  // Encoded here, once: a body put together from pieces is a rope string, which node's socket
  // write would encode on a slow path (measured: about 30 µs for 6 KB, a third of a request).
  const body = encoded(out.body);
  headers["content-length"] = body.length; // the answer's own object, made for this request
  res.writeHead(out.status, headers);
  res.end(body);
}

async function sendResponse(res: ServerResponse, out: Response): Promise<void> {
  try {
    const body = Buffer.from(await out.arrayBuffer());
    const headers: Record<string, string | string[]> = {};
    out.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers[name] = value;
    });
    const cookies = out.headers.getSetCookie();
    if (cookies.length > 0) headers["set-cookie"] = cookies;
    headers["content-length"] = String(body.byteLength);
    res.writeHead(out.status, withSecurity(res, headers));
    res.end(body);
  } catch {
    res.destroy(); // the body failed mid-way: the client sees the connection end, not half a body
  }
}
