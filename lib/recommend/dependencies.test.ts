/**
 * A dependency rule: the engine (lib/recommend/**) imports nothing from the touchpoint studio
 * (lib/touchpoints), which uses it. Rule definitions live in ./rule-constants.ts and
 * ./rule-schemas.ts for that reason; a new import of the studio here would bring the cycle back.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const AREA = join(ROOT, "lib/recommend");
const FORBIDDEN = "lib/touchpoints";

/** Every module specifier of a source: import/export ... from "x", import "x", import("x"), require("x"). */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** The repository path a specifier of `file` points at, or undefined for a package. */
function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("@/")) return specifier.slice(2);
  if (specifier.startsWith(".")) return relative(ROOT, resolve(dirname(file), specifier));
  return undefined;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

function offending(file: string, source: string): string[] {
  return specifiers(source).filter((s) => {
    const to = target(file, s);
    return to !== undefined && (to === FORBIDDEN || to.startsWith(`${FORBIDDEN}/`));
  });
}

describe("lib/recommend's dependencies", () => {
  it("finds the studio however it is imported (the check itself)", () => {
    const file = join(AREA, "engine/x.ts");
    const source = [
      'import type { TRule } from "@/lib/touchpoints/schemas";',
      'import {\n  a,\n  b,\n} from "../../touchpoints/constants";',
      'export { c } from "@/lib/touchpoints/wheel";',
      'const m = await import("@/lib/touchpoints/touchpoints");',
      'import { ok } from "../rule-schemas";',
      'import { z } from "zod";',
    ].join("\n");
    expect(offending(file, source)).toEqual([
      "@/lib/touchpoints/schemas",
      "../../touchpoints/constants",
      "@/lib/touchpoints/wheel",
      "@/lib/touchpoints/touchpoints",
    ]);
  });

  it("imports nothing from lib/touchpoints", () => {
    // This file names the studio's modules in its own check's sample.
    const files = sources(AREA).filter((file) => file !== __filename);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      offending(file, readFileSync(file, "utf8")).map((s) => `${relative(ROOT, file)} imports ${s}`),
    );
    expect(found).toEqual([]);
  });
});
