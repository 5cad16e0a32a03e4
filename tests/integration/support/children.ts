/**
 * Child processes a test starts end with the test, pass or fail (issue 21: a watcher outlived
 * `npm test`, still connected to its test database).
 * - Each child is node itself running a TypeScript script (not npx or the tsx binary, whose own
 *   child would survive the kill) in a process group of its own, killed as a group with SIGKILL
 *   when the test ends (onTestFinished) and, as a backstop, when the file ends (afterAll).
 * - Its stdin is a pipe from the test process: the script calls endWithParent() (./end-with-parent.ts)
 *   so it also ends when the test process dies without running its hooks.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, onTestFinished } from "vitest";

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL"); // the group is gone already; the child itself, to be sure
  }
  return exited;
}

afterAll(async () => {
  await Promise.all([...running].map(killGroup));
});

export interface TestChild {
  process: ChildProcess;
  /** Lines the child printed on stdout, in order. */
  lines: string[];
  /** Waits for a printed line that `match` accepts; fails when the child exits first or after ms. */
  waitForLine(match: (line: string) => boolean, ms?: number): Promise<string>;
  /** Kills the child's process group (SIGKILL) and waits for the child to exit. */
  kill(): Promise<void>;
}

/**
 * Starts `node --import tsx <script> ...args`; call it inside a test. `env`: the child's whole
 * environment (default: this process's, logging errors only). `untilFileEnds`: the child serves
 * every test of the file (started in beforeAll) and is killed when the file ends instead.
 */
export function spawnScript(
  script: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; untilFileEnds?: boolean } = {},
): TestChild {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: (options.env ?? { ...process.env, LOG_LEVEL: "error" }) as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "inherit"],
    detached: true,
  });
  running.add(child);
  if (!options.untilFileEnds) onTestFinished(() => killGroup(child));
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => lines.push(line));
  return {
    process: child,
    lines,
    kill: () => killGroup(child),
    waitForLine: async (match, ms = 60_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = lines.find(match);
        if (found !== undefined) return found;
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`${script} exited (${child.exitCode ?? child.signalCode}); it printed: ${lines.join("\n")}`);
        if (Date.now() > deadline) throw new Error(`${script} did not print the line in ${ms} ms: ${lines.join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
