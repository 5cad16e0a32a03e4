/**
 * How long this thread's event loop kept work waiting (perf_hooks' monitorEventLoopDelay), shown
 * on GET /api/health, and a log line for every stall of STALL_LOG_MS or more (default 200) naming what was running: the
 * requests and jobs in flight during it, those that ended within it, how much of it was this
 * thread's garbage collection (gc_ms, and the longest collection), and the thread's CPU time over
 * it (cpu_ms, Linux: well under the stall, the thread was waiting for a core or in a blocking call).
 *
 * The histogram samples every RESOLUTION_MS and records the time between samples; the delay is
 * that minus RESOLUTION_MS.
 */

import { openSync, readSync } from "node:fs";
import { constants, type IntervalHistogram, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { Histogram } from "prom-client";
import { wallMs } from "@/lib/clock";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-wide";

const RESOLUTION_MS = 10;
const TICK_MS = 20;
const WINDOW_MS = 60_000;
const RECENT = 32;
/** Bounds of lumen_event_loop_delay_seconds (seconds): fine around the 10-ms mark a serving thread is held to. */
const DELAY_BUCKETS = [0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 5];

interface Activity {
  what: string;
  since: number;
  ended?: number;
}

const state = processWide("health.eventLoop", () => ({
  /** Reset every WINDOW_MS. */
  window: undefined as IntervalHistogram | undefined,
  /** Never reset. */
  total: undefined as IntervalHistogram | undefined,
  /**
   * Every tick's delay since the service began answering, cumulative (reset only then): the p99 of any
   * span (a model build, a bench phase) is read from two scrapes' bucket counts, as Prometheus's
   * histogram_quantile does over a rate. Registered on /api/metrics by lib/metrics/registry.ts.
   */
  delays: new Histogram({
    name: "lumen_event_loop_delay_seconds",
    help: "Event-loop delay of the web thread: how late each 20-ms tick ran, since the service began answering (what perf_hooks' monitorEventLoopDelay measures, kept cumulative).",
    buckets: DELAY_BUCKETS,
    registers: [],
  }),
  windowStart: 0,
  started: 0,
  stalls: 0,
  longestStallMs: 0,
  /** performance.now() when the server began to listen (undefined before). */
  listeningAt: undefined as number | undefined,
  running: new Map<number, Activity>(),
  recent: [] as Activity[],
  nextId: 0,
  /** This thread's recent garbage collections: [start, duration, kind] (performance.now() ms). */
  collections: [] as [number, number, string][],
}));

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "scavenge",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "mark-compact",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental marking",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
};

/** Keeps this thread's collections of the last few seconds, to say how much of a stall they were. */
function watchCollections(): void {
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      state.collections.push([entry.startTime, entry.duration, GC_KINDS[kind] ?? "other"]);
    }
    const since = performance.now() - 10_000;
    while (state.collections.length && state.collections[0]![0] < since) state.collections.shift();
  });
  observer.observe({ entryTypes: ["gc"] });
}

/**
 * This thread's CPU time in ms (user and system, at the kernel's 10 ms resolution), on Linux from
 * /proc/thread-self/stat (a descriptor kept open: about 20 µs a read); undefined elsewhere. Beside
 * a stall's length it tells work (the thread ran: JavaScript or a collection) from waiting (for a
 * core the other processes had, or in a blocking call).
 */
function threadCpuReader(): (() => number) | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const fd = openSync("/proc/thread-self/stat", "r");
    const buf = Buffer.alloc(1024);
    return () => {
      const n = readSync(fd, buf, 0, buf.length, 0);
      const text = buf.toString("latin1", 0, n);
      // After the command's name (in parentheses, which may hold spaces): utime and stime are the
      // 12th and 13th fields, in clock ticks of 10 ms.
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
  } catch {
    return undefined;
  }
}

/** Starts watching this thread's event loop (once per thread; idempotent). */
export function watchEventLoop(): void {
  if (state.window) return;
  state.window = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  state.window.enable();
  state.total = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  state.total.enable();
  state.started = state.windowStart = wallMs();
  watchCollections();
  const stallMs = env().STALL_LOG_MS;
  let last = performance.now();
  const cpuMs = threadCpuReader();
  let lastCpu = cpuMs?.() ?? 0;
  const tick = setInterval(() => {
    const now = performance.now();
    const stalled = now - last - TICK_MS;
    const began = last;
    last = now;
    const cpu = cpuMs?.() ?? 0;
    const cpuDuring = cpuMs ? cpu - lastCpu : undefined;
    lastCpu = cpu;
    if (state.listeningAt !== undefined && began < state.listeningAt) {
      // The tick that spans the start of listening: what held the thread came before anyone could
      // connect (module loading), so it is logged but counts neither as a stall nor in the figures.
      state.listeningAt = undefined;
      if (stalled >= stallMs) log.info("start-up held the event loop before listening", { ms: Math.round(stalled) });
      state.window!.reset();
      state.total!.reset();
      return;
    }
    // Reset when the server begins to listen (markListening), as the other figures.
    state.delays.observe(Math.max(0, stalled) / 1000);
    if (stalled >= stallMs) reportStall(stalled, now, cpuDuring);
    if (wallMs() - state.windowStart >= WINDOW_MS) {
      state.window!.reset();
      state.windowStart = wallMs();
    }
  }, TICK_MS);
  tick.unref();
}

/**
 * The service starts answering: the figures start again from here (start-up's module loading and
 * migrations hold the thread before anyone can connect; its stalls stay in the log).
 */
export function markListening(): void {
  state.window?.reset();
  state.total?.reset();
  state.windowStart = wallMs();
  state.stalls = 0;
  state.longestStallMs = 0;
  state.listeningAt = performance.now();
  state.delays.reset();
}

/** The stalls counted on /api/health (stalls_over_200ms), whatever STALL_LOG_MS logs. */
const COUNTED_STALL_MS = 200;

function reportStall(ms: number, at: number, cpuMs: number | undefined): void {
  if (ms >= COUNTED_STALL_MS) state.stalls++;
  state.longestStallMs = Math.max(state.longestStallMs, ms);
  const from = wallMs() - ms;
  const running = [...state.running.values()].map((a) => `${a.what} (for ${wallMs() - a.since} ms)`);
  const ended = state.recent.filter((a) => (a.ended ?? 0) >= from).map((a) => `${a.what} (${a.ended! - a.since} ms)`);
  // Collections are told to the observer a turn or two after they happened: looked at then.
  setTimeout(() => {
    log.warn("event loop stalled", {
      stalled_ms: Math.round(ms),
      running,
      ended_during_stall: ended,
      // The thread's own CPU time over the stall and the tick before it (10 ms resolution).
      ...(cpuMs === undefined ? {} : { cpu_ms: cpuMs }),
      ...collectionsWithin(at - ms, at),
    });
  }, TICK_MS).unref();
}

/**
 * This thread's collections that ended within the stall (a collection's pause holds the thread):
 * their time in all, and the longest. The rest of a stall is JavaScript, or the thread waiting for
 * a core.
 */
function collectionsWithin(from: number, to: number): { gc_ms: number; longest_gc?: string } {
  let total = 0;
  let longest: [number, number, string] | undefined;
  for (const c of state.collections) {
    if (c[0] + c[1] < from || c[0] > to) continue;
    total += c[1];
    if (!longest || c[1] > longest[1]) longest = c;
  }
  return longest
    ? { gc_ms: Math.round(total), longest_gc: `${longest[2]} ${Math.round(longest[1])} ms` }
    : { gc_ms: 0 };
}

/** Marks work on this thread (a request, a job) for the stall log; call the answer when it ends. */
export function beginActivity(what: string): () => void {
  if (!state.window) return () => {};
  const id = state.nextId++;
  const activity: Activity = { what, since: wallMs() };
  state.running.set(id, activity);
  return () => {
    state.running.delete(id);
    activity.ended = wallMs();
    state.recent.push(activity);
    if (state.recent.length > RECENT) state.recent.shift();
  };
}

export interface DelaySummary {
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

function summary(h: IntervalHistogram): DelaySummary {
  const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  if (h.max === 0 || !Number.isFinite(h.max)) return { p50_ms: 0, p99_ms: 0, max_ms: 0 };
  return { p50_ms: ms(h.percentile(50)), p99_ms: ms(h.percentile(99)), max_ms: ms(h.max) };
}

export interface EventLoopStats {
  /** Since the current window began (at most a minute). */
  recent: DelaySummary & { window_s: number };
  /** Since the service started answering requests. */
  since_start: DelaySummary;
  stalls_over_200ms: number;
  longest_stall_ms: number;
}

/** The cumulative delay histogram (lumen_event_loop_delay_seconds) for /api/metrics. */
export function eventLoopDelayHistogram(): Histogram {
  return state.delays;
}

export function eventLoopStats(): EventLoopStats | undefined {
  const { window, total } = state;
  if (!window || !total) return undefined;
  return {
    recent: { ...summary(window), window_s: Math.round((wallMs() - state.windowStart) / 1000) },
    since_start: summary(total),
    stalls_over_200ms: state.stalls,
    longest_stall_ms: Math.round(state.longestStallMs),
  };
}

/** Runs background work of this thread as a named activity (for the stall log). */
export async function tracked<T>(what: string, work: () => Promise<T>): Promise<T> {
  const end = beginActivity(what);
  try {
    return await work();
  } finally {
    end();
  }
}
