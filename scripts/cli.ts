/** What the admin commands (users, clients) share: usage errors, zod parsing, tables, exit codes. */
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { closeDatabase } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";

export class UsageError extends Error {}

export function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new UsageError(z.prettifyError(parsed.error));
  return parsed.data;
}

export function table(rows: Record<string, string>[]): string {
  const first = rows[0];
  if (!first) return "(none)";
  const keys = Object.keys(first);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => (r[k] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(keys), ...rows.map((r) => line(keys.map((k) => r[k] ?? "")))].join("\n");
}

/** Runs a command; exit code 0 done, 1 the operation failed, 2 bad usage. Always closes the database. */
export async function runCommand(usage: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && "code" in error)) {
      // parseArgs reports unknown or malformed options as a TypeError with an ERR_PARSE_ARGS_* code.
      console.error(`${error.message}\n\n${usage}`);
      process.exitCode = 2;
    } else if (error instanceof ApiError) {
      console.error(error.detail);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  } finally {
    await closeDatabase();
  }
}

/**
 * Whether the module at `url` is the script node was started with (`npm run users` runs
 * scripts/users.ts), not a module imported by another (tests call a command's run()).
 */
export function isMain(url: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return pathToFileURL(realpathSync(entry)).href === url;
  } catch {
    return false;
  }
}
