import { describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";
import { eventLoopDelayHistogram, eventLoopStats, markListening, watchEventLoop } from "./event-loop";

const block = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("event-loop figures", () => {
  it("leave out what held the thread before the server listened, and count a stall after it", async () => {
    watchEventLoop();
    await sleep(50);
    block(300); // start-up's module loading, before anyone can connect
    markListening();
    await sleep(100);
    const afterStart = eventLoopStats()!;
    expect(afterStart.stalls_over_200ms).toBe(0);
    expect(afterStart.longest_stall_ms).toBe(0);
    expect(afterStart.since_start.max_ms).toBeLessThan(200);
    const before = await delayCounts();
    // The cumulative histogram of /api/metrics counts ticks since listening: none later than 250 ms.
    expect(before.count).toBeGreaterThan(0);
    expect(before.count - before.within250ms).toBe(0);

    block(300); // a request holding the thread: 280-300 ms between two 20-ms ticks, past the 0.25 s bucket
    await sleep(100);
    const afterStall = eventLoopStats()!;
    expect(afterStall.stalls_over_200ms).toBe(1);
    expect(afterStall.longest_stall_ms).toBeGreaterThanOrEqual(200);
    expect(afterStall.since_start.max_ms).toBeGreaterThanOrEqual(200);
    const after = await delayCounts();
    expect(after.count).toBeGreaterThan(before.count);
    expect(after.count - after.within250ms).toBe(1);
  });
});

/** Ticks counted by lumen_event_loop_delay_seconds, and those within 0.25 s (its le="0.25" bucket). */
async function delayCounts(): Promise<{ count: number; within250ms: number }> {
  const { values } = await eventLoopDelayHistogram().get();
  const count = values.find((v) => v.metricName === "lumen_event_loop_delay_seconds_count")!.value;
  const within250ms = values.find(
    (v) => v.metricName === "lumen_event_loop_delay_seconds_bucket" && v.labels.le === 0.25,
  )!.value;
  return { count, within250ms };
}

type StallLine = { stalled_ms: number; gc_ms: number; longest_gc?: string; cpu_ms?: number };

/** The "event loop stalled" lines logged while `stall` runs and 100 ms after, the loop watched from 50 ms before. */
async function stallLines(stall: () => void | Promise<void>): Promise<StallLine[]> {
  watchEventLoop();
  await sleep(50);
  const warn = vi.spyOn(log, "warn");
  try {
    await stall();
    await sleep(100);
    return warn.mock.calls
      .filter(([message]) => message === "event loop stalled")
      .map(([, fields]) => fields as StallLine);
  } finally {
    warn.mockRestore();
  }
}

describe("the stall log line", () => {
  it("says how much of a stall was this thread's garbage collection", async () => {
    const [line] = await stallLines(() => {
      // Held 250 ms making garbage: young-generation collections run within the stall.
      const end = performance.now() + 250;
      let kept: unknown[] = [];
      while (performance.now() < end) {
        kept.push({ at: performance.now(), text: `piece ${kept.length}` });
        if (kept.length > 50_000) kept = [];
      }
    });
    expect(line?.stalled_ms).toBeGreaterThanOrEqual(200);
    expect(line?.gc_ms).toBeGreaterThan(0);
    expect(line?.gc_ms).toBeLessThanOrEqual(line!.stalled_ms + 40);
    if (process.platform === "linux") expect(line?.cpu_ms).toBeGreaterThan(0);
    expect(line?.longest_gc).toMatch(/^(scavenge|mark-compact|incremental marking|weak callbacks|other) \d+ ms$/);
  });

  it("says little of a stall that made no garbage was collection", async () => {
    const [line] = await stallLines(() => block(250));
    // The stall is known at a tick's precision (20 ms): a collection just before it may count.
    expect(line?.gc_ms).toBeLessThan(line!.stalled_ms / 4);
  });
});

describe("the stall's CPU time", () => {
  it("is near the stall when the thread worked, and near nothing when it waited in a blocking call", async () => {
    if (process.platform !== "linux") return;
    const lines = await stallLines(async () => {
      block(300);
      await sleep(100);
      // A blocking wait: the thread sleeps in the kernel (Atomics.wait), using no CPU.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    });
    expect(lines).toHaveLength(2);
    const [worked, waited] = lines;
    // On a busy machine the working thread may itself wait for a core a little.
    expect(worked?.cpu_ms).toBeGreaterThanOrEqual(150);
    expect(waited?.cpu_ms).toBeLessThanOrEqual(60);
  });
});
