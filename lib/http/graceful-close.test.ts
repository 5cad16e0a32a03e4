/**
 * SIGTERM's HTTP part (./graceful-close.ts) on the service's own server (./server.ts): a slow
 * request in flight gets its whole answer, a new connection is refused, an idle keep-alive
 * connection is closed at once, and the deadline cuts a request that would not end.
 */

import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeGracefully } from "./graceful-close";
import { createApiServer } from "./server";

const servers: ReturnType<typeof createApiServer>[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

/** A server whose /slow answers after `slowMs`, /never never, everything else at once. */
async function serve(slowMs: number) {
  const server = createApiServer({
    fallback: (req, res) => {
      if (req.url === "/never") return;
      setTimeout(() => res.end("done"), req.url === "/slow" ? slowMs : 0);
    },
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number, path: string, agent?: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("closeGracefully", () => {
  it("lets a slow request in flight finish, refuses new connections and closes idle keep-alive ones", async () => {
    const { server, port } = await serve(800);
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(port, "/fast", keepAlive)).toEqual({ status: 200, body: "done" });
    const idleSocketClosed = new Promise<void>((resolve) => {
      const [socket] = Object.values(keepAlive.freeSockets).flat();
      socket?.once("close", () => resolve());
    });
    const slow = get(port, "/slow");
    await new Promise((r) => setTimeout(r, 100)); // the slow request is under way
    const started = Date.now();
    const closing = closeGracefully(server, 5000);
    await idleSocketClosed; // closed while the slow request still runs
    expect(Date.now() - started).toBeLessThan(500);
    await expect(get(port, "/fast")).rejects.toThrow(/ECONNREFUSED/);
    expect(await slow).toEqual({ status: 200, body: "done" });
    expect(await closing).toBe(true);
    keepAlive.destroy();
  });

  it("cuts a request that does not end by the deadline", async () => {
    const { server, port } = await serve(0);
    const never = get(port, "/never");
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    expect(await closeGracefully(server, 300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await expect(never).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
