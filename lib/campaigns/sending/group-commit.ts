/**
 * Records each message's outcome as soon as its provider answered, while keeping one transaction
 * for many: outcomes that arrive while a write runs are written together by the next one (group
 * commit). A sender awaits its message's write before it takes the next message, so at any moment
 * a worker has at most one message handed on and not yet recorded: after a crash, what may reach a
 * recipient twice is bounded by the pool's concurrency, not by batches.
 *
 * A write that fails is tried again for each outcome on its own, so one outcome the database
 * refuses fails only its own message (`fallback`: marked failed with the reason), never its
 * neighbours. Should the fallback fail too (the database is gone), the sender's await throws.
 */
export interface GroupCommit<T> {
  /** Resolves once the outcome is written (or its message marked failed by the fallback). */
  add(item: T): Promise<void>;
  /** Resolves once everything added so far is written. */
  idle(): Promise<void>;
}

export function groupCommit<T>(opts: {
  write: (items: T[]) => Promise<void>;
  fallback: (item: T, error: unknown) => Promise<void>;
}): GroupCommit<T> {
  let pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let running: Promise<void> | null = null;

  const writeAlone = async (entry: (typeof pending)[number]) => {
    try {
      await opts.write([entry.item]);
      entry.resolve();
    } catch (error) {
      try {
        await opts.fallback(entry.item, error);
        entry.resolve();
      } catch (fallbackError) {
        entry.reject(fallbackError);
      }
    }
  };

  const flush = async () => {
    while (pending.length > 0) {
      const taken = pending;
      pending = [];
      try {
        await opts.write(taken.map((e) => e.item));
        for (const e of taken) e.resolve();
      } catch {
        for (const e of taken) await writeAlone(e);
      }
    }
    running = null;
  };

  return {
    add(item) {
      const done = new Promise<void>((resolve, reject) => pending.push({ item, resolve, reject }));
      // Started after the event loop's current I/O phase: the outcomes of every SMTP answer that
      // arrived with this one go in the same write (fewer, larger writes; nothing waits a timer).
      if (!running) running = new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
      return done;
    },
    async idle() {
      while (running) await running;
    },
  };
}
