/**
 * The Prometheus registry of this process (prom-client) and every metric in it, made on first use.
 * It lives on globalThis (lib/process-wide.ts): the custom server answers the content route with
 * the tsx copy of lib/ while Next serves /api/metrics with its own bundled copy, and both must
 * count into the same metrics. Node's default metrics (heap, GC, event-loop delay, CPU, handles)
 * come from prom-client's collectDefaultMetrics.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { eventLoopDelayHistogram, eventLoopStats } from "@/lib/health/event-loop";
import { processWide } from "@/lib/process-wide";
import { modelsServed } from "@/lib/recommend/model-store";
import { registerRequestMetrics } from "./request-figures";

/** Job waits and runs: a second (a cron tick) to an hour (a model build on a large shop). */
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // lumen_http_requests_total and lumen_http_request_duration_seconds: counted without prom-client
  // per request, read at scrape time (./request-figures.ts).
  registerRequestMetrics(registry);
  const metrics = {
    registry,
    queueDepth: new Gauge({
      name: "lumen_job_queue_depth",
      help: "pg-boss jobs per queue: queued (may start now), deferred (start later: retries, schedules), active.",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
    }),
    jobWaitSeconds: new Histogram({
      name: "lumen_job_wait_seconds",
      help: "Time a finished job waited from when it could start to when a worker took it, per queue.",
      labelNames: ["queue"] as const,
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    jobRunSeconds: new Histogram({
      name: "lumen_job_run_seconds",
      help: "Time a finished job ran, per queue.",
      labelNames: ["queue"] as const,
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    jobsFinished: new Counter({
      name: "lumen_jobs_finished_total",
      help: "Jobs that finished (completed or failed), per queue.",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
    }),
    messagesSent: new Counter({
      name: "lumen_messages_sent_total",
      help: "Messages handed to their provider (every provider records them in the outbox table), by provider and channel.",
      labelNames: ["provider", "channel"] as const,
      registers: [registry],
    }),
    messagesFailed: new Counter({
      name: "lumen_messages_failed_total",
      help: "Campaign messages (and SMS fallback legs) that failed for good, by the channel's configured provider and channel.",
      labelNames: ["provider", "channel"] as const,
      registers: [registry],
    }),
    intakeRecords: new Counter({
      name: "lumen_intake_records_total",
      help: "Intake records per kind (customers, items, events...): received, upserted, rejected (import runs of the API, CLI and demo).",
      labelNames: ["kind", "outcome"] as const,
      registers: [registry],
    }),
    modelAge: new Gauge({
      name: "lumen_model_age_seconds",
      help: "Age of the newest ready recommendation model build (absent before the first).",
      labelNames: ["model_id"] as const,
      registers: [registry],
    }),
    modelBuildSeconds: new Gauge({
      name: "lumen_model_build_duration_seconds",
      help: "How long the newest ready recommendation model build took.",
      labelNames: ["model_id"] as const,
      registers: [registry],
    }),
    modelEvents: new Gauge({
      name: "lumen_model_events",
      help: "Events the newest ready recommendation model build read.",
      labelNames: ["model_id"] as const,
      registers: [registry],
    }),
    modelUpdateAge: new Gauge({
      name: "lumen_model_update_age_seconds",
      help: "Age of the newest incremental update (patch) of the newest ready model build (absent while it has none).",
      labelNames: ["model_id"] as const,
      registers: [registry],
    }),
    modelUpdates: new Gauge({
      name: "lumen_model_updates",
      help: "Incremental updates made to the newest ready model build since it was built (its newest patch's number; 0: none).",
      labelNames: ["model_id"] as const,
      registers: [registry],
    }),
    databaseUp: new Gauge({
      name: "lumen_metrics_database_up",
      help: "1 when the database figures of this scrape (queues, jobs, messages, models, intake) were read, else 0 (the last figures stay).",
      registers: [registry],
    }),
  };
  // This thread's event-loop watch (lib/health/event-loop.ts, as /api/health shows it).
  registry.registerMetric(eventLoopDelayHistogram());
  new Gauge({
    name: "lumen_event_loop_stalls_over_200ms",
    help: "Event-loop stalls of the web thread over 200 ms since the service began answering (each is logged).",
    registers: [registry],
    collect() {
      this.set(eventLoopStats()?.stalls_over_200ms ?? 0);
    },
  });
  new Gauge({
    name: "lumen_event_loop_longest_stall_seconds",
    help: "The longest event-loop stall of the web thread since the service began answering.",
    registers: [registry],
    collect() {
      this.set((eventLoopStats()?.longest_stall_ms ?? 0) / 1000);
    },
  });
  // What this process serves (each web process loads builds on its own: one lagging shows here).
  new Gauge({
    name: "lumen_model_served_info",
    help: "1 for the recommendation model build and incremental update (patch; 0: none) this process serves from memory (absent while it serves none).",
    labelNames: ["model_id", "patch"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const served = modelsServed();
      if (served) this.labels(served.modelId, String(served.patchSeq)).set(1);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof create>;

const slot = processWide("metrics", () => ({ current: undefined as Metrics | undefined }));

/** The process's metrics, made (and node's default metrics started) on first use. */
export function metrics(): Metrics {
  slot.current ??= create();
  return slot.current;
}
