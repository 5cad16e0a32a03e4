/**
 * Worker pools: the queues a worker takes. `npm run worker -- --queues sends,exports` (or
 * WORKER_QUEUES) runs only those, so a deployment can give model builds a process of their own and
 * sends and exports another; with neither, a worker takes every queue. An entry names a pool below
 * or one queue (`campaigns.deliver-send`), optionally with its jobs at a time per queue:
 * `sends=4` (else WORKER_CONCURRENCY).
 */
import { JOBS } from "./names";

type Queue = (typeof JOBS)[keyof typeof JOBS];

/** Every queue is in exactly one pool (lib/jobs/pools.test.ts). */
export const POOLS = {
  sends: [JOBS.prepareSend, JOBS.deliverSend, JOBS.startDueCampaigns, JOBS.sendFallbacks],
  exports: [JOBS.exportAudience, JOBS.purgeExports],
  builds: [JOBS.buildModels, JOBS.checkModelEvents, JOBS.updateModels],
  calculations: [JOBS.calculateTouchpoint, JOBS.warmSearch, JOBS.recalculateAll, JOBS.sweepCalculations],
  demo: [JOBS.loadDemo],
  housekeeping: [JOBS.refreshPurchaseWindow, JOBS.purgeIdempotencyKeys, JOBS.maintainEventPartitions],
} as const satisfies Record<string, readonly Queue[]>;

export type PoolName = keyof typeof POOLS;

/**
 * The pools whose steps hold their thread for tens of seconds (a model build's CPU-bound steps, the
 * demo shop's generation). On the embedded database they get a worker thread of their own, apart
 * from sends, exports, calculations and the schedules (lib/jobs/thread/start-thread.ts).
 */
export const LONG_STEP_POOLS: readonly PoolName[] = ["builds", "demo"];

/** Queue name -> jobs at a time for it (undefined: WORKER_CONCURRENCY). */
export type QueueSelection = Map<string, number | undefined>;

const ALL_QUEUES: readonly string[] = Object.values(JOBS);

export function allQueues(): QueueSelection {
  return new Map(ALL_QUEUES.map((name) => [name, undefined]));
}

/**
 * Parses a pool list such as `sends=4,exports`; empty or undefined: every queue. `source` names
 * the setting in the error (`--queues`, `WORKER_QUEUES`). Throws on an unknown name or a bad count.
 */
export function parseQueueSelection(spec: string | undefined, source: string): QueueSelection {
  if (!spec?.trim()) return allQueues();
  const selection: QueueSelection = new Map();
  for (const raw of spec.split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [name = "", count, ...rest] = entry.split("=").map((part) => part.trim());
    let concurrency: number | undefined;
    if (count !== undefined || rest.length) {
      concurrency = Number(count);
      if (rest.length || !/^\d+$/.test(count ?? "") || concurrency < 1 || concurrency > 64)
        throw new Error(`${source}: "${entry}": the number after "=" must be a whole number from 1 to 64`);
    }
    const queues = name in POOLS ? POOLS[name as PoolName] : ALL_QUEUES.includes(name) ? [name] : undefined;
    if (!queues)
      throw new Error(
        `${source}: unknown queue "${name}"; pools: ${Object.keys(POOLS).join(", ")}; queues: ${ALL_QUEUES.join(", ")}`,
      );
    for (const queue of queues) selection.set(queue, concurrency ?? selection.get(queue));
  }
  if (!selection.size) return allQueues();
  return selection;
}

/** The selection split in two: the long-step pools' queues and the others (either may be empty). */
export function splitLongSteps(selection: QueueSelection): [long: QueueSelection, other: QueueSelection] {
  const longQueues = new Set<string>(LONG_STEP_POOLS.flatMap((pool) => POOLS[pool]));
  const long: QueueSelection = new Map();
  const other: QueueSelection = new Map();
  for (const [name, concurrency] of selection) (longQueues.has(name) ? long : other).set(name, concurrency);
  return [long, other];
}

/** How a selection reads in logs and messages: pools named whole, other queues one by one. */
export function describeSelection(selection: QueueSelection): string {
  const parts: string[] = [];
  const covered = new Set<string>();
  for (const [pool, queues] of Object.entries(POOLS)) {
    const counts = new Set(queues.map((q) => selection.get(q)));
    if (queues.every((q) => selection.has(q)) && counts.size === 1) {
      const [count] = [...counts];
      parts.push(count === undefined ? pool : `${pool}=${count}`);
      for (const q of queues) covered.add(q);
    }
  }
  for (const [name, count] of selection)
    if (!covered.has(name)) parts.push(count === undefined ? name : `${name}=${count}`);
  return parts.join(",");
}
