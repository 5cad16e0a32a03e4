/**
 * Builds the tracking snippet (./snippet.ts and what it imports) into one minified script with
 * esbuild, and names its version by its content. Node only: scripts/build-sdk.ts writes the result
 * into ./built.json, which the /sdk.js route serves; ./bundle.test.ts checks that file is current.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const PLACEHOLDER = "__lumen_sdk_version__";
const DIR = join(process.cwd(), "lib", "sdk");
/** The budget the issue sets: the snippet under 10 kB gzipped. */
export const GZIP_BUDGET = 10 * 1024;

export interface SdkBundle {
  version: string;
  code: string;
  /** ./lumen.d.ts, served at /sdk.d.ts. */
  types: string;
}

export async function bundleSdk(): Promise<SdkBundle> {
  const out = await build({
    entryPoints: [join(DIR, "snippet.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: ["es2020"],
    write: false,
    legalComments: "none",
    define: { __LUMEN_SDK_VERSION__: JSON.stringify(PLACEHOLDER) },
    logLevel: "silent",
  });
  const text = out.outputFiles[0]!.text;
  const version = createHash("sha256").update(text).digest("hex").slice(0, 12);
  return {
    version,
    code: `/*! Lumen tracking snippet ${version} */\n${text.replaceAll(PLACEHOLDER, version)}`,
    types: readFileSync(join(DIR, "lumen.d.ts"), "utf8"),
  };
}

/** The text of ./built.json (formatted as Biome formats it, so the linter leaves it alone). */
export function builtJson(bundle: SdkBundle): string {
  const generated = "by scripts/build-sdk.ts from lib/sdk (snippet.ts, tracker.ts, lumen.d.ts); do not edit";
  return `${JSON.stringify({ generated, ...bundle }, null, 2)}\n`;
}

export function gzippedSize(code: string): number {
  return gzipSync(Buffer.from(code), { level: 9 }).length;
}
