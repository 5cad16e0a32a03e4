/**
 * A thread that builds the models, as the embedded database's job worker thread does, for
 * tests/integration/model-builds.test.ts (started through lib/threads/boot.mjs). Posts
 * { modelId } or { error } to its parent.
 */
import { parentPort, workerData } from "node:worker_threads";
import { connectTo, type DbKind, setDatabase } from "@/lib/db/client";
import { buildAndStoreModels } from "@/lib/recommend/model-build";

const { kind, url } = workerData as { kind: DbKind; url: string };
const database = connectTo(kind, url, 2);
setDatabase(database);
try {
  const modelId = await buildAndStoreModels({ reason: "built in a thread", database });
  parentPort!.postMessage({ modelId });
} catch (error) {
  parentPort!.postMessage({ error: String(error) });
} finally {
  await database.close();
}
