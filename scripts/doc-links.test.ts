/**
 * The README, ARCHITECTURE.md and docs/ link to each other by file and heading: every relative
 * link must name a file that exists and, with a #fragment into a Markdown file, a heading of it
 * (GitHub's anchors). Moving a section between documents otherwise breaks links silently.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");
const DOCUMENTS = [
  "README.md",
  "ARCHITECTURE.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** Text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = anchorOf(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function brokenLinks(file: string, text = readFileSync(join(ROOT, file), "utf8")): string[] {
  const broken: string[] = [];
  for (const m of prose(text).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target)) continue;
    const [path, fragment] = target.split("#") as [string, string | undefined];
    const resolved = path === "" ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), path);
    if (!existsSync(resolved)) {
      broken.push(`${file}: ${target} (no file ${relative(ROOT, resolved)})`);
      continue;
    }
    if (fragment && resolved.endsWith(".md") && !anchors(readFileSync(resolved, "utf8")).has(fragment))
      broken.push(`${file}: ${target} (no heading #${fragment} in ${relative(ROOT, resolved)})`);
  }
  return broken;
}

describe("links between the documents", () => {
  it("reads anchors as GitHub does", () => {
    expect(anchorOf("Accessibility (WCAG 2.2 AA)")).toBe("accessibility-wcag-22-aa");
    expect(anchorOf("Touchpoint studio: decisions where the spec is silent")).toBe(
      "touchpoint-studio-decisions-where-the-spec-is-silent",
    );
    expect(anchorOf("Suppressions, bounces and complaints")).toBe("suppressions-bounces-and-complaints");
  });

  it("finds a link to a missing file or heading (the check itself)", () => {
    expect(anchors("# A b\n\n```\n# not a heading\n```\n## A b\n")).toEqual(new Set(["a-b", "a-b-1"]));
    const sample =
      "[a](../README.md#no-such-heading) [b](missing.md) [c](../README.md#calling-the-api) `[d](nope.md)` [e](https://x.example/y)";
    expect(brokenLinks("docs/sample.md", sample)).toEqual([
      "docs/sample.md: ../README.md#no-such-heading (no heading #no-such-heading in README.md)",
      "docs/sample.md: missing.md (no file docs/missing.md)",
    ]);
  });

  it("has no broken relative link in README.md, ARCHITECTURE.md or docs/", () => {
    expect(DOCUMENTS.length).toBeGreaterThan(5);
    expect(DOCUMENTS.flatMap((file) => brokenLinks(file))).toEqual([]);
  });
});
