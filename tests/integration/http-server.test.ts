/**
 * Connections to the server of `npm start` (lib/http/server.ts, the same function scripts/start.ts
 * calls), with requests handed to the real route handlers through Next's own request adapter and
 * response writer (what Next's router does with them; the router itself needs a build):
 *
 * - a keep-alive client that idles 6.5 s (across node's old keep-alive timeout: 5 s announced, 6 s
 *   in effect) between batches of 1,000 items keeps one connection, sees no reset and loses no
 *   record (KEEPALIVE_ROUNDS=200 for the 200 rounds, about 25 minutes);
 * - a body over the limit, with or without Content-Length, is answered 413 with the JSON error,
 *   which the client reads after sending its whole body (a client that reads its answer only then
 *   used to get EPIPE / ECONNRESET), and the connection goes on; a request refused before its body
 *   is read (401) likewise;
 * - a request sent while the server's thread was busy for longer than the keep-alive timeout is
 *   answered, not reset.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { NodeNextRequest, NodeNextResponse } from "next/dist/server/base-http/node";
import { sendResponse } from "next/dist/server/send-response";
import { NextRequestAdapter, signalFromNodeResponse } from "next/dist/server/web/spec-extension/adapters/next-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as token from "@/app/api/latest/auth/token/route";
import * as items from "@/app/api/latest/data/items/route";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { MB } from "@/lib/http/operation";
import { type ApiServerOptions, createApiServer } from "@/lib/http/server";

type Route = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ROUTES: Record<string, Route> = {
  "/api/latest/auth/token": token.POST,
  "/api/latest/data/items": items.POST,
};

/** Next's handling of an app route, minus the router: its request adapter and response writer. */
const nextLike: ApiServerOptions["fallback"] = (req, res) => {
  void (async () => {
    const nodeRequest = new NodeNextRequest(req);
    const request = NextRequestAdapter.fromNodeNextRequest(nodeRequest, signalFromNodeResponse(res));
    const route = ROUTES[new URL(request.url).pathname];
    const response =
      req.url === "/ping"
        ? new Response("pong")
        : route && req.method === "POST"
          ? await route(request, { params: Promise.resolve(undefined as unknown as Record<string, string>) })
          : new Response("not found", { status: 404 });
    await sendResponse(nodeRequest, new NodeNextResponse(res), response);
  })();
};

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

interface Sent {
  status?: number;
  headers?: IncomingHttpHeaders;
  text?: string;
  /** Errors of the request (EPIPE, ECONNRESET), also after the answer. */
  errors: string[];
  reused: boolean;
  localPort?: number;
  /** Every byte of the body was handed to the connection. */
  sentAll: boolean;
}

/**
 * A request through `agent`; the body written as it is (Content-Length), or in 1 MB chunks
 * without a length (chunked). Resolves when the request is over: answered and closed, failed, or
 * idle for 20 s.
 */
function send(
  port: number,
  agent: Agent,
  options: { path: string; headers?: Record<string, string>; body: Buffer; chunked?: boolean },
): Promise<Sent> {
  return new Promise((resolve) => {
    const out: Sent = { errors: [], reused: false, sentAll: false };
    const headers: Record<string, string | number> = { "content-type": "application/json", ...options.headers };
    if (!options.chunked) headers["content-length"] = options.body.length;
    const req = httpRequest({ host: "127.0.0.1", port, agent, method: "POST", path: options.path, headers }, (res) => {
      out.status = res.statusCode;
      out.headers = res.headers;
      out.localPort = res.socket.localPort;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        text += c;
      });
      res.on("end", () => {
        out.text = text;
      });
    });
    req.on("socket", () => {
      out.reused = req.reusedSocket;
    });
    req.on("error", (e: NodeJS.ErrnoException) => out.errors.push(e.code ?? e.message));
    req.on("finish", () => {
      out.sentAll = true;
    });
    req.on("close", () => setImmediate(() => resolve(out)));
    // A client stuck sending (the server stopped reading) is a failure too, not a hung test.
    req.setTimeout(20_000, () => {
      out.errors.push("no end within 20 s");
      req.destroy();
    });
    if (!options.chunked) req.end(options.body);
    else {
      for (let i = 0; i < options.body.length; i += MB) req.write(options.body.subarray(i, i + MB));
      req.end();
    }
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the API server's connections", () => {
  let server: Server;
  let port: number;
  let bearer: string;

  beforeAll(async () => {
    server = createApiServer({ fallback: nextLike });
    port = await listen(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const signIn = await send(port, agent, {
      path: "/api/latest/auth/token",
      body: json({ grant_type: "password", username: "advanced@example.com", password: "demo-password" }),
    });
    agent.destroy();
    expect(signIn.status, signIn.text).toBe(200);
    bearer = `Bearer ${JSON.parse(signIn.text!).access_token}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("keeps the settings of long-lived API connections", () => {
    expect(server.keepAliveTimeout).toBe(env().HTTP_KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBe(env().HTTP_HEADERS_TIMEOUT_MS);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  const rounds = Number(process.env.KEEPALIVE_ROUNDS || 5);
  // Across node's old keep-alive timeout: 5 s announced (a node client drops its socket after 4 s),
  // 6 s in effect (node 20.20 adds 1 s).
  const IDLE_MS = 6500;
  it(
    `keeps one connection through ${rounds} batches of 1,000 items 6.5 s apart: no reset, no record lost`,
    async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const ports = new Set<number>();
      try {
        for (let round = 0; round < rounds; round++) {
          if (round > 0) await sleep(IDLE_MS);
          const batch = Array.from({ length: 1000 }, (_, i) => ({
            item_id: `KA-${round}-${i}`,
            item_name: `Keep-alive item ${round}/${i}`,
            product_price: 1 + (i % 50),
          }));
          const res = await send(port, agent, {
            path: "/api/latest/data/items",
            headers: { authorization: bearer },
            body: json({ items: batch }),
          });
          expect(res.errors, `round ${round}`).toEqual([]);
          expect(res.status, res.text).toBe(200);
          expect(JSON.parse(res.text!).errors).toEqual([]);
          if (round > 0) expect(res.reused, `round ${round} reused the connection`).toBe(true);
          ports.add(res.localPort!);
        }
      } finally {
        agent.destroy();
      }
      expect(ports.size).toBe(1); // the one connection, kept across every idle pause
      const { sql } = await getDatabase();
      const [stored] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM items WHERE item_id LIKE 'KA-%'");
      expect(stored!.n).toBe(rounds * 1000);
    },
    60_000 + rounds * (IDLE_MS + 10_000),
  );

  const oversize = () => json({ items: [{ item_id: "BIG", item_name: "x".repeat(11 * MB) }] });

  it.each([
    ["with Content-Length (refused before reading)", false],
    ["chunked (refused while reading)", true],
  ])("answers a body over the limit %s with a 413 the client reads", async (_, chunked) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const res = await send(port, agent, {
        path: "/api/latest/data/items",
        headers: { authorization: bearer },
        body: oversize(),
        chunked,
      });
      expect(res.errors).toEqual([]);
      expect(res.sentAll).toBe(true);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.text!)).toMatchObject({ code: "payload_too_large", detail: expect.any(String) });
      // The connection goes on: the next request is answered on it.
      const next = await send(port, agent, {
        path: "/api/latest/data/items",
        headers: { authorization: bearer },
        body: json({ items: [{ item_id: "AFTER-413", item_name: "After" }] }),
      });
      expect(next.errors).toEqual([]);
      expect(next.status, next.text).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("answers a request refused before its body is read (401) without a reset", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const batch = Array.from({ length: 5000 }, (_, i) => ({ item_id: `NOAUTH-${i}`, item_name: "x".repeat(200) }));
      const res = await send(port, agent, { path: "/api/latest/data/items", body: json({ items: batch }) });
      expect(res.errors).toEqual([]);
      expect(res.sentAll).toBe(true);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text!).code).toBe("not_authenticated");
    } finally {
      agent.destroy();
    }
  });

  it("answers a request that arrived while the thread was busy past the keep-alive timeout", async () => {
    // Node closes an idle connection keepAliveTimeout (+ 1 s on node 20.20) after its last answer.
    const short = createApiServer({ fallback: nextLike, keepAliveTimeoutMs: 200, headersTimeoutMs: 5000 });
    const shortPort = await listen(short);
    const socket = connect(shortPort, "127.0.0.1");
    try {
      let received = "";
      let closed = false;
      socket.setEncoding("utf8");
      socket.on("data", (c: string) => {
        received += c;
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        closed = true;
      });
      const answers = () => received.split("HTTP/1.1 ").length - 1;
      const waitFor = async (n: number) => {
        while (answers() < n && !closed) await sleep(5);
        await sleep(20); // the rest of the answer
      };
      const ping = "GET /ping HTTP/1.1\r\nHost: localhost\r\n\r\n";
      socket.write(ping);
      await waitFor(1);
      expect(received).toMatch(/^HTTP\/1\.1 200/);
      // The next request goes out at once, and the thread is then busy for longer than the
      // keep-alive timeout before the server reads it (in the check phase: after it, the event
      // loop runs the timers that came due before it polls the sockets).
      await new Promise<void>((resolve) =>
        setImmediate(() => {
          socket.write(ping);
          const until = Date.now() + 2000;
          while (Date.now() < until) {
            // busy
          }
          resolve();
        }),
      );
      await waitFor(2);
      expect(answers()).toBe(2);
      expect(received.split("HTTP/1.1 ")[2]).toMatch(/^200/);
    } finally {
      socket.destroy();
      short.closeAllConnections();
      await new Promise((r) => short.close(r));
    }
  });
});
