import { afterEach, describe, expect, it, vi } from "vitest";
import { setEnv } from "@/lib/env";
import { startMemoryLog } from "@/lib/memory-log";

afterEach(() => {
  vi.useRealTimers();
  setEnv("LOG_LEVEL", "error");
});

function lines(run: () => void): string[] {
  const out: string[] = [];
  const spy = vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string) => {
    out.push(String(chunk));
    return true;
  }) as typeof process.stderr.write);
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return out;
}

describe("memory lines", () => {
  it("logs the process's memory every N seconds until stopped", () => {
    setEnv("LOG_LEVEL", "info");
    vi.useFakeTimers();
    let stop = () => {};
    const written = lines(() => {
      stop = startMemoryLog(10);
      vi.advanceTimersByTime(25_000);
      stop();
      vi.advanceTimersByTime(30_000);
    });
    expect(written).toHaveLength(2);
    const line = JSON.parse(written[0]!);
    expect(line).toMatchObject({ level: "info", msg: "memory" });
    for (const field of ["rss_mb", "heap_used_mb", "heap_total_mb"]) expect(line[field]).toBeGreaterThan(0);
    for (const field of ["external_mb", "array_buffers_mb"]) expect(line[field]).toBeGreaterThanOrEqual(0);
    expect(line.heap_used_mb).toBeLessThanOrEqual(line.heap_total_mb);
  });

  it("is off at 0 (the default)", () => {
    setEnv("LOG_LEVEL", "info");
    vi.useFakeTimers();
    const written = lines(() => {
      startMemoryLog(0)();
      vi.advanceTimersByTime(600_000);
    });
    expect(written).toEqual([]);
  });
});
