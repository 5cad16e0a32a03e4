/**
 * A small round-robin HTTP proxy in front of several web processes, for tests and benches
 * (tests/integration/two-instances.test.ts, bench/scenarios/soak.ts): node:http only, keep-alive
 * on both sides, as a load balancer in front of `npm start` processes would be.
 *
 * Retry rule (what real load balancers do, e.g. nginx's proxy_next_upstream, and what node's
 * documentation advises for keep-alive clients): a request is sent again, to the next process,
 * only while no byte of an answer has arrived, and only when it cannot have run:
 * - the connection was refused or failed before the request was written (the process is down or
 *   restarting; it is then skipped for DOWN_MS), or
 * - the connection was reset or closed before any byte of the answer came, and either the socket
 *   was a reused keep-alive one (the process closed it as idle while the request went out: node's
 *   documented `reusedSocket` case), or the method is idempotent (GET, HEAD, OPTIONS, PUT, DELETE),
 *   or the request carries an Idempotency-Key (the service keeps its answer: lib/http/idempotency.ts).
 * Once an answer has started, nothing is retried: a cut answer is cut for the client too.
 * A request that cannot be placed is answered 502 and counted in `stats.failed`.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Upstream {
  name: string;
  port: number;
}

export interface ProxyStats {
  requests: number;
  /** Answers by upstream name. */
  answered: Record<string, number>;
  /** Requests sent again, by the reason (the error code of the attempt that failed). */
  retried: Record<string, number>;
  /** Requests answered 502 by the proxy, with why. */
  failed: { method: string; path: string; reason: string }[];
  /** Answers cut after they had started (the client saw an incomplete answer). */
  cut: number;
}

export interface RoundRobinProxy {
  url: string;
  port: number;
  stats: ProxyStats;
  close(): Promise<void>;
}

/** A process that refused a connection is skipped this long (tried again when no other is up). */
const DOWN_MS = 500;
/** How long a request may wait for some process to take it (all restarting at once). */
const PLACE_WITHIN_MS = 15_000;
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "content-length",
]);

function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

type Attempt = { ok: true } | { ok: false; retry: boolean; reason: string; refused: boolean };

export async function startRoundRobinProxy(options: {
  upstreams: Upstream[];
  port?: number;
}): Promise<RoundRobinProxy> {
  const { upstreams } = options;
  const agents = upstreams.map(
    () => new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 30_000 }),
  );
  const downUntil = upstreams.map(() => 0);
  const stats: ProxyStats = { requests: 0, answered: {}, retried: {}, failed: [], cut: 0 };
  let next = 0;

  const pick = (): number => {
    const now = Date.now();
    for (let i = 0; i < upstreams.length; i++) {
      const index = (next + i) % upstreams.length;
      if (downUntil[index]! <= now) {
        next = index + 1;
        return index;
      }
    }
    // All marked down: the one back soonest.
    const index = downUntil.indexOf(Math.min(...downUntil));
    next = index + 1;
    return index;
  };

  const attempt = (index: number, req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<Attempt> =>
    new Promise((resolve) => {
      const upstream = upstreams[index]!;
      let written = false;
      const out = http.request({
        host: "127.0.0.1",
        port: upstream.port,
        method: req.method,
        path: req.url,
        agent: agents[index],
        headers: {
          ...forwardHeaders(req.headers),
          "content-length": String(body.length),
          "x-forwarded-for": req.socket.remoteAddress ?? "",
        },
      });
      out.on("socket", (socket) => {
        // Written once the socket is connected (a fresh one) or at once (a reused one).
        if (socket.connecting) socket.once("connect", () => (written = true));
        else written = true;
      });
      out.on("response", (answer) => {
        stats.answered[upstream.name] = (stats.answered[upstream.name] ?? 0) + 1;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardHeaders(answer.headers));
        answer.pipe(res);
        answer.on("aborted", () => {
          stats.cut++;
          res.destroy();
        });
        answer.on("end", () => resolve({ ok: true }));
        answer.on("error", () => {
          if (!res.writableEnded) {
            stats.cut++;
            res.destroy();
          }
          resolve({ ok: true });
        });
      });
      out.on("error", (error: NodeJS.ErrnoException) => {
        if (res.headersSent) {
          // The answer had started: cut for the client too, never sent again.
          if (!res.writableEnded) {
            stats.cut++;
            res.destroy();
          }
          return resolve({ ok: true });
        }
        const code = error.code ?? error.message;
        const refused = !written || code === "ECONNREFUSED";
        if (refused) downUntil[index] = Date.now() + DOWN_MS;
        const retry =
          refused ||
          out.reusedSocket ||
          IDEMPOTENT.has(req.method ?? "") ||
          req.headers["idempotency-key"] !== undefined;
        resolve({ ok: false, retry, reason: code, refused });
      });
      out.end(body);
    });

  const server = http.createServer(async (req, res) => {
    stats.requests++;
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      return; // the client went away
    }
    const started = Date.now();
    for (;;) {
      const result = await attempt(pick(), req, body, res);
      if (result.ok) return;
      const inTime = Date.now() - started < PLACE_WITHIN_MS;
      if (result.retry && inTime && !res.destroyed) {
        stats.retried[result.reason] = (stats.retried[result.reason] ?? 0) + 1;
        // Every process refused lately: wait a little for one to come back.
        if (result.refused && downUntil.every((until) => until > Date.now())) {
          await new Promise((r) => setTimeout(r, 25));
        }
        continue;
      }
      stats.failed.push({ method: req.method ?? "", path: req.url ?? "", reason: result.reason });
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "bad_gateway", detail: result.reason }));
      }
      return;
    }
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      for (const agent of agents) agent.destroy();
    },
  };
}
