/**
 * The failing tests of one `npm test` stage, read from the JSON report the stage wrote: vitest's
 * (jest-compatible) or Playwright's. Used by scripts/test.ts to end its summary with what failed, so
 * the tail of a CI log is enough to know which test to look at.
 */
import { existsSync, readFileSync } from "node:fs";

const MAX_FAILURES = 20;
const MAX_MESSAGE = 300;

/** Extra arguments and environment that make a vitest or Playwright run write its JSON report. */
export function reporterArgs(args: string[], file: string): { args: string[]; env: Record<string, string> } {
  if (args.includes("vitest"))
    return { args: ["--reporter=default", "--reporter=json", `--outputFile.json=${file}`], env: {} };
  if (args.includes("playwright")) return { args: [], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file } };
  return { args: [], env: {} };
}

type VitestReport = {
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName?: string; title?: string; status: string; failureMessages?: string[] }[];
  }[];
};

type PlaywrightSuite = {
  title?: string;
  file?: string;
  specs?: {
    title: string;
    file?: string;
    line?: number;
    tests?: { projectName?: string; status?: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = { suites?: PlaywrightSuite[]; errors?: { message?: string }[] };

function firstLine(message: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes
  const plain = (message ?? "").replace(/\u001b\[[0-9;]*m/g, "").trim();
  const line = plain.split("\n").find((l) => l.trim()) ?? "";
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}

function relative(file: string): string {
  const cwd = `${process.cwd()}/`;
  return file.startsWith(cwd) ? file.slice(cwd.length) : file;
}

function vitestFailures(report: VitestReport): string[] {
  const out: string[] = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed)
      out.push(`${relative(file.name)} > ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook) has a message and no failed test.
    if (!failed.length && file.status === "failed") out.push(`${relative(file.name)}: ${firstLine(file.message)}`);
  }
  return out;
}

function playwrightFailures(report: PlaywrightReport): string[] {
  const out: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") {
          const last = test.results?.[test.results.length - 1];
          out.push(
            `${spec.file ?? suite.file}:${spec.line ?? "?"} [${test.projectName ?? ""}] ${spec.title}: ${firstLine(last?.error?.message)}`,
          );
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const error of report.errors ?? []) out.push(`(outside a test) ${firstLine(error.message)}`);
  return out;
}

/** One line per failed test ("file > test: first error line"), at most 20; [] when there is no report. */
export function failuresIn(file: string): string[] {
  if (!existsSync(file)) return [];
  let report: VitestReport & PlaywrightReport;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return [`(the report ${file} could not be read)`];
  }
  const all = report.testResults ? vitestFailures(report) : playwrightFailures(report);
  return all.length > MAX_FAILURES ? [...all.slice(0, MAX_FAILURES), `… and ${all.length - MAX_FAILURES} more`] : all;
}
