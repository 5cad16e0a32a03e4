import { afterEach, describe, expect, it, vi } from "vitest";
import { setEnv } from "@/lib/env";
import { batchRequestLines, log, logRequestLine, redactContacts } from "@/lib/log";
import { startMemoryLog } from "@/lib/memory-log";

function captured(run: () => void): string[] {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stderr.write);
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => {
  vi.useRealTimers();
  setEnv("LOG_LEVEL", "error");
});

describe("log", () => {
  it("writes one JSON line per call", () => {
    setEnv("LOG_LEVEL", "info");
    const [line, ...rest] = captured(() => log.info("request", { status: 200, big: 12n }));
    expect(rest).toEqual([]);
    expect(JSON.parse(line!)).toMatchObject({ level: "info", msg: "request", status: 200, big: "12" });
  });

  it("takes e-mail addresses and phone numbers out of errors, as text or as Error", () => {
    setEnv("LOG_LEVEL", "info");
    const refusal = "550 5.1.1 <jana.novakova+shop@mail.example.cz>: Recipient address rejected";
    const twilio = "The 'To' number +420 601 234 567 is not a valid phone number; also +420601234567";
    const lines = captured(() => {
      log.warn("campaign send paused", { send: "s-1", error: refusal });
      log.error("unhandled error", { error: new Error(twilio) });
    });
    const text = lines.join("");
    expect(text).not.toMatch(/jana|novakova|601 ?234/);
    expect(JSON.parse(lines[0]!).error).toBe("550 5.1.1 <[e-mail]>: Recipient address rejected");
    expect(JSON.parse(lines[1]!).error.message).toBe(
      "The 'To' number [phone] is not a valid phone number; also [phone]",
    );
    expect(JSON.parse(lines[1]!).error.stack).not.toContain("+420");
  });

  it("leaves ids, times and amounts alone", () => {
    const text = "send s-1 at 2026-11-25T10:00:00+01:00: 1200 messages, 42.5 s, id cm-4f2a9b, +5 retries";
    expect(redactContacts(text)).toBe(text);
    // A stack's paths to scoped packages are no addresses.
    const stack = "    at run (/work/main/node_modules/@prisma/adapter-pg/dist/index.js:12:5)";
    expect(redactContacts(stack)).toBe(stack);
  });
});

describe("request lines", () => {
  afterEach(() => batchRequestLines(false));

  it("are the JSON log.info would write", () => {
    setEnv("LOG_LEVEL", "info");
    const [fast] = captured(() => logRequestLine('r-"1"\n', "GET", "/a/{id}", 200, 1.5));
    const [general] = captured(() =>
      log.info("request", { request_id: 'r-"1"\n', method: "GET", route: "/a/{id}", status: 200, ms: 1.5 }),
    );
    const { time: t1, ...a } = JSON.parse(fast!);
    const { time: t2, ...b } = JSON.parse(general!);
    expect(a).toEqual(b);
    expect(Date.parse(t1)).toBeGreaterThan(0);
    expect(t2).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(captured(() => logRequestLine("r-2", "GET", "/a", 200, 1)).length).toBe(1);
    // Each line names its own operation (the last one's text is kept for the next line).
    const [other] = captured(() => logRequestLine("r-2b", "POST", "/a", 201, 1));
    expect(JSON.parse(other!)).toMatchObject({ method: "POST", route: "/a", status: 201 });
    const [back] = captured(() => logRequestLine("r-2c", "GET", "/a/{id}", 200, 1));
    expect(JSON.parse(back!)).toMatchObject({ method: "GET", route: "/a/{id}" });
    setEnv("LOG_LEVEL", "warn");
    expect(captured(() => logRequestLine("r-3", "GET", "/a", 200, 1))).toEqual([]);
  });

  it("batched, are written together within 20 ms (not one write per turn), in order with other lines", async () => {
    setEnv("LOG_LEVEL", "info");
    batchRequestLines();
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write);
    try {
      logRequestLine("b-1", "GET", "/a", 200, 1);
      logRequestLine("b-2", "GET", "/a", 200, 1);
      expect(written).toEqual([]);
      // A turn later, still gathered: lines of several turns go in one write.
      await new Promise((r) => setImmediate(r));
      logRequestLine("b-2b", "GET", "/a", 200, 1);
      await new Promise((r) => setImmediate(r));
      expect(written).toEqual([]);
      await new Promise((r) => setTimeout(r, 40));
      expect(written.length).toBe(1);
      expect(
        written[0]!
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l).request_id),
      ).toEqual(["b-1", "b-2", "b-2b"]);
      // Another line first writes what was gathered: the order is kept.
      logRequestLine("b-3", "GET", "/a", 200, 1);
      log.warn("something");
      expect(written.slice(1).map((w) => JSON.parse(w).request_id ?? JSON.parse(w).msg)).toEqual(["b-3", "something"]);
      // Written when the batching stops (the process exits: the same flush).
      logRequestLine("b-4", "GET", "/a", 200, 1);
      batchRequestLines(false);
      expect(JSON.parse(written.at(-1)!).request_id).toBe("b-4");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("memory lines", () => {
  it("logs the process's memory every N seconds until stopped", () => {
    setEnv("LOG_LEVEL", "info");
    vi.useFakeTimers();
    let stop = () => {};
    const written = captured(() => {
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
    const written = captured(() => {
      startMemoryLog(0)();
      vi.advanceTimersByTime(600_000);
    });
    expect(written).toEqual([]);
  });
});
