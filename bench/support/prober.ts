/**
 * A probe client: strictly one request at a time on one keep-alive connection of its own
 * (node:http, an Agent with maxSockets 1), a new request `intervalMs` after the previous one
 * started (at once when it took longer), each with a timeout (AbortSignal.timeout). Latency is from
 * sending the request to the last byte of the answer. Used for the service and for the bare-server
 * baseline alike, so both are measured by the same code.
 *
 * The run is cut into segments (phases): cut() summarises the requests completed since the last
 * cut (a request in flight at a cut counts in the segment in which it completes) and starts the
 * next segment.
 */
import { Agent, request } from "node:http";

export interface ProbeOptions {
  name: string;
  url: string;
  /** Headers of the n-th request (0-based). */
  headers?: (n: number) => Record<string, string>;
  intervalMs: number;
  timeoutMs: number;
  /** Called with the body of every 2xx answer. */
  onAnswer?: (body: string) => void;
}

export interface ProbeSummary {
  requests: number;
  /** 2xx answers. */
  answered: number;
  /** Non-2xx answers, errors and timeouts. */
  failed: number;
  /** Latency of every request, answered or not (a timeout counts as its time), nearest rank. */
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /**
   * Longest time without a successful answer: between completions of consecutive 2xx answers,
   * from the segment's start (or the prober's, if later) to the first, and from the last to its end.
   */
  longest_gap_ms: number;
  seconds: number;
  /** How the failures failed: HTTP status or error code, with counts. */
  failures: Record<string, number>;
}

export interface Prober {
  name: string;
  /** The summary of the current segment so far, without cutting. */
  peek(): ProbeSummary;
  /** The summary of the current segment; the next one starts now. */
  cut(): ProbeSummary;
  /** Stops probing (a request in flight is abandoned) and answers the current segment's summary. */
  stop(): ProbeSummary;
  /** The body of the last 2xx answer (for a baseline server answering the same bytes). */
  lastBody(): string | undefined;
}

interface Sample {
  end: number;
  ms: number;
  ok: boolean;
  failure?: string;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The value at percentile p of sorted values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function longestGap(okEnds: number[], from: number, to: number): number {
  let longest = 0;
  let last = from;
  for (const end of okEnds) {
    longest = Math.max(longest, end - last);
    last = end;
  }
  return Math.max(longest, to - last);
}

export function summarise(samples: Sample[], from: number, to: number): ProbeSummary {
  const latencies = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failures: Record<string, number> = {};
  for (const s of samples) if (!s.ok) failures[s.failure!] = (failures[s.failure!] ?? 0) + 1;
  const answered = samples.filter((s) => s.ok).length;
  return {
    requests: samples.length,
    answered,
    failed: samples.length - answered,
    p50_ms: round1(percentile(latencies, 50)),
    p99_ms: round1(percentile(latencies, 99)),
    max_ms: round1(latencies[latencies.length - 1] ?? 0),
    longest_gap_ms: Math.round(
      longestGap(
        samples.filter((s) => s.ok).map((s) => s.end),
        from,
        to,
      ),
    ),
    seconds: round1((to - from) / 1000),
    failures,
  };
}

/** One GET on `agent`: the status and body, or an error (timeout, connection). */
function get(url: URL, agent: Agent, headers: Record<string, string>, timeoutMs: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { agent, headers, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on("error", reject);
      res.on("close", () => {
        if (!res.complete) reject(new Error("the answer was cut off"));
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const failureOf = (error: unknown) => {
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === "TimeoutError" || e.name === "AbortError") return "timeout";
  return e.code ?? e.message ?? "error";
};

export function startProber(options: ProbeOptions): Prober {
  const url = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const started = performance.now();
  let segmentStart = started;
  let samples: Sample[] = [];
  let body: string | undefined;
  let stopped = false;

  const loop = async () => {
    for (let n = 0; !stopped; n++) {
      const t0 = performance.now();
      let sample: Sample;
      try {
        const answer = await get(url, agent, options.headers?.(n) ?? {}, options.timeoutMs);
        const end = performance.now();
        const ok = answer.status >= 200 && answer.status < 300;
        sample = { end, ms: end - t0, ok, failure: ok ? undefined : `HTTP ${answer.status}` };
        if (ok) {
          body = answer.body;
          options.onAnswer?.(answer.body);
        }
      } catch (error) {
        const end = performance.now();
        sample = { end, ms: end - t0, ok: false, failure: failureOf(error) };
      }
      if (stopped) break;
      samples.push(sample);
      const wait = t0 + options.intervalMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  void loop();

  const peek = () => summarise(samples, segmentStart, performance.now());
  return {
    name: options.name,
    peek,
    cut: () => {
      const summary = peek();
      samples = [];
      segmentStart = performance.now();
      return summary;
    },
    stop: () => {
      const summary = peek();
      stopped = true;
      agent.destroy();
      return summary;
    },
    lastBody: () => body,
  };
}
