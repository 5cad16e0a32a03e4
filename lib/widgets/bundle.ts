/**
 * Builds the widgets (./entry.ts, which carries the tracking snippet of lib/sdk) into one minified
 * script with esbuild, named by its content. Node only: scripts/build-widgets.ts writes the result
 * into ./built.json, which GET /widgets.js serves; ./bundle.test.ts checks that file is current and
 * within budget.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import sdk from "@/lib/sdk/built.json";

const PLACEHOLDER = "__lumen_widgets_version__";
const DIR = join(process.cwd(), "lib", "widgets");
/** The budget the issue sets: every widget, the snippet included, under 25 kB gzipped. */
export const GZIP_BUDGET = 25 * 1024;

export interface WidgetsBundle {
  version: string;
  code: string;
}

export async function bundleWidgets(): Promise<WidgetsBundle> {
  const out = await build({
    entryPoints: [join(DIR, "entry.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: ["es2020"],
    write: false,
    legalComments: "none",
    define: {
      __LUMEN_WIDGETS_VERSION__: JSON.stringify(PLACEHOLDER),
      // The snippet inside says the version of the /sdk.js built from the same sources.
      __LUMEN_SDK_VERSION__: JSON.stringify(sdk.version),
    },
    logLevel: "silent",
  });
  const text = out.outputFiles[0]!.text;
  const version = createHash("sha256").update(text).digest("hex").slice(0, 12);
  return {
    version,
    code: `/*! Lumen widgets ${version} */\n${text.replaceAll(PLACEHOLDER, version)}`,
  };
}

/** The text of ./built.json (formatted as Biome formats it, so the linter leaves it alone). */
export function builtJson(bundle: WidgetsBundle): string {
  const generated = "by scripts/build-widgets.ts from lib/widgets (and lib/sdk's snippet); do not edit";
  return `${JSON.stringify({ generated, ...bundle }, null, 2)}\n`;
}

export function gzippedSize(code: string): number {
  return gzipSync(Buffer.from(code), { level: 9 }).length;
}

/** Bytes of each source in the bundle (raw, before minifying): what the size report lists. */
export async function sourceSizes(): Promise<{ file: string; bytes: number }[]> {
  const out = await build({
    entryPoints: [join(DIR, "entry.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: ["es2020"],
    write: false,
    metafile: true,
    define: { __LUMEN_WIDGETS_VERSION__: '""', __LUMEN_SDK_VERSION__: '""' },
    logLevel: "silent",
  });
  const inputs = Object.values(out.metafile.outputs)[0]?.inputs ?? {};
  return Object.entries(inputs)
    .map(([file, info]) => ({ file, bytes: info.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes);
}
