/**
 * SIGTERM for an HTTP server (scripts/start.ts): stop accepting connections, let the requests
 * under way finish within a deadline, and close each keep-alive connection as soon as it is idle
 * (its answer sent), so a client's next request goes to another process rather than to this
 * closing one. Past the deadline the remaining connections are cut.
 */
import type { Server } from "node:http";

/** Resolves true when every request finished in time, false when the deadline cut some. */
export async function closeGracefully(server: Server, graceMs: number): Promise<boolean> {
  const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
  server.closeIdleConnections();
  const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  try {
    return await Promise.race([closed, deadline]);
  } finally {
    clearInterval(closeIdle);
    clearTimeout(timer);
    server.closeAllConnections();
  }
}
