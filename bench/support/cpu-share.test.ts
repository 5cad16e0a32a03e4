import { describe, expect, it } from "vitest";
import { type CpuSnapshot, cpuShare, cpuSnapshot, parseSchedstat, parseStat } from "./cpu-share";

describe("parseStat", () => {
  it("reads the parent and utime + stime past a comm holding spaces and parentheses", () => {
    const line = "4242 (node (a b)) S 4200 4242 4200 0 -1 4194560 100 0 0 0 350 25 0 0 20 0 11 0 1000 0 0";
    expect(parseStat(line)).toEqual({ comm: "node (a b)", ppid: 4200, ticks: 375 });
  });

  it("reads this process's own stat", () => {
    const snapshot = cpuSnapshot(process.pid);
    expect(snapshot.processes.get(process.pid)?.ticks).toBeGreaterThanOrEqual(0);
    expect(snapshot.total).toBeGreaterThan(snapshot.idle);
    expect(snapshot.serverWaitNs).toBeGreaterThanOrEqual(0);
  });
});

describe("parseSchedstat", () => {
  it("reads the time waiting on a run queue (the second field), 0 without one", () => {
    expect(parseSchedstat("5400000000 140000000 9981\n")).toBe(140_000_000);
    expect(parseSchedstat(undefined)).toBe(0);
    expect(parseSchedstat("")).toBe(0);
  });
});

describe("cpuShare", () => {
  const snapshot = (
    at: number,
    processes: [number, number, number, string][],
    web: number,
    idle: number,
    total: number,
    waitNs = 0,
  ) =>
    ({
      at,
      processes: new Map(processes.map(([pid, ticks, ppid, comm]) => [pid, { ticks, ppid, comm }])),
      webThread: web,
      serverWaitNs: waitNs,
      idle,
      total,
    }) satisfies CpuSnapshot;

  it("splits two seconds of ticks into cores per part of the machine", () => {
    // service 10 (its worker 11), postgres 20, bench 30, bare 40, another 50; 2 cores, 2 s.
    const parts: [pid: number, ppid: number, comm: string][] = [
      [10, 1, "node"],
      [11, 10, "node"],
      [20, 1, "postgres"],
      [30, 1, "node"],
      [40, 1, "node"],
      [50, 1, "x"],
    ];
    const ticks = [200, 20, 30, 120, 0, 10];
    const from = snapshot(
      0,
      parts.map(([pid, ppid, comm]) => [pid, 0, ppid, comm]),
      0,
      0,
      0,
    );
    const to = snapshot(
      2000,
      parts.map(([pid, ppid, comm], i) => [pid, ticks[i]!, ppid, comm]),
      170,
      20,
      400,
      280_000_000,
    );
    expect(cpuShare(from, to, { service: 10, bench: 30, bare: 40 })).toEqual({
      web_thread: 0.85,
      web_other_threads: 0.15,
      service_children: 0.1,
      database: 0.15,
      bench: 0.6,
      bare_server: 0,
      other: 0.05,
      idle: 0.1,
      // 0.28 s of 2 s waiting for a CPU.
      server_thread_waiting: 0.14,
    });
  });
});
