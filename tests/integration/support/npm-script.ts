/**
 * `npm start` or `npm run worker` as a child of a test (./children.ts): the script itself
 * (scripts/start.ts, scripts/worker.ts), imported after endWithParent() so it also ends when the
 * test process dies without running its hooks. Its own SIGTERM handling is untouched.
 * Usage: node --import tsx tests/integration/support/npm-script.ts <start|worker>
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { endWithParent } from "./end-with-parent";

const script = process.argv[2];
if (script !== "start" && script !== "worker") throw new Error(`unknown script ${script}: start or worker`);
endWithParent();
await import(pathToFileURL(join(process.cwd(), "scripts", `${script}.ts`)).href);
