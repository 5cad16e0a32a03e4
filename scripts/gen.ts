/**
 * npm run gen -- --items 100000 --customers 1000000 --events 10000000 [--seed 42] [--end YYYY-MM-DD]
 *                [--dry-run] [--json]
 *
 * Writes a seeded synthetic shop (lib/data/synthetic.ts) through the intake code in batches of
 * 5,000, items first, then customers, then events (so customer aggregates are computed as purchases
 * arrive). Its distributions are measured from ../shared/data/online-retail when present, else the
 * built-in figures of that measurement are used. --dry-run prints the parameters and writes
 * nothing; --json prints them as JSON. Re-running with the same arguments rewrites the same records
 * (event ids are fixed), it does not add duplicates.
 */
import { existsSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Presets, SingleBar } from "cli-progress";
import { z } from "zod";
import { addToImportRun, finishImportRun, startImportRun } from "@/lib/data/import-runs";
import { ingestBatch } from "@/lib/data/ingest-batch";
import type { IntakeKind } from "@/lib/data/schemas";
import {
  BUILT_IN_FIT,
  meanOfQuantiles,
  measureOnlineRetail,
  planEvents,
  QUANTILE_LEVELS,
  type ShopFit,
  type ShopSize,
  syntheticCustomers,
  syntheticEvents,
  syntheticItems,
} from "@/lib/data/synthetic";
import { closeDatabase } from "@/lib/db/client";
import { databaseReady } from "@/lib/db/ready";
import { env } from "@/lib/env";

const BATCH = 5000;
const USAGE = `Usage: npm run gen -- [--items N] [--customers N] [--events N] [--seed 42] [--end YYYY-MM-DD] [--dry-run] [--json]`;

class UsageError extends Error {}

const count = z.coerce.number().int("must be a whole number").min(0, "must not be negative").max(50_000_000);
const ZArgs = z
  .object({
    items: count.default(0),
    customers: count.default(0),
    events: count.default(0),
    seed: z.coerce.number().int("must be a whole number").default(42),
    end: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
      .optional(),
  })
  .refine((a) => a.events === 0 || (a.items > 0 && a.customers > 0), {
    path: ["events"],
    message: "events need --items and --customers (the shop they happen in)",
  });

function parseCommand(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      items: { type: "string" },
      customers: { type: "string" },
      events: { type: "string" },
      seed: { type: "string" },
      end: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals.join(" ")}`);
  const numeric = (v: string | undefined) => v?.replaceAll("_", "");
  const parsed = ZArgs.safeParse({
    items: numeric(values.items),
    customers: numeric(values.customers),
    events: numeric(values.events),
    seed: values.seed,
    end: values.end,
  });
  if (!parsed.success) throw new UsageError(z.prettifyError(parsed.error));
  const today = new Date();
  const end = parsed.data.end
    ? new Date(`${parsed.data.end}T00:00:00Z`)
    : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (Number.isNaN(end.getTime())) throw new UsageError("--end is not a valid date");
  const size: ShopSize = { ...parsed.data, end };
  return { size, dryRun: values["dry-run"], json: values.json };
}

async function loadFit(): Promise<{ fit: ShopFit; note: string }> {
  const file = join(env().SHARED_DATA_DIR, "online-retail", "online_retail_2010_2011.csv.gz");
  if (!existsSync(file)) {
    return { fit: BUILT_IN_FIT, note: `built in (measured from the Online Retail file; ${file} not found)` };
  }
  const started = performance.now();
  const fit = await measureOnlineRetail(file);
  return { fit, note: `measured from ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s` };
}

const int = (n: number) => Math.round(n).toLocaleString("en");
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function describeFit(fit: ShopFit, note: string, size: ShopSize): string {
  const levels = [0.05, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999];
  const at = (table: number[]) =>
    levels.map((l) => `p${+(l * 100).toFixed(1)} ${+(table[QUANTILE_LEVELS.indexOf(l)] ?? 0).toFixed(2)}`).join(", ");
  const weights = (xs: number[], labels: string[]) => xs.map((x, i) => `${labels[i] ?? i} ${pct(x)}`).join(" ");
  const plan = planEvents(fit, size);
  const mean = (table: number[]) => meanOfQuantiles(table).toFixed(2);
  return [
    `Parameters ${note}:`,
    `  source: ${int(fit.lines)} purchase lines, ${int(fit.items)} items, ${int(fit.orders)} orders, ${int(fit.customers)} customers; guests buy ${pct(fit.guestShare)} of lines`,
    `  item popularity: empirical rank-frequency curve (${fit.popularity.length} points, stretched to the item count); Zipf exponent over the top half s = ${fit.zipfExponent}`,
    `    top item ${pct(1)}, rank quantile 1% ${pct(fit.popularity.find(([x]) => x >= 0.01)?.[1] ?? 0)}, 10% ${pct(fit.popularity.find(([x]) => x >= 0.1)?.[1] ?? 0)}, 50% ${pct(fit.popularity.find(([x]) => x >= 0.5)?.[1] ?? 0)} of the top item's lines`,
    `  lines per order: mean ${mean(fit.linesPerOrder)}; ${at(fit.linesPerOrder)}`,
    `  orders per customer: mean ${mean(fit.ordersPerCustomer)}; ${at(fit.ordersPerCustomer)}`,
    `  units per line: mean ${mean(fit.unitsPerLine)}; ${at(fit.unitsPerLine)}`,
    `  item price (GBP, median per item): mean ${mean(fit.itemPrice)}; ${at(fit.itemPrice)}`,
    `  months: ${weights(fit.month, ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])}`,
    `  weekdays: ${weights(fit.weekday, ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])} (floor: half an average day)`,
    `  hours: ${weights(fit.hour, [])} (floor: a tenth of an average hour)`,
    `  countries: ${fit.countries.map(([c, s]) => `${c} ${pct(s)}`).join(", ")}`,
    `Shop (seed ${size.seed}): ${int(size.items)} items, ${int(size.customers)} customers, ${int(size.events)} events in the 365 days before ${size.end.toISOString().slice(0, 10)}`,
    size.events > 0
      ? `  events: view ${pct(plan.mix.view)}, add_to_cart ${pct(plan.mix.add_to_cart)}, purchase ${pct(plan.mix.purchase)}; ~${int(plan.orders)} orders of ~${plan.meanLinesPerOrder.toFixed(1)} lines from ~${int(plan.buyers)} buyers`
      : "  no events",
  ].join("\n");
}

async function write(kind: IntakeKind, total: number, records: Iterable<Record<string, unknown>>, actor: string) {
  const runId = await startImportRun({ kind, source: "generator", actor });
  const bar = new SingleBar(
    {
      format: `${kind.padEnd(9)} {bar} {percentage}% | {value}/{total} | {rate} records/s | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 20,
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    Presets.shades_classic,
  );
  const started = performance.now();
  const rate = (done: number) => Math.round(done / Math.max(0.001, (performance.now() - started) / 1000));
  bar.start(total, 0, { rate: 0 });
  let done = 0;
  let rejected = 0;
  let firstError: string | undefined;
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    const result = await ingestBatch({ kind, records: batch, synthetic: true });
    await addToImportRun(runId, result, done);
    done += batch.length;
    rejected += result.errors.length;
    firstError ??= result.errors[0]?.detail;
    batch = [];
    bar.update(done, { rate: rate(done) });
  };
  try {
    for (const record of records) {
      batch.push(record);
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length > 0) await flush();
  } finally {
    bar.stop();
    await finishImportRun(runId);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${kind}: ${int(done)} written in ${seconds.toFixed(1)} s (${int(rate(done))} records/s)`);
  if (rejected > 0) console.log(`  ${int(rejected)} rejected, e.g. ${firstError}`);
  return { done, seconds };
}

async function run(argv: string[]): Promise<void> {
  const { size, dryRun, json } = parseCommand(argv);
  const { fit, note } = await loadFit();
  if (json) console.log(JSON.stringify(fit, null, 2));
  else console.log(describeFit(fit, note, size));
  if (dryRun || json) return;

  await databaseReady();
  const actor = userInfo().username;
  const started = performance.now();
  let written = 0;
  if (size.items > 0) written += (await write("items", size.items, syntheticItems(fit, size), actor)).done;
  if (size.customers > 0) {
    written += (await write("customers", size.customers, syntheticCustomers(fit, size), actor)).done;
  }
  if (size.events > 0) written += (await write("events", size.events, syntheticEvents(fit, size), actor)).done;
  const seconds = (performance.now() - started) / 1000;
  console.log(`Done: ${int(written)} records in ${seconds.toFixed(1)} s (${int(written / seconds)} records/s)`);
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || (error instanceof TypeError && "code" in error)) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
} finally {
  await closeDatabase();
}
