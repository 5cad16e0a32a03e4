/**
 * Another process on the test's database, for tests/integration/model-builds.test.ts and
 * model-instances.test.ts (started through ./children.ts). Prints one JSON line per step.
 * Usage: tsx tests/integration/support/model-process.ts <pglite|postgres> <database url> <mode>
 * - build: prints {ready}, then builds the models (lib/recommend/model-build.ts) each time a line
 *   "build" arrives on stdin, printing {built: modelId} or {failed: message}.
 * - hold: takes the build lease and prints {held: modelId}, then waits (to be killed mid-build).
 * - http: a web process serving the content route over HTTP (as scripts/start.ts does, without
 *   Next), listening for announced builds (PostgreSQL); prints {port}.
 */
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { GET as contentRoute } from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { connectTo, type DbKind, setDatabase } from "@/lib/db/client";
import { directRoutes } from "@/lib/http/direct-routes";
import { createApiServer } from "@/lib/http/server";
import { acquireBuild } from "@/lib/recommend/build-lease";
import { startLiveShare } from "@/lib/recommend/live-share";
import { buildAndStoreModels } from "@/lib/recommend/model-build";
import { contentOp } from "@/lib/touchpoints/operations";
import { endWithParent } from "./end-with-parent";

const [kind, url, mode] = process.argv.slice(2) as [DbKind, string, string];
const database = connectTo(kind, url, 4);
setDatabase(database);
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

if (mode === "build") {
  createInterface({ input: process.stdin }).on("line", (line) => {
    if (line !== "build") return;
    buildAndStoreModels({ reason: "another process", database }).then(
      (modelId) => print({ built: modelId }),
      (error: unknown) => print({ failed: String(error) }),
    );
  });
  endWithParent();
  print({ ready: true });
} else if (mode === "hold") {
  endWithParent();
  const got = await acquireBuild(database, `model_held_${process.pid}`, "held by a process to be killed");
  print("lease" in got ? { held: got.lease.modelId } : { notHeld: got });
} else if (mode === "http") {
  endWithParent();
  // As scripts/start.ts serves it: the content route answered directly, announced builds heard.
  await startLiveShare(database);
  const direct = directRoutes([{ operation: contentOp, GET: contentRoute }]);
  const server = createApiServer({
    direct,
    fallback: (_request, response) => {
      response.statusCode = 404;
      response.end();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  print({ port: (server.address() as AddressInfo).port });
} else {
  throw new Error(`unknown mode ${mode}`);
}
