import { afterEach, describe, expect, it, vi } from "vitest";
import { setEnv } from "@/lib/env";
import { log, redactContacts } from "@/lib/log";

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

afterEach(() => setEnv("LOG_LEVEL", "error"));

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
