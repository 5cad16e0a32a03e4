/**
 * One-line JSON logs on stderr; nothing else in lib/ writes to the console.
 *
 * A server (scripts/start.ts) turns on batching: the per-request lines (logRequestLine) are then
 * gathered and written at most every FLUSH_MS instead of one write each. stderr is a pipe under a
 * supervisor, and node writes pipes synchronously: a write per request cost more than the content
 * route's whole handler (measured: ~60 µs of this thread per line when the reader is busy, against
 * ~1 µs per line batched). Once per turn of the event loop was still a write, and a wake-up of the
 * reader, per few requests: at 8,000 personal answers a second (1M customers) 4-5% of the web
 * thread. Every other line first writes what is gathered, then itself, at once, so the order of
 * lines is kept.
 */
import { wallMs } from "@/lib/clock";
import { env } from "@/lib/env";
import { processWide } from "@/lib/process-wide";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
/** The longest a gathered request line waits to be written (see the file's comment). */
const FLUSH_MS = 20;
type Level = keyof typeof LEVELS;

/** One per process (lib/process-wide.ts): Next's bundled copy and the tsx copy share the batch. */
const out = processWide("log.batch", () => ({
  batching: false,
  pending: "",
  scheduled: false,
  /** The time text of the last line, kept for the millisecond it was made in. */
  timeMs: 0,
  timeText: "",
}));

function enabled(level: Level): boolean {
  let min: Level = "info";
  try {
    min = env().LOG_LEVEL;
  } catch {
    // configuration errors are reported by whoever parses it first
  }
  return LEVELS[level] >= LEVELS[min];
}

/** ISO time of now; formatted once per millisecond (several request lines share one under load). */
function timeText(): string {
  const now = wallMs();
  if (now !== out.timeMs) {
    out.timeMs = now;
    out.timeText = new Date(now).toISOString();
  }
  return out.timeText;
}

/** Writes the gathered lines (batching), synchronously. */
export function flushLog(): void {
  out.scheduled = false;
  if (out.pending === "") return;
  const text = out.pending;
  out.pending = "";
  process.stderr.write(text);
}

/**
 * Gathers per-request lines and writes them at most FLUSH_MS later (a server's stderr);
 * off by default (tests and CLI commands read each line as it is written). Lines gathered when
 * the process exits are written then.
 */
export function batchRequestLines(on = true): void {
  if (out.batching === on) return;
  out.batching = on;
  if (on) process.on("exit", flushLog);
  else {
    process.off("exit", flushLog);
    flushLog();
  }
}

function emit(text: string): void {
  if (out.pending !== "") flushLog();
  process.stderr.write(text);
}

function write(level: Level, msg: string, fields?: Record<string, unknown>): void {
  if (!enabled(level)) return;
  const line = { time: timeText(), level, msg, ...fields };
  emit(`${JSON.stringify(line, replacer)}\n`);
}

/** `,"method":…,"route":…` of a request line, kept for the last operation (a hot route's requests follow one another). */
const lastRoute = { method: "", route: "", text: "" };
function routeText(method: string, route: string): string {
  if (method !== lastRoute.method || route !== lastRoute.route) {
    lastRoute.method = method;
    lastRoute.route = route;
    lastRoute.text = `,"method":${JSON.stringify(method)},"route":${JSON.stringify(route)}`;
  }
  return lastRoute.text;
}

/**
 * The one line per API request (lib/metrics/requests.ts), at info level, put together without the
 * general path's object spread and replacer: `route` and `method` come from the operation's
 * declaration; the request id is the client's text (X-Request-Id) and is escaped. Same JSON as
 * log.info("request", {request_id, method, route, status, ms}).
 */
export function logRequestLine(requestId: string, method: string, route: string, status: number, ms: number): void {
  if (!enabled("info")) return;
  const line = `{"time":"${timeText()}","level":"info","msg":"request","request_id":${JSON.stringify(requestId)}${routeText(method, route)},"status":${status},"ms":${ms}}\n`;
  if (!out.batching) {
    emit(line);
    return;
  }
  out.pending += line;
  // Bounded: a turn that answers thousands of requests writes as it goes.
  if (out.pending.length > 64 * 1024) flushLog();
  else if (!out.scheduled) {
    out.scheduled = true;
    // Not kept alive for it: lines gathered when the process exits are written then.
    setTimeout(flushLog, FLUSH_MS).unref();
  }
}

/**
 * E-mail addresses and phone numbers (E.164, as intake stores them) in an error's text: a
 * provider's refusal often quotes the recipient ("550 <jana@example.cz>: no such user", "The 'To'
 * number +420601234567 is not valid"), and log lines carry no personal data.
 */
const CONTACTS = /[^\s"'<>()[\],;:@/\\]+@[^\s"'<>()[\],;:@/\\]+\.[a-z]{2,}|\+\d[\d ]{7,17}\d/gi;

export function redactContacts(text: string): string {
  return text.replace(CONTACTS, (found) => (found.includes("@") ? "[e-mail]" : "[phone]"));
}

function replacer(key: string, value: unknown) {
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redactContacts(value.message),
      stack: value.stack && redactContacts(value.stack),
    };
  }
  // An error given as text (String(error)) is searched alike; other fields are the caller's choice.
  if (key === "error" && typeof value === "string") return redactContacts(value);
  return typeof value === "bigint" ? value.toString() : value;
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
