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
  process.stderr.write(`${JSON.stringify(line, errorReplacer)}\n`);
}

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return typeof value === "bigint" ? value.toString() : value;
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
