/**
 * Builds the tracking snippet (lib/sdk) into lib/sdk/built.json, which GET /sdk.js serves, and
 * prints its size (gzipped too): `npx tsx scripts/build-sdk.ts` after changing lib/sdk (lib/sdk/bundle.test.ts
 * fails until then). `--check` builds without writing and fails when built.json is out of date.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtJson, bundleSdk, GZIP_BUDGET, gzippedSize } from "@/lib/sdk/bundle";

const target = join(process.cwd(), "lib", "sdk", "built.json");
const bundle = await bundleSdk();
const text = builtJson(bundle);
const gz = gzippedSize(bundle.code);
console.log(
  `sdk.js ${bundle.version}: ${bundle.code.length} bytes, ${gz} bytes gzipped (budget ${GZIP_BUDGET})${gz > GZIP_BUDGET ? " OVER BUDGET" : ""}`,
);
if (process.argv.includes("--check")) {
  const current = readFileSync(target, "utf8");
  if (current !== text) {
    console.error("lib/sdk/built.json is out of date: run npx tsx scripts/build-sdk.ts");
    process.exit(1);
  }
} else writeFileSync(target, text);
if (gz > GZIP_BUDGET) process.exit(1);
