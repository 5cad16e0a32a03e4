/**
 * npm run import -- <items|customers|events|discounts> <file.csv|file.ndjson>[.gz]
 *
 * Streams the file (CSV through csv-parse, NDJSON line by line, gunzip for .gz) into the intake
 * code (lib/data/ingest-batch.ts) in batches of 2,000, so files larger than memory work: one batch
 * is written while the next is read, and reading waits for the write (no further read-ahead).
 * Rejected rows are reported with their line number; they do not stop the import. Items of a CSV
 * merge their attribute, category and description cells into the stored lists (a blank cell keeps
 * the stored value); NDJSON records replace the lists they carry, like the API.
 * Exit codes: 0 done (even with rejected rows), 1 the file could not be read or written, 2 bad usage.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { userInfo } from "node:os";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { Presets, SingleBar } from "cli-progress";
import { type CsvError, parse } from "csv-parse";
import { csvRowToRecord, unknownColumns } from "@/lib/data/csv-record";
import { addToImportRun, finishImportRun, startImportRun } from "@/lib/data/import-runs";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { INTAKE_KINDS, type IntakeKind, type TIntakeResult } from "@/lib/data/schemas";
import { closeDatabase } from "@/lib/db/client";
import { databaseReady } from "@/lib/db/ready";

const BATCH = 2000;
const SHOW_REJECTED = 20;
const USAGE = `Usage: npm run import -- <${INTAKE_KINDS.join("|")}> <file.csv|file.ndjson|file.csv.gz|file.ndjson.gz>`;

/** One row of the file: a record to validate, or a reason it could not even be read. */
interface Entry {
  line: number;
  record?: unknown;
  error?: string;
}

interface Rejected {
  line: number;
  reason: string;
}

class UsageError extends Error {}

function parseCommand(argv: string[]): { kind: IntakeKind; file: string; format: "csv" | "ndjson"; gzip: boolean } {
  const [kind, file, ...extra] = argv.filter((a) => a !== "--");
  if (!kind || !file) throw new UsageError("a kind and a file are required");
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra.join(" ")}`);
  if (!(INTAKE_KINDS as readonly string[]).includes(kind)) {
    throw new UsageError(`unknown kind "${kind}": use one of ${INTAKE_KINDS.join(", ")}`);
  }
  const gzip = /\.gz$/i.test(file);
  const base = file.replace(/\.gz$/i, "");
  const format = /\.csv$/i.test(base) ? "csv" : /\.(ndjson|jsonl)$/i.test(base) ? "ndjson" : undefined;
  if (!format) throw new UsageError(`cannot tell the format of ${file}: name it .csv, .ndjson or .jsonl (+ .gz)`);
  return { kind: kind as IntakeKind, file, format, gzip };
}

async function* csvEntries(input: Readable, kind: IntakeKind, warn: (columns: string[]) => void) {
  const skipped: Entry[] = [];
  const parser = input.pipe(
    parse({
      bom: true,
      info: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      columns: (header: string[]) => {
        const columns = header.map((h) => h.trim());
        warn(unknownColumns(kind, columns));
        return columns;
      },
    }),
  );
  // A row csv-parse cannot split (wrong number of cells, stray quote) is reported, not fatal.
  parser.on("skip", (error: CsvError) => {
    skipped.push({ line: typeof error.lines === "number" ? error.lines : 0, error: error.message });
  });
  input.on("error", (error) => parser.destroy(error));
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    while ((skipped[0]?.line ?? Number.POSITIVE_INFINITY) < info.lines) yield skipped.shift() as Entry;
    yield { line: info.lines, record: csvRowToRecord(kind, record) } satisfies Entry;
  }
  yield* skipped;
}

async function* ndjsonEntries(input: Readable, kind: IntakeKind, warn: (columns: string[]) => void) {
  const seen = new Set<string>();
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    line += 1;
    if (text.trim() === "") continue;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      yield { line, error: `not valid JSON (${(error as Error).message})` } satisfies Entry;
      continue;
    }
    if (record && typeof record === "object" && !Array.isArray(record)) {
      const fresh = Object.keys(record).filter((k) => !seen.has(k));
      for (const key of fresh) seen.add(key);
      if (fresh.length > 0) warn(unknownColumns(kind, fresh, "json"));
    }
    yield { line, record } satisfies Entry;
  }
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

async function run(argv: string[]): Promise<number> {
  const { kind, file, format, gzip } = parseCommand(argv);
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error("not a regular file");
    size = info.size;
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }

  await databaseReady();
  const actor = (() => {
    try {
      return userInfo().username;
    } catch {
      return "unknown";
    }
  })();
  const runId = await startImportRun({ kind, source: "cli", actor });

  const raw = createReadStream(file);
  let bytesRead = 0;
  const input: Readable = gzip ? raw.pipe(createGunzip()) : raw;
  if (gzip) raw.on("error", (error) => input.destroy(error));

  const unknown = new Set<string>();
  const warn = (columns: string[]) => {
    for (const c of columns) unknown.add(c);
  };
  const entries = format === "csv" ? csvEntries(input, kind, warn) : ndjsonEntries(input, kind, warn);

  const totals = { received: 0, upserted: 0, rejected: 0 };
  const rejected: Rejected[] = [];
  const started = performance.now();
  const rate = () => Math.round(totals.received / Math.max(0.001, (performance.now() - started) / 1000));
  const bar = new SingleBar(
    {
      format: "{bar} {percentage}% | {read} of {size} | {records} records | {rate} records/s | ETA {eta_formatted}",
      hideCursor: true,
      etaBuffer: 50,
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    Presets.shades_classic,
  );
  bar.start(size, 0, { read: mb(0), size: mb(size), records: 0, rate: 0 });
  raw.on("data", (chunk) => {
    bytesRead += chunk.length;
    bar.update(bytesRead, { read: mb(bytesRead) });
  });

  /** Validates and writes one batch; rows that could not be read count as rejected too. */
  async function send(batch: Entry[], offset: number): Promise<void> {
    const readable = batch.flatMap((entry, index) => (entry.error === undefined ? [{ entry, index }] : []));
    const result = await ingestBatch({
      kind,
      records: readable.map((r) => r.entry.record),
      mergeItemLists: format === "csv",
    });
    const errors = [
      ...batch.flatMap((entry, index) => (entry.error === undefined ? [] : [{ index, detail: entry.error }])),
      ...result.errors.map((e) => ({ index: readable[e.index]?.index ?? 0, detail: e.detail })),
    ].sort((a, b) => a.index - b.index);
    const merged: TIntakeResult = {
      received: batch.length,
      upserted: result.upserted,
      errors: errors.map((e) => ({ index: e.index, detail: `line ${batch[e.index]?.line}: ${e.detail}` })),
    };
    await addToImportRun(runId, merged, offset);
    totals.received += merged.received;
    totals.upserted += merged.upserted;
    totals.rejected += errors.length;
    for (const e of errors.slice(0, Math.max(0, SHOW_REJECTED - rejected.length))) {
      rejected.push({ line: batch[e.index]?.line ?? 0, reason: e.detail });
    }
    bar.update(bytesRead, { records: totals.received, rate: rate() });
  }

  // Rows read before a read error are still written; a write error stops everything.
  let failure: string | undefined;
  let inFlight: Promise<void> | undefined;
  let offset = 0;
  let batch: Entry[] = [];
  const submit = async () => {
    await inFlight;
    inFlight = send(batch, offset);
    // Marked as handled now; the next submit (or the final await) rethrows.
    inFlight.catch(() => {});
    offset += batch.length;
    batch = [];
  };
  try {
    const iterator = entries[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Entry>;
      try {
        next = await iterator.next();
      } catch (error) {
        failure = `the file could not be read to the end: ${(error as Error).message}`;
        break;
      }
      if (next.done) break;
      batch.push(next.value);
      if (batch.length >= BATCH) await submit();
    }
    if (batch.length > 0) await submit();
    await inFlight;
  } catch (error) {
    await inFlight?.catch(() => {});
    failure = `writing failed: ${(error as Error).message}`;
  } finally {
    bar.stop();
    raw.destroy();
    await finishImportRun(runId);
  }

  const seconds = (performance.now() - started) / 1000;
  const lines = [
    `Import of ${kind} from ${file} (run ${runId}):`,
    `  received  ${totals.received.toLocaleString("en")}`,
    `  upserted  ${totals.upserted.toLocaleString("en")}`,
    `  rejected  ${totals.rejected.toLocaleString("en")}`,
    `  time      ${seconds.toFixed(1)} s (${rate().toLocaleString("en")} records/s)`,
  ];
  if (unknown.size > 0) {
    lines.push(`Warning: unknown ${format === "csv" ? "columns" : "keys"} ignored: ${[...unknown].join(", ")}`);
  }
  if (rejected.length > 0) {
    const more = totals.rejected > rejected.length ? ` (first ${rejected.length} of ${totals.rejected})` : "";
    lines.push(`Rejected rows${more}:`, ...rejected.map((r) => `  line ${r.line}: ${r.reason}`));
  }
  console.log(lines.join("\n"));
  if (failure) {
    console.error(`The import stopped early: ${failure}`);
    return 1;
  }
  return 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
} finally {
  await closeDatabase();
}
