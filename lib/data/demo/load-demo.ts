/**
 * Loads the demo shop through the intake code (lib/data/ingest-batch.ts), reporting progress in
 * system_state. Every step is an idempotent upsert, so a load cut off half-way is simply run again.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setDemoProgress } from "@/lib/data/demo-progress";
import { addToImportRun, finishImportRun, startImportRun } from "@/lib/data/import-runs";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { itemPicturePath } from "@/lib/data/item-picture";
import type { IntakeKind } from "@/lib/data/schemas";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { loadDemoCampaigns } from "./demo-campaigns";
import { demoDiscounts, segmentOf, syntheticEvents } from "./demo-extras";
import { type RetailShop, readRetailShop } from "./read-online-retail";
import { generateSmallShop } from "./small-shop";
import { syntheticPerson } from "./synthetic-people";

const BATCH = 5000;

function withPicture(item: Record<string, unknown>): Record<string, unknown> {
  return item.main_image ? item : { ...item, main_image: itemPicturePath(String(item.item_id)) };
}

export function onlineRetailFile(): string {
  return join(env().SHARED_DATA_DIR, "online-retail", "online_retail_2010_2011.csv.gz");
}

export async function loadDemo(options: { now?: Date } = {}): Promise<void> {
  const file = onlineRetailFile();
  const source = existsSync(file) ? "online-retail" : "generator";
  const progress = { state: "loading" as const, phase: "reading", done: 0, total: 0, source };
  const started = Date.now();
  await setDemoProgress(progress);
  try {
    const shop: RetailShop =
      source === "online-retail" ? await readRetailShop(file, options.now) : generateSmallShop(options.now);
    const topValue =
      [...shop.customers].sort((a, b) => b.value - a.value)[Math.floor(shop.customers.length * 0.05)]?.value ??
      Infinity;
    const customers = shop.customers.map((c) => ({
      customer_id: c.customer_id,
      country: c.country,
      ...syntheticPerson(c.customer_id, c.country),
      ...segmentOf(c, topValue),
    }));
    const events = [
      // The invoice line is the natural event id: two lines of one item in one invoice stay two.
      ...shop.purchases.map((p, line) => ({
        event_id: `retail-${p.invoice}-${line}`,
        event_type: "purchase",
        ...(p.customerId ? { customer_id: p.customerId } : { cookie_id: `guest-${p.invoice}` }),
        item_id: p.stockCode,
        quantity: p.quantity,
        price: p.price,
        order_id: p.invoice,
        timestamp: p.date.toISOString(),
      })),
      ...syntheticEvents(shop),
    ];
    const discounts = demoDiscounts(shop, options.now ?? new Date());
    const steps: [IntakeKind, Record<string, unknown>[]][] = [
      // The Online Retail catalog has no pictures: each item gets its synthetic one (./item-picture.ts).
      ["items", source === "online-retail" ? shop.items.map(withPicture) : shop.items],
      ["customers", customers],
      ["discounts", discounts],
      ["events", events],
    ];
    progress.total = steps.reduce((n, [, rows]) => n + rows.length, 0);
    for (const [kind, rows] of steps) {
      progress.phase = kind;
      const runId = await startImportRun({ kind, source: `demo:${source}`, actor: "demo loader" });
      for (let i = 0; i < rows.length; i += BATCH) {
        const result = await ingestBatch({
          kind,
          records: rows.slice(i, i + BATCH),
          // Customers' personal data is synthetic; so is everything when the generator made the shop.
          synthetic: kind === "customers" || source === "generator",
        });
        await addToImportRun(runId, result, i);
        const before = Math.floor((progress.done / progress.total) * 10);
        progress.done += result.received;
        await setDemoProgress(progress);
        // The console shows the load too: a line at every tenth of the way.
        if (Math.floor((progress.done / progress.total) * 10) > before) {
          log.info("loading the demo shop", {
            phase: kind,
            done: progress.done,
            total: progress.total,
            percent: Math.round((progress.done / progress.total) * 100),
          });
        }
      }
      await finishImportRun(runId);
    }
    // The studio's demo audiences and campaigns (./demo-campaigns.ts): extras, so a failure is
    // logged and leaves the shop loaded; the next demo load tries them again.
    progress.phase = "campaigns";
    await setDemoProgress(progress);
    const campaignsStarted = Date.now();
    try {
      await loadDemoCampaigns();
    } catch (error) {
      log.warn("demo campaigns not loaded", { error: String(error) });
    }
    log.info("demo campaigns step", { ms: Date.now() - campaignsStarted });
    await setDemoProgress({ ...progress, state: "done", phase: "done" });
    log.info("demo shop loaded", {
      source,
      items: shop.items.length,
      customers: customers.length,
      events: events.length,
      ms: Date.now() - started,
    });
  } catch (error) {
    await setDemoProgress({ ...progress, state: "failed", message: (error as Error).message });
    throw error;
  }
}
