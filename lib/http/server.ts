/**
 * The node HTTP server of `npm start` (scripts/start.ts), made here so tests build the same one.
 * What it adds to node's defaults, so connections behave like a long-lived API server's:
 *
 * - Idle keep-alive connections are kept HTTP_KEEP_ALIVE_TIMEOUT_MS (65 s; node's default is 5 s),
 *   longer than clients and load balancers keep theirs (60 s is common): the server is then never
 *   the side that closes a connection a client is about to reuse, which the client would see as
 *   EPIPE or ECONNRESET in the middle of sending a request. HTTP_HEADERS_TIMEOUT_MS is above it.
 * - The idle timer's close waits one turn of the event loop and is skipped when the client sent
 *   bytes meanwhile. After a pause of this thread longer than the keep-alive timeout (a busy
 *   start-up), node fires the timer before it reads the request that arrived during the pause, and
 *   resets a connection whose client sent in time.
 * - A request answered before its body was read (401, 413 by Content-Length, 415...): node reads
 *   the rest of the body and throws it away, so the client can finish sending and read the answer;
 *   here that is bounded by DRAIN_LIMIT bytes, past which the connection is closed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { env } from "@/lib/env";
import { markPeer } from "./client-address";
import { MB } from "./operation";
import { API_HEADERS, API_HEADERS_HTTPS, HSTS, isHttps } from "./security-headers";
import { withoutApiTrailingSlash } from "./trailing-slash";

/** Bytes of a request body read and thrown away after an early answer; beyond, the connection is closed. */
export const DRAIN_LIMIT = 32 * MB;

export interface ApiServerOptions {
  /** Answers the request and returns true (./direct-routes.ts), or returns false to pass it on. */
  direct?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Answers every other request (Next's request handler). */
  fallback: (req: IncomingMessage, res: ServerResponse) => void;
  /** Default: HTTP_KEEP_ALIVE_TIMEOUT_MS. */
  keepAliveTimeoutMs?: number;
  /** Default: HTTP_HEADERS_TIMEOUT_MS. */
  headersTimeoutMs?: number;
}

export function createApiServer(options: ApiServerOptions): Server {
  const settings = env();
  const server = createServer(
    { headersTimeout: options.headersTimeoutMs ?? settings.HTTP_HEADERS_TIMEOUT_MS },
    (req, res) => {
      markPeer(req); // the socket's address for rate limits, whatever the client sent
      // POST /campaignings/ (the spec's form) is answered, not redirected (a redirect loses the body).
      if (req.url) req.url = withoutApiTrailingSlash(req.url);
      if (hasBody(req)) res.once("finish", () => boundDrain(req));
      // A direct route writes apiSecurityHeaders(req) with its own headers, in one writeHead.
      if (options.direct?.(req, res)) return;
      securityHeaders(req, res);
      options.fallback(req, res);
    },
  );
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? settings.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  // With a listener, node leaves the timed-out socket to it instead of destroying it.
  server.on("timeout", closeIfStillIdle);
  return server;
}

const API_HEADER_LIST = Object.entries(API_HEADERS);

function overHttps(req: IncomingMessage): boolean {
  const encrypted = (req.socket as Socket & { encrypted?: boolean }).encrypted === true;
  return encrypted || isHttps("", req.headers["x-forwarded-proto"]?.toString());
}

/** The security headers of an API answer to this request (nosniff, never framed, HSTS over HTTPS). */
export function apiSecurityHeaders(req: IncomingMessage): Readonly<Record<string, string>> {
  return overHttps(req) ? API_HEADERS_HTTPS : API_HEADERS;
}

/**
 * Headers of every answer Next writes, set before it writes its own (pages get their policy from
 * proxy.ts): nosniff; the API is never framed; HSTS when served over HTTPS.
 */
function securityHeaders(req: IncomingMessage, res: ServerResponse): void {
  if (req.url?.startsWith("/api/")) {
    for (const [name, value] of API_HEADER_LIST) res.setHeader(name, value);
  } else res.setHeader("X-Content-Type-Options", "nosniff");
  if (overHttps(req)) res.setHeader("Strict-Transport-Security", HSTS);
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/**
 * After the answer, the rest of a body nobody read: node reads and drops it (so the connection can
 * carry the next request); past DRAIN_LIMIT bytes the connection is closed instead.
 */
function boundDrain(req: IncomingMessage): void {
  if (req.complete) return;
  let drained = 0;
  const count = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) {
      req.off("data", count);
      req.socket?.destroy();
    }
  };
  req.on("data", count);
  req.resume();
}

/** An idle keep-alive connection whose timer fired: closed unless bytes of a next request came in. */
function closeIfStillIdle(socket: Socket): void {
  const read = socket.bytesRead;
  // After the poll phase of this turn, which reads what arrived while the thread was busy.
  setImmediate(() => {
    if (socket.bytesRead === read) socket.destroy();
  });
}
