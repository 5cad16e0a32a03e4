/**
 * The typed SDK (sdk/): its types are the current document's (regenerated here and compared), and
 * it compiles on its own under tsc --strict together with sdk/scenario.ts, which drives a whole
 * scenario through it without a cast (tests/integration/sdk-scenario.test.ts runs it).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SDK_SCHEMA_FILE, sdkSchemaSource } from "./sdk-schema";

describe("the typed SDK", () => {
  it("is generated from the current document (npm run sdk:api)", async () => {
    const formatted = spawnSync("npx", ["biome", "format", `--stdin-file-path=${SDK_SCHEMA_FILE}`], {
      input: await sdkSchemaSource(),
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(formatted.status, formatted.stderr).toBe(0);
    const same = formatted.stdout === readFileSync(SDK_SCHEMA_FILE, "utf8");
    expect(same, `${SDK_SCHEMA_FILE} is out of date: run npm run sdk:api`).toBe(true);
  }, 60_000);

  it("compiles under tsc --strict, with the scenario, and no casts in the scenario", () => {
    const tsc = spawnSync("npx", ["tsc", "-p", "sdk/tsconfig.json"], { encoding: "utf8" });
    expect(tsc.status, `${tsc.stdout}${tsc.stderr}`).toBe(0);
    const scenario = readFileSync("sdk/scenario.ts", "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "");
    expect(scenario).not.toMatch(/\bas\s+(?!const\b)[A-Za-z{[]|<[A-Za-z]+>\s*[a-z(]|@ts-|!\./);
  }, 120_000);
});
