/**
 * The one escaper for text put into HTML (and SVG/XML): element content and quoted attribute
 * values, with either quote. `&#39;` rather than `&apos;`, which HTML 4 and some mail clients lack.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
