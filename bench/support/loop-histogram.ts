/**
 * The web thread's event-loop delay over a span (a bench phase), from two scrapes of /api/metrics'
 * cumulative lumen_event_loop_delay_seconds histogram (lib/health/event-loop.ts: how late each
 * 20-ms tick ran): the span's own samples, the share within 10 ms, and the p99 interpolated within
 * its bucket as Prometheus's histogram_quantile does. Unlike /api/health's recent window (reset
 * every minute, its p99 read from a few seconds of samples), this covers exactly the span.
 */
export interface DelayScrape {
  /** Upper bounds in seconds (the last: +Inf), and the cumulative count at each. */
  bounds: number[];
  cumulative: number[];
}

export async function scrapeDelays(url: string, metricsToken: string): Promise<DelayScrape> {
  const res = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`/api/metrics: ${res.status} ${text.slice(0, 200)}`);
  const bounds: number[] = [];
  const cumulative: number[] = [];
  for (const m of text.matchAll(/^lumen_event_loop_delay_seconds_bucket\{le="([^"]+)"\} (\d+)/gm)) {
    bounds.push(m[1] === "+Inf" ? Number.POSITIVE_INFINITY : Number(m[1]));
    cumulative.push(Number(m[2]));
  }
  if (!bounds.length) throw new Error("/api/metrics has no lumen_event_loop_delay_seconds");
  return { bounds, cumulative };
}

export interface SpanDelays {
  samples: number;
  share_within_10ms: number;
  p99_ms: number | null;
  over_10ms: number;
  over_50ms: number;
}

/** The delays between two scrapes of the same process. */
export function spanDelays(from: DelayScrape, to: DelayScrape): SpanDelays {
  const counts = to.cumulative.map((c, i) => c - (from.cumulative[i] ?? 0));
  const samples = counts.at(-1) ?? 0;
  const atMost = (seconds: number) => counts[to.bounds.indexOf(seconds)] ?? Number.NaN;
  return {
    samples,
    share_within_10ms: samples ? Math.round((atMost(0.01) / samples) * 10000) / 10000 : 1,
    p99_ms: samples ? quantileMs(0.99, to.bounds, counts) : null,
    over_10ms: samples - atMost(0.01),
    over_50ms: samples - atMost(0.05),
  };
}

function quantileMs(q: number, bounds: number[], cumulative: number[]): number {
  const rank = q * cumulative.at(-1)!;
  const i = cumulative.findIndex((c) => c >= rank);
  const upper = bounds[i]!;
  const lower = i === 0 ? 0 : bounds[i - 1]!;
  // Past the last finite bound: that bound (as histogram_quantile).
  if (!Number.isFinite(upper)) return Math.round(lower * 10000) / 10;
  const below = i === 0 ? 0 : cumulative[i - 1]!;
  const inBucket = cumulative[i]! - below;
  const seconds = lower + (upper - lower) * (inBucket ? (rank - below) / inBucket : 1);
  return Math.round(seconds * 10000) / 10;
}
