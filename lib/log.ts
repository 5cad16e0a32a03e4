/** One-line JSON logs on stderr; nothing else in lib/ writes to the console. */
import { env } from "@/lib/env";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

function write(level: Level, msg: string, fields?: Record<string, unknown>): void {
  let min: Level = "info";
  try {
    min = env().LOG_LEVEL;
  } catch {
    // configuration errors are reported by whoever parses it first
  }
  if (LEVELS[level] < LEVELS[min]) return;
  const line = { time: new Date().toISOString(), level, msg, ...fields };
  process.stderr.write(`${JSON.stringify(line, replacer)}\n`);
}

/**
 * E-mail addresses and phone numbers (E.164, as intake stores them) in an error's text: a
 * provider's refusal often quotes the recipient ("550 <jana@example.cz>: no such user", "The 'To'
 * number +420601234567 is not valid"), and log lines carry no personal data.
 */
const CONTACTS = /[^\s"'<>()[\],;:@/\\]+@[^\s"'<>()[\],;:@/\\]+\.[a-z]{2,}|\+\d[\d ]{7,17}\d/gi;

export function redactContacts(text: string): string {
  return text.replace(CONTACTS, (found) => (found.includes("@") ? "[e-mail]" : "[phone]"));
}

function replacer(key: string, value: unknown) {
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redactContacts(value.message),
      stack: value.stack && redactContacts(value.stack),
    };
  }
  // An error given as text (String(error)) is searched alike; other fields are the caller's choice.
  if (key === "error" && typeof value === "string") return redactContacts(value);
  return typeof value === "bigint" ? value.toString() : value;
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
