import { spawnSync } from "node:child_process";
import { getPriority } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import {
  backgroundNice,
  DEFAULT_BACKGROUND_NICE,
  lowerProcessPriority,
  lowerThisThreadPriority,
} from "./background-priority.mjs";

/** Runs lowerThisThreadPriority(nice) in a worker thread; the thread id it changed and that thread's nice value. */
function inWorker(nice: number): Promise<{ tid?: number; priority?: number }> {
  const module = join(process.cwd(), "lib", "threads", "background-priority.mjs");
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    const { getPriority } = require("node:os");
    import(workerData.module).then(({ lowerThisThreadPriority }) => {
      const tid = lowerThisThreadPriority(workerData.nice);
      parentPort.postMessage({ tid, priority: tid === undefined ? undefined : getPriority(tid) });
    });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { module, nice } });
    worker.once("message", (m) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

describe.runIf(process.platform === "linux")("background threads yield the CPU to the request thread", () => {
  it("a worker thread lowers its own priority, not the process's", async () => {
    const before = getPriority(process.pid);
    const { tid, priority } = await inWorker(7);
    expect(tid).toBeGreaterThan(0);
    expect(tid).not.toBe(process.pid);
    expect(priority).toBe(7);
    expect(getPriority(process.pid)).toBe(before);
  });

  it("0 leaves the thread as it is, and the main thread is never changed", async () => {
    const before = getPriority(process.pid);
    expect(await inWorker(0)).toEqual({});
    expect(lowerThisThreadPriority(5)).toBeUndefined();
    expect(getPriority(process.pid)).toBe(before);
  });
});

describe.runIf(process.platform === "linux")("a worker process yields the CPU with all its threads", () => {
  it("lowers every thread of the process, those started before it ran and after", () => {
    const module = join(process.cwd(), "lib", "threads", "background-priority.mjs");
    const code = `
      const { readdirSync } = require("node:fs");
      const { getPriority } = require("node:os");
      const { Worker } = require("node:worker_threads");
      import(${JSON.stringify(module)}).then(({ lowerProcessPriority }) => {
        const changed = lowerProcessPriority(6);
        const later = new Worker("setTimeout(() => {}, 200)", { eval: true });
        setTimeout(() => {
          const tids = readdirSync("/proc/self/task").map(Number);
          console.log(JSON.stringify({ changed, priorities: tids.map((t) => getPriority(t)) }));
          later.terminate();
        }, 100);
      });`;
    const run = spawnSync(process.execPath, ["-e", code], { encoding: "utf8" });
    const out = JSON.parse(run.stdout.trim()) as { changed: number; priorities: number[] };
    // The main thread and the runtime's threads (V8's helpers, at least a few).
    expect(out.changed).toBeGreaterThan(3);
    // Every thread now, the worker thread started afterwards among them.
    expect(out.priorities.length).toBeGreaterThan(out.changed);
    expect(new Set(out.priorities)).toEqual(new Set([6]));
  });

  it("0 changes nothing", () => {
    expect(lowerProcessPriority(0)).toBe(0);
  });
});

describe("BACKGROUND_THREAD_NICE", () => {
  it("defaults to 10 and takes 0-19", () => {
    expect(backgroundNice({})).toBe(DEFAULT_BACKGROUND_NICE);
    expect(backgroundNice({ BACKGROUND_THREAD_NICE: "0" })).toBe(0);
    expect(backgroundNice({ BACKGROUND_THREAD_NICE: "19" })).toBe(19);
    expect(() => backgroundNice({ BACKGROUND_THREAD_NICE: "20" })).toThrow(/0 to 19/);
    expect(() => backgroundNice({ BACKGROUND_THREAD_NICE: "high" })).toThrow(/BACKGROUND_THREAD_NICE/);
  });
});
