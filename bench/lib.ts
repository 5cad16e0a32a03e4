/**
 * Shared parts of the benchmarks: what a scenario is, the machine it ran on, peak memory sampling,
 * scratch PostgreSQL databases and the result file bench/results/<scenario>.json.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import pg from "pg";
import { z } from "zod";

export interface ScenarioReport {
  /** Inputs of the run (sizes, batch), so results of different runs can be compared. */
  parameters: Record<string, unknown>;
  results: unknown;
  baseline: unknown;
  ratio: unknown;
}

export interface Scenario {
  name: string;
  description: string;
  run(args: string[]): Promise<ScenarioReport>;
}

export interface Machine {
  cpus: number;
  cpu_model: string;
  /** Total memory in GiB. */
  memory: number;
  node: string;
  platform: string;
}

export function machine(): Machine {
  const list = cpus();
  return {
    cpus: list.length,
    cpu_model: list[0]?.model.trim() ?? "unknown",
    memory: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

/**
 * Benchmark-only settings. They are not settings of the service, so they are read here rather
 * than in lib/env.ts (the service never sees them).
 */
export function benchSettings(): { databaseUrl?: string } {
  const parsed = z
    .object({
      BENCH_DATABASE_URL: z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    })
    .parse(process.env);
  return { databaseUrl: parsed.BENCH_DATABASE_URL || undefined };
}

export const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/**
 * Samples the resident set size. PGlite runs each query synchronously on the main thread, so the
 * timer cannot fire mid-query: callers also sample after every batch.
 */
export class RssSampler {
  private peak = 0;
  private timer: NodeJS.Timeout | undefined;

  start(intervalMs = 25): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
    return this;
  }

  sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage().rss);
  }

  /** Peak since the last reset, in MB; starts the next period. */
  reset(): number {
    this.sample();
    const peak = this.peak;
    this.peak = process.memoryUsage().rss;
    return mb(peak);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export interface Timed {
  records: number;
  seconds: number;
  records_per_s: number;
  peak_rss_mb: number;
}

export function timed(records: number, ms: number, peakRssMb: number): Timed {
  return {
    records,
    seconds: Math.round(ms) / 1000,
    records_per_s: Math.round(records / Math.max(ms / 1000, 1e-6)),
    peak_rss_mb: peakRssMb,
  };
}

/** A fresh database on the server of `url`, dropped by the returned function. */
export async function scratchPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lumen_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export const RESULTS_DIR = join(process.cwd(), "bench", "results");

export function writeResult(scenario: string, report: ScenarioReport): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${scenario}.json`);
  const body = { scenario, date: new Date().toISOString(), machine: machine(), ...report };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return file;
}

/** A scenario's options: every key of its schema read as --key value from the arguments. */
export function parseOptions<T extends z.ZodObject>(args: string[], schema: T): z.output<T> {
  const options = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, { type: "string" as const }]));
  return schema.parse(parseArgs({ args, options }).values);
}

/** Heap in use after a full garbage collection (exposes gc for this process when needed). */
export function heapUsed(): number {
  const g = globalThis as { gc?: () => void };
  if (!g.gc) {
    setFlagsFromString("--expose-gc");
    g.gc = runInNewContext("gc") as () => void;
  }
  g.gc();
  return process.memoryUsage().heapUsed;
}
