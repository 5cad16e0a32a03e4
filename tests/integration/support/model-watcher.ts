/**
 * A second instance for tests/integration/model-instances.test.ts: opens the same PostgreSQL
 * database, serves from the models it holds in memory (lib/recommend/model-store.ts) and prints
 * a line each time the build it serves changes: its id and the customer's top ai-community-based item.
 * Usage: tsx tests/integration/support/model-watcher.ts <database url> <customer id>
 */
import { openPostgres, setDatabase } from "@/lib/db/client";
import { recommend } from "@/lib/recommend/engine/recommend";
import { modelsNow, watchModels } from "@/lib/recommend/model-store";

const [url, customer] = process.argv.slice(2);
const database = await openPostgres(url!);
setDatabase(database);
watchModels(database);
let served: string | undefined;
setInterval(() => {
  const loaded = modelsNow();
  if (!loaded || loaded.modelId === served) return;
  served = loaded.modelId;
  const user = loaded.userNo.get(customer!);
  const picks = recommend(loaded.models, {
    kind: "ai-community-based",
    ...(user !== undefined ? { user } : {}),
    nowMs: Date.now(),
    excludeDays: 90,
    limit: 3,
  });
  const top = picks[0] ? loaded.models.itemIds[picks[0].item] : null;
  process.stdout.write(`${JSON.stringify({ modelId: served, top })}\n`);
}, 50);
