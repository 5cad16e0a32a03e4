/**
 * The live overlay (./live-overlay.ts) across web processes. A tracked event reaches one process;
 * on PostgreSQL, where several web processes serve the same shop, it tells the others with
 * NOTIFY lumen_live so the visitor's next content request is personalised by whichever process
 * answers it (issue 21: "reach the next request within a second"). On the embedded database one
 * thread serves, so nothing is sent.
 *
 * Sends are gathered for FLUSH_MS and go as JSON payloads under PostgreSQL's 8,000-byte limit;
 * each carries this process's id, so a process ignores its own. A notification lost (a listener
 * reconnecting) costs only liveness: the next model build reads the events from the table.
 *
 * The same LISTEN connection hears NOTIFY lumen_models: a model build another process finished,
 * loaded here at once (./model-signal.ts).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Database } from "@/lib/db/client";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";
import type { KindName } from "./engine/interactions";
import { moveLive, recordLive } from "./live-overlay";
import { MODELS_CHANNEL, modelReadyElsewhere } from "./model-signal";

export const LIVE_CHANNEL = "lumen_live";
const FLUSH_MS = 100;
/** Below PostgreSQL's NOTIFY payload limit (8,000 bytes), with room for the envelope. */
const MAX_PAYLOAD = 7_000;

/** One shared change: an interaction ("r") or a cookie's items moved to its customer ("m"). */
export type LiveChange =
  | { t: "r"; v: string; i: string; k: KindName; ms: number }
  | { t: "m"; from: string; to: string };

interface Envelope {
  origin: string;
  changes: LiveChange[];
}

const state = processWide("recommend.live-share", () => ({
  origin: randomUUID(),
  database: undefined as Database | undefined,
  pending: [] as LiveChange[],
  timer: undefined as NodeJS.Timeout | undefined,
  listener: undefined as pg.Client | undefined,
  stopped: false,
}));

/** Records an interaction in this process's overlay and shares it with the other processes. */
export function recordLiveShared(
  database: Database,
  change: Omit<Extract<LiveChange, { t: "r" }>, "t">,
  now?: number,
): void {
  recordLive({
    visitor: change.v,
    itemId: change.i,
    kind: change.k,
    ms: change.ms,
    ...(now === undefined ? {} : { now }),
  });
  share(database, { t: "r", ...change });
}

/** Moves a cookie's live items to its customer here and in the other processes. */
export function moveLiveShared(database: Database, from: string, to: string): void {
  moveLive(from, to);
  share(database, { t: "m", from, to });
}

function share(database: Database, change: LiveChange): void {
  if (database.kind !== "postgres") return;
  state.database = database;
  state.pending.push(change);
  state.timer ??= setTimeout(() => void flushLive(), FLUSH_MS);
}

/** Sends what is gathered now (also called by tests, and on shutdown). */
export async function flushLive(): Promise<void> {
  clearTimeout(state.timer);
  state.timer = undefined;
  const { database } = state;
  const changes = state.pending.splice(0);
  if (database?.kind !== "postgres" || changes.length === 0) return;
  for (const payload of payloads(state.origin, changes)) {
    await database.sql.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, payload]).catch((error) => {
      log.warn("live overlay change not shared with other processes", { error, changes: changes.length });
    });
  }
}

/** The changes as JSON envelopes of at most MAX_PAYLOAD bytes each (a change too big on its own is dropped). */
export function payloads(origin: string, changes: LiveChange[]): string[] {
  const out: string[] = [];
  let batch: LiveChange[] = [];
  let size = 0;
  const close = () => {
    if (batch.length) out.push(JSON.stringify({ origin, changes: batch } satisfies Envelope));
    batch = [];
    size = 0;
  };
  for (const change of changes) {
    const bytes = Buffer.byteLength(JSON.stringify(change)) + 1;
    if (bytes > MAX_PAYLOAD - 100) continue;
    if (size + bytes > MAX_PAYLOAD - 100) close();
    batch.push(change);
    size += bytes;
  }
  close();
  return out;
}

/** Applies another process's changes to this process's overlay; its own are ignored. */
export function applyShared(payload: string): number {
  let envelope: Envelope;
  try {
    envelope = JSON.parse(payload) as Envelope;
  } catch {
    return 0;
  }
  if (envelope.origin === state.origin || !Array.isArray(envelope.changes)) return 0;
  let applied = 0;
  for (const c of envelope.changes) {
    if (c.t === "r" && typeof c.v === "string" && typeof c.i === "string" && Number.isFinite(c.ms)) {
      recordLive({ visitor: c.v, itemId: c.i, kind: c.k, ms: c.ms });
      applied++;
    } else if (c.t === "m" && typeof c.from === "string" && typeof c.to === "string") {
      moveLive(c.from, c.to);
      applied++;
    }
  }
  return applied;
}

/** Listens for the other processes' changes and model builds (PostgreSQL only; idempotent; reconnects). */
export async function startLiveShare(database: Database): Promise<void> {
  if (database.kind !== "postgres" || state.listener) return;
  state.stopped = false;
  const connect = async () => {
    const client = new pg.Client({ connectionString: database.url });
    client.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) applyShared(message.payload);
      else if (message.channel === MODELS_CHANNEL && message.payload) modelReadyElsewhere(message.payload);
    });
    client.on("error", (error) => {
      if (state.stopped) return;
      log.warn("live overlay LISTEN connection lost; reconnecting", { error });
      state.listener = undefined;
      setTimeout(() => void connect().catch(() => {}), 1000).unref?.();
    });
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${MODELS_CHANNEL}`);
    state.listener = client;
  };
  await connect();
}

/** Stops listening and sends what is pending. */
export async function stopLiveShare(): Promise<void> {
  state.stopped = true;
  await flushLive();
  const listener = state.listener;
  state.listener = undefined;
  if (listener) {
    listener.removeAllListeners("error");
    listener.on("error", () => {});
    await listener.end().catch(() => {});
  }
}

/** Tests: this process's id (a change sent with it is ignored here). */
export function liveShareOrigin(): string {
  return state.origin;
}
