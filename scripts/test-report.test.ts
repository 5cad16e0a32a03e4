import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { failuresIn, reporterArgs } from "./test-report";

const dir = mkdtempSync(join(tmpdir(), "test-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, body: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

describe("failuresIn", () => {
  it("lists vitest's failed tests with their first error line, and files that failed outside a test", () => {
    const file = write("vitest.json", {
      testResults: [
        {
          name: `${process.cwd()}/tests/integration/a.test.ts`,
          status: "failed",
          message: "",
          assertionResults: [
            { fullName: "sends once", status: "passed", failureMessages: [] },
            {
              fullName: "sends twice",
              status: "failed",
              failureMessages: ["\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at x"],
            },
          ],
        },
        {
          name: `${process.cwd()}/tests/integration/b.test.ts`,
          status: "failed",
          message: "Error: hook timed out",
          assertionResults: [],
        },
        { name: `${process.cwd()}/tests/integration/c.test.ts`, status: "passed", message: "", assertionResults: [] },
      ],
    });
    expect(failuresIn(file)).toEqual([
      "tests/integration/a.test.ts > sends twice: AssertionError: expected 2 to be 1",
      "tests/integration/b.test.ts: Error: hook timed out",
    ]);
  });

  it("lists Playwright's unexpected tests (not the flaky ones) from nested suites, and its global errors", () => {
    const file = write("pw.json", {
      suites: [
        {
          file: "ui/a.spec.ts",
          specs: [
            {
              title: "flaky one",
              file: "ui/a.spec.ts",
              line: 3,
              tests: [{ projectName: "ui", status: "flaky", results: [] }],
            },
          ],
          suites: [
            {
              specs: [
                {
                  title: "broken",
                  file: "ui/a.spec.ts",
                  line: 9,
                  tests: [
                    {
                      projectName: "ui",
                      status: "unexpected",
                      results: [{ error: { message: "first" } }, { error: { message: "Timeout 10000ms\nmore" } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: "webServer exited early" }],
    });
    expect(failuresIn(file)).toEqual([
      "ui/a.spec.ts:9 [ui] broken: Timeout 10000ms",
      "(outside a test) webServer exited early",
    ]);
  });

  it("gives nothing without a report, says so for an unreadable one, and caps the list at 20", () => {
    expect(failuresIn(join(dir, "missing.json"))).toEqual([]);
    writeFileSync(join(dir, "bad.json"), "{");
    expect(failuresIn(join(dir, "bad.json"))[0]).toContain("could not be read");
    const many = write("many.json", {
      testResults: [
        {
          name: "x.test.ts",
          status: "failed",
          assertionResults: Array.from({ length: 25 }, (_, i) => ({
            fullName: `t${i}`,
            status: "failed",
            failureMessages: ["e"],
          })),
        },
      ],
    });
    const lines = failuresIn(many);
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe("… and 5 more");
  });
});

describe("reporterArgs", () => {
  it("adds a JSON reporter to vitest, the report's path to Playwright's environment, nothing to other commands", () => {
    expect(reporterArgs(["vitest", "run"], "/r.json").args).toContain("--outputFile.json=/r.json");
    expect(reporterArgs(["playwright", "test"], "/r.json").env).toEqual({ PLAYWRIGHT_JSON_OUTPUT_NAME: "/r.json" });
    expect(reporterArgs(["tsx", "scripts/check-contract.ts"], "/r.json")).toEqual({ args: [], env: {} });
  });
});
