/** Where the matched terms stand in a text: spans to highlight, and the words as written. */
import { analyze } from "./analyze";

export interface Span {
  start: number;
  end: number;
}

/** Non-overlapping spans (sorted) of the text's terms that are in `matched`. */
export function highlightSpans(text: string, matched: ReadonlySet<string>): Span[] {
  if (matched.size === 0 || !text) return [];
  const spans = analyze(text)
    .filter((t) => matched.has(t.term))
    .map((t) => ({ start: t.start, end: t.end }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

/** The matched words of a text as written there ("Tables", "2-inch"). */
export function matchedWords(text: string, matched: ReadonlySet<string>): string[] {
  return [...new Set(highlightSpans(text, matched).map((s) => text.slice(s.start, s.end)))];
}
