/**
 * Rows kept in memory and written in the background (impression counts, search events), so a hot
 * route does no write of its own, and nothing is lost on the way:
 *
 * - a write that fails keeps its rows: they go back into the buffer (merged with rows of the same
 *   key that came meanwhile) and the next attempt waits, doubling from `retryMs` up to
 *   `maxRetryMs` per failure in a row; a write that succeeds resets the wait;
 * - a row the database refuses for what it holds (a data or constraint error, SQLSTATE class 22 or
 *   23: it would fail every time) is written again alone, so the others of its write get through,
 *   and when it fails alone it is dropped, counted as rejected and logged;
 * - memory is bounded: at most `max` rows (buffered and being written); a row that comes when the
 *   buffer is full is dropped and counted, and each write attempt logs one line with how many were
 *   dropped since the last line. A row merged into a buffered one (a count) takes no room;
 * - `drain()` (shutdown) retries for a while and logs what it could not write.
 *
 * Rows are keyed: with `merge`, a row added under a key already buffered is combined with it (counts
 * add up); without, keys are unique (a search event's dedupe key). Each write is all or nothing
 * (one statement or one transaction). A write that fails after the database committed it (the
 * connection lost during COMMIT) is written again: rows whose write is idempotent (ON CONFLICT
 * DO NOTHING on a unique key) arrive once, counts may then count twice.
 */
import { log } from "@/lib/log";

export type BufferEntry<T> = readonly [key: string, row: T];

export interface DurableBufferOptions<T> {
  /** What the rows are, plural, for log lines and stats ("search events"). */
  name: string;
  /** Writes these rows all or none (one statement or one transaction); throws when it could not. */
  write: (entries: readonly BufferEntry<T>[]) => Promise<void>;
  /** How long the first row added waits for its write (more rows gather meanwhile). */
  flushMs: number;
  /** Rows per write. */
  chunk: number;
  /** Rows held at most (buffered and being written); more are dropped and counted. */
  max: number;
  /** Combines a row added with the buffered row of its key; without it a key's row is replaced. */
  merge?: (buffered: T, added: T) => T;
  /** The first wait after a failed write (doubled per failure in a row). Default 1 s. */
  retryMs?: number;
  /** The longest wait between attempts. Default 30 s. */
  maxRetryMs?: number;
  /** Whether an error is the rows' own (they would fail again), not the database's. Default isRowError. */
  isRowError?: (error: unknown) => boolean;
  /** Extra fields for the log lines about some rows (e.g. the impressions they count). */
  describe?: (rows: T[]) => Record<string, unknown>;
}

export interface BufferStats {
  /** Rows held now: waiting and being written. */
  buffered: number;
  /** Rows written since the start. */
  written: number;
  /** Rows dropped because the buffer was full. */
  dropped: number;
  /** Rows the database refused for their content (written alone and refused again). */
  rejected: number;
  /** Write attempts that failed (their rows kept for the next). */
  failedWrites: number;
  /** Failed attempts since the last write that succeeded (0: healthy). */
  failingFor: number;
}

/** A PostgreSQL error about the data (class 22) or a constraint (class 23): retrying it as it is cannot help. */
export function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^2[23][0-9A-Z]{3}$/.test(code);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class DurableBuffer<T> {
  private rows = new Map<string, T>();
  /** Rows taken out of `rows` for the write under way. */
  private writing = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private failures = 0;
  private droppedSinceLog = 0;
  private readonly counts = { written: 0, dropped: 0, rejected: 0, failedWrites: 0 };

  constructor(private readonly options: DurableBufferOptions<T>) {}

  /** Adds a row (or merges it into its key's); false when the buffer is full and the row was dropped. */
  add(key: string, row: T): boolean {
    const { rows } = this;
    const { merge } = this.options;
    if (merge !== undefined) {
      const buffered = rows.get(key);
      if (buffered !== undefined) {
        rows.set(key, merge(buffered, row));
        return true;
      }
    }
    if (rows.size + this.writing >= this.options.max && !rows.has(key)) {
      this.counts.dropped++;
      this.droppedSinceLog++;
      if (!this.timer && !this.flushing) this.schedule(this.options.flushMs);
      return false;
    }
    rows.set(key, row);
    if (!this.timer) this.schedule(this.options.flushMs);
    return true;
  }

  stats(): BufferStats {
    return { buffered: this.rows.size + this.writing, ...this.counts, failingFor: this.failures };
  }

  /**
   * Writes what is buffered now (after a write under way); never throws: rows it could not write
   * stay buffered for the next attempt, which is scheduled.
   */
  async flush(): Promise<void> {
    this.clearTimer();
    // One write at a time; a flush asked meanwhile waits for it, then writes what is left.
    while (this.flushing) await this.flushing;
    if (this.rows.size === 0) {
      this.reportDrops();
      return;
    }
    this.flushing = this.writeAll().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  /**
   * At shutdown: flushes, retrying for up to `withinMs`, then logs (error) what is still unwritten
   * and returns how many rows that is. No timer is left behind.
   */
  async drain(withinMs: number): Promise<number> {
    const deadline = Date.now() + withinMs;
    let pause = 100;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      // A write may hang (an unreachable server): the deadline holds anyway.
      await Promise.race([this.flush(), sleep(left)]);
      if (this.rows.size + this.writing === 0 || Date.now() + pause >= deadline) break;
      await sleep(pause);
      pause = Math.min(pause * 2, 1000);
    }
    this.clearTimer();
    this.reportDrops();
    const unwritten = this.rows.size + this.writing;
    if (unwritten > 0) {
      log.error(`${unwritten} ${this.options.name} could not be written before shutdown and are lost`, {
        buffer: this.options.name,
        rows: unwritten,
        ...this.options.describe?.([...this.rows.values()]),
      });
    }
    return unwritten;
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private reportDrops(): void {
    if (this.droppedSinceLog === 0) return;
    log.error(`${this.options.name} buffer full: dropped ${this.droppedSinceLog} ${this.options.name}`, {
      buffer: this.options.name,
      dropped: this.droppedSinceLog,
      dropped_total: this.counts.dropped,
      max: this.options.max,
    });
    this.droppedSinceLog = 0;
  }

  private async writeAll(): Promise<void> {
    this.reportDrops();
    const { chunk, write, name } = this.options;
    const rowError = this.options.isRowError ?? isRowError;
    const batch = [...this.rows];
    this.rows.clear();
    this.writing = batch.length;
    let next = 0; // the first entry not written yet
    try {
      while (next < batch.length) {
        const part = batch.slice(next, next + chunk);
        try {
          await write(part);
          this.counts.written += part.length;
          next += part.length;
        } catch (error) {
          if (!rowError(error)) throw error;
          // Something in this part is refused for its content: each row alone, the others get through.
          for (const entry of part) {
            try {
              await write([entry]);
              this.counts.written++;
            } catch (alone) {
              if (!rowError(alone)) throw alone;
              this.counts.rejected++;
              log.error(`a row of ${name} was refused by the database and is dropped`, {
                buffer: name,
                key: entry[0],
                error: alone,
              });
            }
            next++;
            this.writing = batch.length - next;
          }
        }
        this.writing = batch.length - next;
        // Let requests waiting on this thread run between writes.
        if (next < batch.length) await new Promise((resolve) => setImmediate(resolve));
      }
      this.failures = 0;
    } catch (error) {
      const kept = batch.slice(next);
      this.putBack(kept);
      this.failures++;
      this.counts.failedWrites++;
      const retryMs = this.options.retryMs ?? 1000;
      const delay = Math.min(retryMs * 2 ** (this.failures - 1), this.options.maxRetryMs ?? 30_000);
      this.schedule(delay);
      log.warn(`could not write ${name}; kept for a retry`, {
        buffer: name,
        rows: kept.length,
        buffered: this.rows.size,
        failures: this.failures,
        retry_in_ms: delay,
        ...this.options.describe?.(kept.map(([, row]) => row)),
        error,
      });
    } finally {
      this.writing = 0;
    }
  }

  /** Rows of a failed write back in front of those added since (same key: merged). */
  private putBack(entries: BufferEntry<T>[]): void {
    if (entries.length === 0) return;
    const { merge } = this.options;
    const rows = new Map<string, T>(entries);
    for (const [key, row] of this.rows) {
      const kept = rows.get(key);
      rows.set(key, kept !== undefined && merge !== undefined ? merge(kept, row) : row);
    }
    this.rows = rows;
  }
}
