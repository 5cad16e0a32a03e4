/**
 * One model build as the job runs it (buildAndStoreModels: the catalog and events read from the
 * database page by page, every model built, the packed build stored chunk by chunk), alone in
 * this process so that its peak resident memory is the build's own
 * (process.resourceUsage().maxRSS). DATABASE_URL names the database. Prints one JSON line.
 * `--read-only true`: only reads the events the build reads, with the build's own query and
 * paging, and collects them as the build does (the baseline of ../scenarios/recs-build-db.ts).
 */
import { parseArgs } from "node:util";
import { openPostgres } from "@/lib/db/client";
import { readBuildInput } from "@/lib/recommend/model-build";
import { buildAndStoreModels } from "@/lib/recommend/model-store";

const { values } = parseArgs({ options: { "read-only": { type: "string" } } });
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is needed");
const database = await openPostgres(url);
const started = performance.now();
let result: Record<string, unknown>;
if (values["read-only"] === "true") {
  const { data, count } = await readBuildInput(database);
  result = { events: count, visitors: data.users.length, items: data.itemIds.length };
} else {
  const modelId = await buildAndStoreModels({ reason: "bench", database });
  const [row] = await database.sql.query<{ stats: Record<string, unknown>; bytes: string; events: string }>(
    "SELECT stats, bytes::text, events::text FROM rec_models WHERE model_id = $1",
    [modelId],
  );
  result = { model_id: modelId, events: Number(row?.events), bytes: Number(row?.bytes), stats: row?.stats };
}
const seconds = (performance.now() - started) / 1000;
await database.close();
console.log(
  JSON.stringify({
    ...result,
    seconds: Math.round(seconds * 10) / 10,
    max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
process.exit(0);
