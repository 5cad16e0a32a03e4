import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import sdk from "@/lib/sdk/built.json";
import { builtJson, bundleWidgets, GZIP_BUDGET, gzippedSize } from "./bundle";

describe("the built widgets script", () => {
  it("is current (lib/widgets/built.json: npx tsx scripts/build-widgets.ts) and under 25 kB gzipped", async () => {
    const bundle = await bundleWidgets();
    const built = readFileSync(join(process.cwd(), "lib", "widgets", "built.json"), "utf8");
    expect(built, "lib/widgets/built.json is out of date: run npx tsx scripts/build-widgets.ts").toBe(
      builtJson(bundle),
    );
    expect(gzippedSize(bundle.code)).toBeLessThan(GZIP_BUDGET);
    // Self-contained: no import or require left for the browser to resolve.
    expect(bundle.code).not.toMatch(/\brequire\(|^import /m);
    expect(bundle.code).toContain(bundle.version);
    // It carries the snippet, saying the version of the /sdk.js built from the same sources.
    expect(bundle.code).toContain(sdk.version);
    for (const selector of ["data-lumen-touchpoint", "data-lumen-search", "data-lumen-wheel"]) {
      expect(bundle.code).toContain(selector);
    }
  });
});
