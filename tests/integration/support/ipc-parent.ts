/**
 * For tests/integration/hard-stop.test.ts: starts scripts/start.ts with an IPC channel, as the
 * benches do (scripts/start.ts stops when that channel goes), passes its output through, and
 * disconnects from it when the line "disconnect" arrives on stdin. Prints "service exited <code>"
 * when it ends. Runs in the test child's process group (./children.ts), so it ends with the test.
 * Usage: node --import tsx tests/integration/support/ipc-parent.ts (settings from the environment)
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const service = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "disconnect" && service.connected) service.disconnect();
});
service.on("exit", (code, signal) => {
  process.stdout.write(`service exited ${code ?? signal}\n`);
  process.exit(0);
});
