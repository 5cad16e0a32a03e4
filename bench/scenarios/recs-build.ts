/**
 * recs-build: every recommendation model built from the seeded generator's shop (default 100,000
 * items, 1,000,000 customers, 10,000,000 events: lib/data/synthetic.ts), with the time and the
 * process's peak resident memory per model, and the packed size the database would store.
 * Target: the whole build within 15 minutes and 4 GB on the 2-core reference machine.
 * The events go from the generator straight into the builder: the database read is not in these
 * figures (it pages 50,000 events per query, lib/recommend/model-store.ts). The baseline is the
 * time to generate and collect the events, measured in the same run.
 */
import { z } from "zod";
import { BUILT_IN_FIT, syntheticEvents, syntheticItems } from "@/lib/data/synthetic";
import { COOKIE_VISITOR, InteractionsBuilder, KIND, type KindName } from "@/lib/recommend/engine/interactions";
import { itemFacts } from "@/lib/recommend/engine/item-facts";
import { buildModels } from "@/lib/recommend/engine/models";
import { pack } from "@/lib/recommend/engine/pack";
import { mb, parseOptions, RssSampler, type Scenario } from "../lib";

const TARGET_SECONDS = 15 * 60;
const TARGET_MB = 4096;

const Options = z.object({
  items: z.coerce.number().int().min(10).default(100_000),
  customers: z.coerce.number().int().min(10).default(1_000_000),
  events: z.coerce.number().int().min(100).default(10_000_000),
  seed: z.coerce.number().int().default(1),
});

export const recsBuild: Scenario = {
  name: "recs-build",
  description:
    "recommendation models from the seeded shop (--items 100000 --customers 1000000 --events 10000000): time and peak memory per model",
  async run(args) {
    const o = parseOptions(args, Options);
    const now = new Date();
    const size = {
      items: o.items,
      customers: o.customers,
      events: o.events,
      seed: o.seed,
      end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    };
    const rss = new RssSampler().start(100);
    const started = performance.now();
    const builder = new InteractionsBuilder();
    const facts = [];
    for (const item of syntheticItems(BUILT_IN_FIT, size)) {
      facts[builder.itemIndex(String(item.item_id))] = itemFacts(item as Parameters<typeof itemFacts>[0]);
    }
    let read = 0;
    for (const e of syntheticEvents(BUILT_IN_FIT, size)) {
      const kind = e.event_type as KindName;
      if (!(kind in KIND) || !e.item_id) continue;
      const visitor = (e.customer_id as string | undefined) ?? `${COOKIE_VISITOR}${String(e.cookie_id)}`;
      builder.add({
        visitor,
        itemId: String(e.item_id),
        kind,
        ms: Date.parse(`${String(e.timestamp)}Z`),
        orderId: (e.order_id as string | undefined) ?? null,
      });
      if (++read % 1_000_000 === 0) console.log(`  ${read.toLocaleString("en")} events read`);
    }
    const data = builder.finish();
    const readSeconds = (performance.now() - started) / 1000;
    console.log(
      `  ${read.toLocaleString("en")} events of ${data.users.length.toLocaleString("en")} visitors in ${readSeconds.toFixed(1)} s`,
    );
    const buildStarted = performance.now();
    const models = await buildModels(data, facts, {
      progress: (step) => {
        console.log(`  building ${step} (rss ${mb(process.memoryUsage().rss)} MB)`);
      },
    });
    const buildSeconds = (performance.now() - buildStarted) / 1000;
    const packed = pack(models).length;
    const peak = rss.reset();
    rss.stop();
    for (const [step, s] of Object.entries(models.stats)) {
      console.log(`  ${step.padEnd(16)} ${(s.ms / 1000).toFixed(1).padStart(7)} s  peak ${s.peakMb} MB`);
    }
    console.log(`  build ${buildSeconds.toFixed(1)} s, peak ${peak} MB, packed ${mb(packed)} MB`);
    return {
      parameters: { ...o, events_read: read, visitors: data.users.length },
      results: {
        build_seconds: Math.round(buildSeconds * 10) / 10,
        peak_rss_mb: peak,
        packed_mb: mb(packed),
        per_model: models.stats,
      },
      baseline: { generate_and_collect_seconds: Math.round(readSeconds * 10) / 10 },
      ratio: {
        build_over_target: Math.round((buildSeconds / TARGET_SECONDS) * 1000) / 1000,
        peak_over_target: Math.round((peak / TARGET_MB) * 1000) / 1000,
        build_over_generate: Math.round((buildSeconds / readSeconds) * 100) / 100,
        meets_target: buildSeconds <= TARGET_SECONDS && peak <= TARGET_MB,
      },
    };
  },
};
