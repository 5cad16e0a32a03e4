/**
 * The API's request counts and times, counted in plain numbers per operation and put into the
 * Prometheus text only when scraped. prom-client's own Counter and Histogram hash their label
 * values into a key on every inc/observe (bound children too): 2-4 µs of the web thread per
 * request, on a content route whose whole handler takes a few tens. Here a request adds to a
 * bucket of a small array; a scrape reads them.
 *
 * Process-wide (lib/process-wide.ts): the custom server's copy of lib/ counts the content route,
 * Next's bundled copy the other routes and the scrape, into the same figures. Same names, types,
 * labels and buckets as the prom-client metrics they replace.
 */
import type { Metric, Registry } from "prom-client";
import { processWide } from "@/lib/process-wide";

/** Request times in seconds: 1 ms (a cached content answer) to 10 s (an intake batch of 10 MB). */
export const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BOUNDS_MS = REQUEST_BUCKETS.map((s) => s * 1000);

/** One operation's figures. */
export interface OperationFigures {
  readonly method: string;
  readonly route: string;
  /** Requests per bucket of REQUEST_BUCKETS (not cumulative), the last slot past the largest. */
  readonly buckets: Float64Array;
  /** Seconds, summed. */
  sum: number;
  count: number;
  /** Requests per status code. */
  readonly statuses: Map<number, number>;
}

const figures = processWide("metrics.request-figures", () => new Map<string, OperationFigures>());

/** The figures of one operation (made on first use; the same object for every copy of this module). */
export function operationFigures(method: string, route: string): OperationFigures {
  const key = `${method} ${route}`;
  let found = figures.get(key);
  if (!found) {
    found = {
      method,
      route,
      buckets: new Float64Array(REQUEST_BUCKETS.length + 1),
      sum: 0,
      count: 0,
      statuses: new Map(),
    };
    figures.set(key, found);
  }
  return found;
}

/** Counts one answered request. */
export function countRequest(f: OperationFigures, status: number, ms: number): void {
  let b = 0;
  while (b < BOUNDS_MS.length && ms > BOUNDS_MS[b]!) b++;
  f.buckets[b]! += 1;
  f.sum += ms / 1000;
  f.count += 1;
  f.statuses.set(status, (f.statuses.get(status) ?? 0) + 1);
}

type Value = { value: number; labels: Record<string, string | number>; metricName?: string };

/**
 * A metric of the registry read from these figures at scrape time: what Registry.metrics() and
 * getMetricsAsJSON() read of a metric (name, help, type, aggregator, get()).
 */
class ScrapedMetric {
  readonly aggregator = "sum";
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: "counter" | "histogram",
    private readonly values: () => Value[],
  ) {}
  async get() {
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values: this.values() };
  }
  /** Zeroes the figures in place: the request recorders hold them. */
  reset(): void {
    for (const f of figures.values()) {
      f.buckets.fill(0);
      f.sum = 0;
      f.count = 0;
      f.statuses.clear();
    }
  }
}

function requestCounts(): Value[] {
  const out: Value[] = [];
  for (const f of figures.values()) {
    for (const [status, n] of f.statuses) {
      out.push({ value: n, labels: { method: f.method, route: f.route, status: String(status) } });
    }
  }
  return out;
}

function requestTimes(name: string): Value[] {
  const out: Value[] = [];
  for (const f of figures.values()) {
    const labels = { method: f.method, route: f.route };
    let cumulative = 0;
    REQUEST_BUCKETS.forEach((le, b) => {
      cumulative += f.buckets[b]!;
      out.push({ value: cumulative, labels: { le, ...labels }, metricName: `${name}_bucket` });
    });
    out.push(
      { value: f.count, labels: { le: "+Inf", ...labels }, metricName: `${name}_bucket` },
      { value: f.sum, labels, metricName: `${name}_sum` },
      { value: f.count, labels, metricName: `${name}_count` },
    );
  }
  return out;
}

/** Registers lumen_http_requests_total and lumen_http_request_duration_seconds, read from these figures. */
export function registerRequestMetrics(registry: Registry): void {
  const duration = "lumen_http_request_duration_seconds";
  const metrics = [
    new ScrapedMetric(
      "lumen_http_requests_total",
      "API requests answered, by operation (method and route template) and status; errors are status >= 400.",
      "counter",
      requestCounts,
    ),
    new ScrapedMetric(
      duration,
      "Time from a request reaching the API wrapper to its answer, by method and route template.",
      "histogram",
      () => requestTimes(duration),
    ),
  ];
  // prom-client's types name its own metric classes; the registry reads only what ScrapedMetric has.
  for (const metric of metrics) registry.registerMetric(metric as unknown as Metric);
}
