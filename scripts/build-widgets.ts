/**
 * Builds the widgets (lib/widgets, with the tracking snippet of lib/sdk) into lib/widgets/built.json,
 * which GET /widgets.js serves, and prints the sizes: the whole script (raw and gzipped, against
 * the 25 kB budget) and each source's share of the minified code. `npx tsx scripts/build-widgets.ts`
 * after changing lib/widgets or lib/sdk (lib/widgets/bundle.test.ts fails until then); `--check`
 * builds without writing and fails when built.json is out of date.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtJson, bundleWidgets, GZIP_BUDGET, gzippedSize, sourceSizes } from "@/lib/widgets/bundle";

const target = join(process.cwd(), "lib", "widgets", "built.json");
const bundle = await bundleWidgets();
const text = builtJson(bundle);
const gz = gzippedSize(bundle.code);
console.log(
  `widgets.js ${bundle.version}: ${bundle.code.length} bytes, ${gz} bytes gzipped (budget ${GZIP_BUDGET})${gz > GZIP_BUDGET ? " OVER BUDGET" : ""}`,
);
for (const { file, bytes } of await sourceSizes()) console.log(`  ${String(bytes).padStart(6)} bytes  ${file}`);
if (process.argv.includes("--check")) {
  const current = readFileSync(target, "utf8");
  if (current !== text) {
    console.error("lib/widgets/built.json is out of date: run npx tsx scripts/build-widgets.ts");
    process.exit(1);
  }
} else writeFileSync(target, text);
if (gz > GZIP_BUDGET) process.exit(1);
