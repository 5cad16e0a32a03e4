/**
 * The address of the client behind a request, for rate limits. The custom server
 * (scripts/start.ts) writes the socket's peer address into PEER_HEADER on every request,
 * replacing anything a client sent under that name. X-Forwarded-For is believed only when that
 * peer is one of TRUSTED_PROXIES (none by default): then the client is the right-most address in
 * it that is not a trusted proxy itself. Otherwise a client could pick its own address, and with
 * it a fresh rate limit for every attempt.
 */
import type { IncomingMessage } from "node:http";
import { type BlockList, isIP } from "node:net";
import { env } from "@/lib/env";
import { parseProxies } from "./proxies";

export const PEER_HEADER = "x-lumen-peer";

/** Strips the IPv4-mapped prefix node gives IPv4 peers on dual-stack sockets. */
function plain(address: string): string {
  const a = address.trim();
  return a.startsWith("::ffff:") && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

let proxies: { text: string; list: BlockList } | undefined;

function trusted(address: string): boolean {
  const text = env().TRUSTED_PROXIES;
  if (!text) return false;
  if (proxies?.text !== text) {
    const parsed = parseProxies(text);
    if (typeof parsed === "string") return false; // refused when the settings are read (lib/env.ts)
    proxies = { text, list: parsed };
  }
  const family = isIP(address);
  return family !== 0 && proxies.list.check(address, family === 4 ? "ipv4" : "ipv6");
}

export function clientAddress(headers: { get(name: string): string | null }): string {
  const peer = plain(headers.get(PEER_HEADER) ?? "");
  if (!peer) return "local"; // not through the server (tests, scripts)
  if (!trusted(peer)) return peer;
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map(plain).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trusted(hops[i]!)) return hops[i]!;
  }
  return hops[0] ?? peer;
}

/** Called by the server for every request: the peer address, never what the client said it was. */
export function markPeer(req: IncomingMessage): void {
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
}
