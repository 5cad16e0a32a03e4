import { afterEach, describe, expect, it, vi } from "vitest";
import { type BufferEntry, DurableBuffer, type DurableBufferOptions, isRowError } from "./durable-buffer";
import { log } from "./log";

/** A database stand-in: stores rows by key (adding counts up), or throws while `failing`. */
function fakeStore<T>() {
  const store = {
    failing: false as boolean | ((entries: readonly BufferEntry<T>[]) => unknown),
    writes: 0,
    rows: new Map<string, T[]>(),
    write: async (entries: readonly BufferEntry<T>[]) => {
      await new Promise((r) => setImmediate(r));
      store.writes++;
      const failure =
        typeof store.failing === "function" ? store.failing(entries) : store.failing ? connectionLost() : undefined;
      if (failure) throw failure;
      for (const [key, row] of entries) store.rows.set(key, [...(store.rows.get(key) ?? []), row]);
    },
  };
  return store;
}

const connectionLost = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

function buffer<T>(store: ReturnType<typeof fakeStore<T>>, options: Partial<DurableBufferOptions<T>> = {}) {
  return new DurableBuffer<T>({
    name: "test rows",
    write: store.write,
    flushMs: 5,
    chunk: 3,
    max: 1000,
    retryMs: 5,
    maxRetryMs: 20,
    ...options,
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("DurableBuffer", () => {
  it("writes on its timer, in chunks", async () => {
    const store = fakeStore<number>();
    const b = buffer(store);
    for (let i = 0; i < 7; i++) b.add(`k${i}`, i);
    await until(() => store.rows.size === 7, "7 rows");
    expect(store.writes).toBe(3); // 3 + 3 + 1
    expect(b.stats()).toMatchObject({ buffered: 0, written: 7, dropped: 0, failedWrites: 0, failingFor: 0 });
  });

  it("keeps the rows of a failed write and retries until the database is back: each row once", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const store = fakeStore<string>();
    store.failing = true;
    const b = buffer(store);
    for (let i = 0; i < 10; i++) b.add(`k${i}`, `row ${i}`);
    await until(() => b.stats().failedWrites >= 3, "three failed attempts");
    // More rows while it fails: kept too.
    for (let i = 10; i < 20; i++) b.add(`k${i}`, `row ${i}`);
    expect(b.stats().buffered).toBe(20);
    store.failing = false;
    await until(() => store.rows.size === 20, "every row");
    for (const [key, rows] of store.rows) expect(rows, key).toEqual([`row ${key.slice(1)}`]);
    expect(b.stats()).toMatchObject({ buffered: 0, written: 20, dropped: 0, failingFor: 0 });
    expect(log.warn).toHaveBeenCalledWith(
      "could not write test rows; kept for a retry",
      expect.objectContaining({ rows: 10, retry_in_ms: 5 }),
    );
  });

  it("does not write again the chunks that got through before a failure", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const store = fakeStore<number>();
    let calls = 0;
    store.failing = () => (++calls === 2 ? connectionLost() : undefined); // the second chunk, once
    const b = buffer(store);
    for (let i = 0; i < 9; i++) b.add(`k${i}`, i);
    await b.flush();
    expect(b.stats()).toMatchObject({ written: 3, buffered: 6, failedWrites: 1 });
    await until(() => store.rows.size === 9, "every row");
    for (const rows of store.rows.values()) expect(rows).toHaveLength(1);
  });

  it("merges counts added while a write fails into the kept ones", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const store = fakeStore<number>();
    store.failing = true;
    const b = buffer(store, { merge: (a, n) => a + n });
    for (let i = 0; i < 50; i++) b.add(i % 2 ? "odd" : "even", 1);
    await until(() => b.stats().failedWrites >= 2, "two failed attempts");
    for (let i = 0; i < 30; i++) b.add(i % 3 ? "odd" : "third", 1);
    expect(b.stats().buffered).toBe(3); // keys, not counts
    store.failing = false;
    await until(() => b.stats().buffered === 0 && b.stats().failingFor === 0, "written");
    const total = (key: string) => (store.rows.get(key) ?? []).reduce((s, n) => s + n, 0);
    expect({ even: total("even"), odd: total("odd"), third: total("third") }).toEqual({ even: 25, odd: 45, third: 10 });
  });

  it("drops what does not fit, counts it and says so in one line per attempt", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const store = fakeStore<number>();
    store.failing = true;
    const b = buffer(store, { max: 5, retryMs: 60_000, maxRetryMs: 60_000 });
    const accepted = Array.from({ length: 12 }, (_, i) => b.add(`k${i}`, i));
    expect(accepted.filter(Boolean)).toHaveLength(5);
    expect(b.stats()).toMatchObject({ buffered: 5, dropped: 7 });
    await b.flush(); // an attempt: the line about the drops, then the failure
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith(
      "test rows buffer full: dropped 7 test rows",
      expect.objectContaining({ dropped: 7, dropped_total: 7, max: 5 }),
    );
    // Rows being written count against the cap too; once written, there is room again.
    store.failing = false;
    await b.flush();
    expect(b.stats()).toMatchObject({ buffered: 0, written: 5, dropped: 7 });
    expect(b.add("again", 1)).toBe(true);
    await b.flush();
    expect(errors).toHaveBeenCalledTimes(1); // nothing dropped since the last line
  });

  it("writes the others of a write refused for one row's content, and rejects that row", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const store = fakeStore<string>();
    const badText = Object.assign(new Error("invalid byte sequence for encoding UTF8: 0x00"), { code: "22021" });
    store.failing = (entries) => (entries.some(([, row]) => row.includes("\0")) ? badText : undefined);
    const b = buffer(store, { chunk: 10 });
    for (const row of ["a", "b", "bad\0row", "c"]) b.add(row, row);
    await b.flush();
    expect([...store.rows.keys()].sort()).toEqual(["a", "b", "c"]);
    expect(b.stats()).toMatchObject({ buffered: 0, written: 3, rejected: 1, failedWrites: 0 });
    expect(errors).toHaveBeenCalledWith(
      "a row of test rows was refused by the database and is dropped",
      expect.objectContaining({ key: "bad\0row" }),
    );
  });

  it("drains at shutdown, retrying a failing database for a while", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const store = fakeStore<number>();
    let attempts = 0;
    store.failing = () => (++attempts <= 2 ? connectionLost() : undefined);
    const b = buffer(store, { flushMs: 60_000 });
    for (let i = 0; i < 4; i++) b.add(`k${i}`, i);
    expect(await b.drain(10_000)).toBe(0);
    expect(store.rows.size).toBe(4);
  });

  it("logs what it could not write by the end of the drain", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const store = fakeStore<number>();
    store.failing = true;
    const b = buffer(store, { describe: (rows) => ({ total: rows.reduce((s, n) => s + n, 0) }) });
    for (let i = 1; i <= 4; i++) b.add(`k${i}`, i);
    expect(await b.drain(300)).toBe(4);
    expect(errors).toHaveBeenCalledWith(
      "4 test rows could not be written before shutdown and are lost",
      expect.objectContaining({ rows: 4, total: 10 }),
    );
  });

  it("tells errors about the rows from errors about the database", () => {
    expect(isRowError({ code: "22P02" })).toBe(true); // invalid text representation
    expect(isRowError({ code: "23503" })).toBe(true); // foreign key
    expect(isRowError({ code: "42P01" })).toBe(false); // a table away
    expect(isRowError({ code: "57P01" })).toBe(false); // server shutting down
    expect(isRowError({ code: "ECONNRESET" })).toBe(false);
    expect(isRowError(new Error("Connection terminated unexpectedly"))).toBe(false);
  });
});
