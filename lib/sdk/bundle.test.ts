import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtJson, bundleSdk, GZIP_BUDGET, gzippedSize } from "./bundle";

describe("the built tracking snippet", () => {
  it("is current (lib/sdk/built.json: npx tsx scripts/build-sdk.ts) and under 10 kB gzipped", async () => {
    const bundle = await bundleSdk();
    const built = readFileSync(join(process.cwd(), "lib", "sdk", "built.json"), "utf8");
    expect(built, "lib/sdk/built.json is out of date: run npx tsx scripts/build-sdk.ts").toBe(builtJson(bundle));
    expect(gzippedSize(bundle.code)).toBeLessThan(GZIP_BUDGET);
    // Self-contained: no import or require left for the browser to resolve.
    expect(bundle.code).not.toMatch(/\brequire\(|^import /m);
    expect(bundle.code).toContain(bundle.version);
  });
});
