/**
 * The visitor ids of a stored build, as a serving process loads them (lib/recommend/model-store.ts):
 * numbered straight from their packed bytes (PackedStrings, StringTable.addBytes; the target)
 * against decoding them into strings first and numbering those (the baseline: how loads did it
 * before 2026-11-29, and what unpack gives). Measured in this process, one after the other, on
 * synthetic ids shaped as the serving-scale shop's (customers and cookies, seeded, labelled
 * synthetic): the load's time, this thread's event-loop delay meanwhile (monitorEventLoopDelay at
 * 1 ms; both in 4-ms time slices, as a web process answering requests loads), the heap the result
 * keeps, and a full collection's time afterwards (what every later full collection pays for it).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { z } from "zod";
import { mulberry32 } from "@/lib/data/prng";
import { type PackedStrings, pack, unpackSliced } from "@/lib/recommend/engine/pack";
import { visitorNumbers } from "@/lib/recommend/model-store";
import { StringTable } from "@/lib/recommend/string-table";
import { timeSlice } from "@/lib/time-slice";
import { heapUsed, mb, parseOptions, type Scenario } from "../lib";

const ZOptions = z.object({
  visitors: z.coerce.number().int().min(1000).default(600_000),
  runs: z.coerce.number().int().min(1).max(20).default(3),
});

interface Figures {
  load_ms: number;
  loop_delay_p99_ms: number;
  loop_delay_max_ms: number;
  heap_retained_mb: number;
  full_gc_after_ms: number;
}

/** The previous way: the ids decoded into strings (kept with the models), then numbered. */
async function decodedThenNumbered(bytes: Buffer, slice: () => Promise<void> | undefined): Promise<unknown> {
  const { users } = await unpackSliced<{ users: string[] }>(bytes, slice);
  const table = new StringTable();
  let size = 0;
  for (let n = 0; n < users.length; n++) {
    size += users[n]!.length;
    if ((n & 65535) === 65535) await slice();
  }
  table.reserve(users.length, size);
  for (let n = 0; n < users.length; n++) {
    table.add(users[n]!);
    if ((n & 4095) === 4095) await slice();
  }
  return [users, table];
}

async function fromPacked(bytes: Buffer, slice: () => Promise<void> | undefined): Promise<unknown> {
  const { users } = await unpackSliced<{ users: PackedStrings }>(bytes, slice, { packed: ["users"] });
  return [users, await visitorNumbers(users, slice)];
}

async function measure(bytes: Buffer, load: typeof fromPacked): Promise<Figures> {
  const before = heapUsed();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const kept = await load(bytes, timeSlice());
  const load_ms = performance.now() - started;
  delay.disable();
  const gcStarted = performance.now();
  const after = heapUsed();
  const full_gc_after_ms = performance.now() - gcStarted;
  if (!kept) throw new Error("nothing loaded"); // and held until the heap was measured
  const ms = (ns: number) => Math.round(Math.max(0, ns / 1e6 - 1) * 10) / 10;
  return {
    load_ms: Math.round(load_ms),
    loop_delay_p99_ms: ms(delay.percentile(99)),
    loop_delay_max_ms: ms(delay.max),
    heap_retained_mb: mb(after - before),
    full_gc_after_ms: Math.round(full_gc_after_ms * 10) / 10,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function medians(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as (keyof Figures)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Figures;
}

export const visitorIds: Scenario = {
  name: "visitor-ids",
  description:
    "a build's visitor ids numbered from their packed bytes vs decoded into strings first (load, loop delay, heap)",
  async run(args) {
    const o = parseOptions(args, ZOptions);
    const random = mulberry32(11);
    // Synthetic ids shaped as bench/support/bulk-shop.ts's: a third cookies, the rest customers.
    const ids = Array.from({ length: o.visitors }, (_, i) =>
      random() < 1 / 3 ? `cookie:syn-cookie-${i}` : `syn-customer-${String(i).padStart(7, "0")}`,
    );
    const bytes = pack({ users: ids });
    ids.length = 0;
    const target: Figures[] = [];
    const baseline: Figures[] = [];
    for (let r = 0; r < o.runs; r++) {
      baseline.push(await measure(bytes, decodedThenNumbered));
      target.push(await measure(bytes, fromPacked));
    }
    const t = medians(target);
    const b = medians(baseline);
    for (const [name, f] of [
      ["decoded into strings (baseline)", b],
      ["from the packed bytes (target)", t],
    ] as const) {
      console.log(
        `  ${name}: load ${f.load_ms} ms | loop delay p99 ${f.loop_delay_p99_ms} ms, max ${f.loop_delay_max_ms} ms | heap kept ${f.heap_retained_mb} MB | full GC after ${f.full_gc_after_ms} ms`,
      );
    }
    return {
      parameters: {
        visitors: o.visitors,
        runs: o.runs,
        id_bytes: bytes.length,
        conditions:
          "this process alone, medians of the runs (baseline and target alternate); 4-ms time slices; delay sampled at 1 ms",
      },
      results: { target: t, runs: target },
      baseline: { ...b, runs: baseline },
      ratio: {
        load: Math.round((t.load_ms / b.load_ms) * 100) / 100,
        loop_delay_p99: Math.round((t.loop_delay_p99_ms / Math.max(b.loop_delay_p99_ms, 0.1)) * 100) / 100,
        full_gc_after: Math.round((t.full_gc_after_ms / b.full_gc_after_ms) * 100) / 100,
      },
    };
  },
};
