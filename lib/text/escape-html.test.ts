import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it("escapes the five characters that end text or an attribute value, each once", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });
  it("leaves everything else, in any script", () => {
    expect(escapeHtml("Čaj · 茶 · 🍵")).toBe("Čaj · 茶 · 🍵");
  });
});
