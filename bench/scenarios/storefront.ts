/**
 * storefront (issue 22, "widget script sizes; time from page load to a rendered carousel on the
 * demo store in headless Chromium"): the widgets' sizes, and how long the demo store's carousel
 * takes to appear.
 *
 * Sizes: /widgets.js (the widgets with the tracking snippet: what a shop loads) and /sdk.js alone,
 * raw and gzipped (level 9), against the budgets (25 kB, 10 kB), as built into lib/widgets/built.json
 * and lib/sdk/built.json.
 *
 * Time: the service as `npm start` runs it (../service.ts, a fresh temporary PGlite DATA_DIR,
 * DEMO_DATA=false), seeded through its API with --items items and a live best-sellers carousel over them, plus a search bar. Headless Chromium
 * (/usr/bin/chromium, the Playwright settings of the e2e tests) opens
 * /demo-store?carousel=<id>&search=<id> --loads times: each "cold" load in a new browser context
 * (empty cache, no cookie), then one "warm" reload in the same context (widgets.js from the
 * cache). Per load, from the navigation's start: the carousel rendered (the widget's
 * performance mark `lumen:carousel-rendered:<id>`, set when its cards are in the page), the
 * widgets script loaded, the content request sent and answered (resource timings),
 * DOMContentLoaded and the load event. The demo store is a Next page: its hydration's long tasks
 * share the main thread with the widget, which a shop's own page may not have.
 * Baseline: the page's own load event in the same loads. ratio: carousel rendered / load event
 * (p50), and the gzipped sizes over their budgets.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { z } from "zod";
import sdk from "@/lib/sdk/built.json";
import { GZIP_BUDGET as SDK_BUDGET } from "@/lib/sdk/bundle";
import widgets from "@/lib/widgets/built.json";
import { GZIP_BUDGET as WIDGETS_BUDGET } from "@/lib/widgets/bundle";
import { machine, parseOptions, type Scenario, type ScenarioReport } from "../lib";
import { startService, touchpointReady } from "../service";

const ZOptions = z.object({
  loads: z.coerce.number().int().min(1).max(200).default(15),
  items: z.coerce.number().int().min(5).max(50_000).default(500),
});

interface Load {
  carousel_rendered_ms: number;
  widgets_script_ms: number;
  content_request_ms: number;
  content_answer_ms: number;
  dom_content_loaded_ms: number;
  load_event_ms: number;
}

const gz = (code: string) => gzipSync(Buffer.from(code), { level: 9 }).length;
const round = (n: number) => Math.round(n * 100) / 100;

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1] ?? 0) };
}

function summary(loads: Load[]) {
  return {
    loads: loads.length,
    carousel_rendered_ms: quantiles(loads.map((l) => l.carousel_rendered_ms)),
    widgets_script_ms: quantiles(loads.map((l) => l.widgets_script_ms)),
    content_request_ms: quantiles(loads.map((l) => l.content_request_ms)),
    content_answer_ms: quantiles(loads.map((l) => l.content_answer_ms)),
    dom_content_loaded_ms: quantiles(loads.map((l) => l.dom_content_loaded_ms)),
    load_event_ms: quantiles(loads.map((l) => l.load_event_ms)),
  };
}

export const storefront: Scenario = {
  name: "storefront",
  description: "widget sizes, and page load to a rendered carousel on the demo store in headless Chromium",
  async run(args: string[]): Promise<ScenarioReport> {
    const options = parseOptions(args, ZOptions);
    const say = (line: string) => console.log(`  ${line}`);
    const sizes = {
      widgets_js: { bytes: widgets.code.length, gzip_bytes: gz(widgets.code), budget_gzip_bytes: WIDGETS_BUDGET },
      sdk_js: { bytes: sdk.code.length, gzip_bytes: gz(sdk.code), budget_gzip_bytes: SDK_BUDGET },
    };
    say(
      `widgets.js ${sizes.widgets_js.bytes} bytes, ${sizes.widgets_js.gzip_bytes} gzipped (budget ${WIDGETS_BUDGET}); sdk.js ${sizes.sdk_js.bytes} bytes, ${sizes.sdk_js.gzip_bytes} gzipped (budget ${SDK_BUDGET})`,
    );

    const dataDir = mkdtempSync(join(tmpdir(), "lumen-bench-storefront-"));
    const service = await startService({ DATA_DIR: dataDir }, say);
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    });
    try {
      const writer = await service.token("advanced@example.com");
      const colours = ["red", "blue", "green", "white", "black"];
      const categories = ["Candles & lights", "Kitchen", "Christmas", "Garden", "Home"];
      const items = Array.from({ length: options.items }, (_, i) => ({
        item_id: `storefront-${i}`,
        item_name: `${colours[i % 5]} ${categories[(i >> 2) % 5]!.toLowerCase()} thing ${i}`,
        product_price: 2 + (i % 40),
        currency: "GBP",
        categories: [
          { category_level: "category_level_1", category_name: categories[(i >> 2) % 5], category_type: "" },
        ],
      }));
      for (let at = 0; at < items.length; at += 5000) {
        await service.api("POST", "/data/items", { items: items.slice(at, at + 5000) }, writer);
      }
      const marketer = await service.token("marketer@example.com");
      const positions = (await service.api("GET", "/touchpoint-studio/rules/position", undefined, marketer)) as {
        positions: { position_id: string }[];
      };
      const position = positions.positions[0]!.position_id;
      const strategy = (await service.api(
        "POST",
        "/touchpoint-studio/rules/strategies",
        {
          strategy_name: "Storefront best-sellers",
          strategy_type: "smart-recommender",
          strategy_subtype: "carousel",
          segments: ["all_customers"],
          rules: [{ rule_type: "best-sellers", positions: [0, 1, 2, 3, 4, 5, 6, 7], values: [] }],
        },
        marketer,
      )) as { strategy_id: string };
      const carousel = (await service.api(
        "POST",
        "/touchpoint-studio/rules/touchpoints",
        {
          touchpoint_name: "Storefront carousel",
          touchpoint_type: "smart-recommender",
          touchpoint_subtype: "carousel",
          position,
          default_strategy: strategy.strategy_id,
          number_of_positions: 8,
          is_active: true,
        },
        marketer,
      )) as { touchpoint_id: string };
      await touchpointReady(service, marketer, carousel.touchpoint_id);
      const url = `${service.url}/demo-store?carousel=${carousel.touchpoint_id}`;
      const mark = `lumen:carousel-rendered:${carousel.touchpoint_id}`;

      const measure = async (page: Page): Promise<Load> => {
        await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 30_000 });
        await page.waitForLoadState("load");
        return page.evaluate((name) => {
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          const script = performance.getEntriesByType("resource").find((e) => e.name.includes("/widgets.js")) as
            | PerformanceResourceTiming
            | undefined;
          const content = performance.getEntriesByType("resource").find((e) => e.name.includes("/content?")) as
            | PerformanceResourceTiming
            | undefined;
          return {
            carousel_rendered_ms: performance.getEntriesByName(name)[0]!.startTime,
            widgets_script_ms: script?.responseEnd ?? -1,
            content_request_ms: content?.startTime ?? -1,
            content_answer_ms: content?.responseEnd ?? -1,
            dom_content_loaded_ms: nav.domContentLoadedEventEnd,
            load_event_ms: nav.loadEventEnd,
          };
        }, mark);
      };

      // One load not counted: the service's first render of the page (its code loaded, the key made).
      const warmUp = await browser.newContext();
      await (await warmUp.newPage()).goto(url);
      await warmUp.close();

      const cold: Load[] = [];
      const warm: Load[] = [];
      for (let i = 0; i < options.loads; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(url);
        cold.push(await measure(page));
        await page.reload();
        warm.push(await measure(page));
        await context.close();
      }
      const results = { sizes, cold: summary(cold), warm: summary(warm) };
      say(
        `carousel rendered (cold) p50 ${results.cold.carousel_rendered_ms.p50} ms, p95 ${results.cold.carousel_rendered_ms.p95} ms; load event p50 ${results.cold.load_event_ms.p50} ms`,
      );
      say(
        `carousel rendered (warm) p50 ${results.warm.carousel_rendered_ms.p50} ms, p95 ${results.warm.carousel_rendered_ms.p95} ms`,
      );
      return {
        parameters: { ...options, chromium: browser.version(), machine: machine().cpu_model },
        results,
        baseline: { cold_load_event_ms: results.cold.load_event_ms, warm_load_event_ms: results.warm.load_event_ms },
        ratio: {
          cold_carousel_vs_load_event_p50: round(
            results.cold.carousel_rendered_ms.p50 / results.cold.load_event_ms.p50,
          ),
          warm_carousel_vs_load_event_p50: round(
            results.warm.carousel_rendered_ms.p50 / results.warm.load_event_ms.p50,
          ),
          widgets_gzip_of_budget: round(sizes.widgets_js.gzip_bytes / WIDGETS_BUDGET),
          sdk_gzip_of_budget: round(sizes.sdk_js.gzip_bytes / SDK_BUDGET),
        },
      };
    } finally {
      await browser.close();
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
