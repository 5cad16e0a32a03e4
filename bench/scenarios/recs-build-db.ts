/**
 * recs-build-db: the model build as the job runs it, database included (issue 21: "Recs build at
 * 100k items / 1M customers / 10M events including the database read and store: under 5 minutes
 * and 2 GB peak"). The seeded generator's shop (lib/data/synthetic.ts, seed 1) is loaded into a
 * scratch PostgreSQL database (BENCH_DATABASE_URL, default the local server): the catalog through
 * the intake code, the events in bulk (multi-row INSERT ... SELECT FROM unnest, 10,000 a statement,
 * into the monthly partitions made first, the secondary indexes made again after it; cookie-to-
 * customer links where an event has both: not what is measured, and faster than the intake at
 * 10M events). Then, each in a process of
 * its own (../support/build-models.ts):
 * - the baseline: the events read with the build's own query and paging, collected as it does;
 * - the build: buildAndStoreModels, read, every model, store; its true peak is that process's
 *   maxRSS (process.resourceUsage()).
 * `--keep true` keeps the loaded database (named by the sizes) and reuses it on the next run.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { z } from "zod";
import { parseOptions, type Scenario } from "../lib";
import { benchPostgres, loadBulkShop, shopSizeToday } from "../support/bulk-shop";

const TARGET_SECONDS = 5 * 60;
const TARGET_MB = 2048;

const Options = z.object({
  items: z.coerce.number().int().min(10).default(100_000),
  customers: z.coerce.number().int().min(10).default(1_000_000),
  events: z.coerce.number().int().min(100).default(10_000_000),
  seed: z.coerce.number().int().default(1),
  keep: z.enum(["true", "false"]).default("false"),
});

/** ../support/build-models.ts in a process of its own; its JSON line. */
function child(url: string, args: string[], say: (line: string) => void): Promise<Record<string, unknown>> {
  const { RECS_BUILD_WINDOW_DAYS: _window, ...everyEvent } = process.env;
  return new Promise((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ["--import", "tsx", join(process.cwd(), "bench", "support", "build-models.ts"), ...args],
      {
        env: { ...everyEvent, DATABASE_URL: url, LOG_LEVEL: "warn" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
    });
    p.on("close", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0) reject(new Error(`build-models ${args.join(" ")} exited with ${code}: ${out}`));
      else {
        say(line);
        resolve(JSON.parse(line));
      }
    });
  });
}

export const recsBuildDb: Scenario = {
  name: "recs-build-db",
  description:
    "the model build as the job runs it on PostgreSQL (read, build, store) at --items 100000 --customers 1000000 --events 10000000: time and true peak memory, against reading the events alone",
  async run(args) {
    const say = (line: string) => console.log(`  ${line}`);
    const o = parseOptions(args, Options);
    const size = shopSizeToday(o);
    const scratch = await benchPostgres(
      o.keep === "true" ? `lumen_bench_build_${o.items}_${o.customers}_${o.events}_${o.seed}` : undefined,
    );
    try {
      await loadBulkShop(scratch.url, size, say);
      say("reading the events as the build does (baseline)");
      const read = await child(scratch.url, ["--read-only", "true"], say);
      say("building and storing the models");
      const build = await child(scratch.url, [], say);
      const seconds = Number(build.seconds);
      const peak = Number(build.max_rss_mb);
      return {
        parameters: {
          ...o,
          setup:
            "scratch PostgreSQL database on the same machine; each measured step in a node process of its own (bench/support/build-models.ts); RECS_BUILD_WINDOW_DAYS unset (every event read)",
        },
        results: { build: build, read_only: read },
        baseline: { read_seconds: read.seconds, read_max_rss_mb: read.max_rss_mb },
        ratio: {
          build_seconds_over_target: Math.round((seconds / TARGET_SECONDS) * 1000) / 1000,
          peak_over_target: Math.round((peak / TARGET_MB) * 1000) / 1000,
          build_over_read: Math.round((seconds / Number(read.seconds)) * 100) / 100,
          meets_target: seconds <= TARGET_SECONDS && peak <= TARGET_MB,
        },
      };
    } finally {
      await scratch.drop();
    }
  },
};
