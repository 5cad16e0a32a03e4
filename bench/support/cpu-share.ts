/**
 * Where the machine's cores went during a measured run, read from /proc (Linux) at the run's start
 * and end: the service's web thread, the rest of its process (the collector's helper threads,
 * libuv's pool), its child processes (the worker), the database server, the bench process (the
 * load generator's thread), the bare server, everything else, and idle. A run far below its
 * neighbours (one such in docs/benchmarks.md, unexplained) then says whether something else had
 * the cores or the service itself was slower. Two snapshots per run, none during it: reading every
 * process's stat takes a few milliseconds of the bench's main thread.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's times (USER_HZ; 100 on Linux everywhere in practice). */
const HZ = 100;

export interface CpuSnapshot {
  at: number;
  /** utime + stime per process id, in ticks. */
  processes: Map<number, { ticks: number; ppid: number; comm: string }>;
  /** The service's main thread, in ticks. */
  webThread: number;
  /**
   * Nanoseconds the measured server's main thread (the service's web thread, or the bare
   * server's) has spent runnable but waiting for a CPU (/proc/<pid>/schedstat's second field).
   */
  serverWaitNs: number;
  idle: number;
  total: number;
}

/** A /proc stat line's comm, parent pid and utime + stime (the comm may hold spaces and parentheses). */
export function parseStat(line: string): { comm: string; ppid: number; ticks: number } | undefined {
  const open = line.indexOf("(");
  const close = line.lastIndexOf(")");
  if (open < 0 || close < open) return undefined;
  // After the comm: state (field 3), ppid (4) ... utime (14), stime (15).
  const fields = line.slice(close + 2).split(" ");
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ppid) || !Number.isFinite(ticks)) return undefined;
  return { comm: line.slice(open + 1, close), ppid, ticks };
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined; // the process ended between the listing and the read
  }
}

/** A thread's time waiting on a run queue, in ns (0 where the kernel keeps no schedstat). */
export function parseSchedstat(text: string | undefined): number {
  const wait = Number(text?.trim().split(/\s+/)[1]);
  return Number.isFinite(wait) ? wait : 0;
}

export function cpuSnapshot(servicePid: number, serverPid = servicePid): CpuSnapshot {
  const processes = new Map<number, { ticks: number; ppid: number; comm: string }>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    const parsed = stat === undefined ? undefined : parseStat(stat);
    if (parsed) processes.set(Number(name), parsed);
  }
  const thread = read(`/proc/${servicePid}/task/${servicePid}/stat`);
  const cpu = (read("/proc/stat") ?? "").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return {
    at: performance.now(),
    processes,
    webThread: (thread === undefined ? undefined : parseStat(thread))?.ticks ?? 0,
    serverWaitNs: parseSchedstat(read(`/proc/${serverPid}/task/${serverPid}/schedstat`)),
    // idle + iowait; the total of every field (steal included).
    idle: (cpu[3] ?? 0) + (cpu[4] ?? 0),
    total: cpu.reduce((sum, x) => sum + (Number.isFinite(x) ? x : 0), 0),
  };
}

/** Cores used per part of the machine between two snapshots (1 = one core all the time). */
export interface CpuShare {
  web_thread: number;
  web_other_threads: number;
  service_children: number;
  database: number;
  bench: number;
  bare_server: number;
  other: number;
  idle: number;
  /** The measured server's main thread: the share of the time it was runnable but had no CPU. */
  server_thread_waiting: number;
}

export function cpuShare(
  from: CpuSnapshot,
  to: CpuSnapshot,
  pids: { service: number; bench: number; bare?: number },
): CpuShare {
  const seconds = Math.max((to.at - from.at) / 1000, 0.001);
  const cores = (ticks: number) => Math.round((ticks / HZ / seconds) * 100) / 100;
  const used = (pid: number) => {
    const end = to.processes.get(pid);
    if (!end) return 0;
    return end.ticks - (from.processes.get(pid)?.ticks ?? 0);
  };
  const groups = { service: 0, children: 0, database: 0, bench: 0, bare: 0, other: 0 };
  for (const [pid, p] of to.processes) {
    const ticks = used(pid);
    if (pid === pids.service) groups.service += ticks;
    else if (p.ppid === pids.service) groups.children += ticks;
    else if (p.comm === "postgres") groups.database += ticks;
    else if (pid === pids.bench) groups.bench += ticks;
    else if (pid === pids.bare) groups.bare += ticks;
    else groups.other += ticks;
  }
  const webThread = to.webThread - from.webThread;
  const totalTicks = to.total - from.total;
  const cpus = totalTicks > 0 ? totalTicks / HZ / seconds : 0;
  return {
    web_thread: cores(webThread),
    web_other_threads: cores(groups.service - webThread),
    service_children: cores(groups.children),
    database: cores(groups.database),
    bench: cores(groups.bench),
    bare_server: cores(groups.bare),
    other: cores(groups.other),
    idle: totalTicks > 0 ? Math.round(((to.idle - from.idle) / totalTicks) * cpus * 100) / 100 : 0,
    server_thread_waiting: Math.round(((to.serverWaitNs - from.serverWaitNs) / 1e9 / seconds) * 100) / 100,
  };
}

/** One line of a share, for the bench's output. */
export function shareLine(s: CpuShare): string {
  return `cores: web thread ${s.web_thread}, web's other threads ${s.web_other_threads}, worker ${s.service_children}, database ${s.database}, bench ${s.bench}, bare ${s.bare_server}, other ${s.other}, idle ${s.idle}; the server's main thread waited for a CPU ${Math.round(s.server_thread_waiting * 100)}% of the time`;
}
