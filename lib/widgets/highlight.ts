/**
 * Which parts of a search result's name to mark (<mark>) in the search bar. `matched` are the
 * words the service says matched (matched_words, when the strategy's filter_columns list it:
 * typos and synonyms included); without them, the words of the name that start like a word of
 * the term, ignoring case and accents, are marked. Spans are [start, end) in `name`, sorted,
 * not overlapping.
 */
export type Span = [number, number];

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case without accents: "Crème" -> "creme". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function merge(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1])) {
    const last = out[out.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  return out;
}

export function highlightSpans(name: string, term: string, matched?: readonly string[]): Span[] {
  if (matched && matched.length > 0) {
    const spans: Span[] = [];
    for (const word of matched) {
      if (!word) continue;
      for (let at = name.indexOf(word); at >= 0; at = name.indexOf(word, at + word.length)) {
        spans.push([at, at + word.length]);
      }
    }
    return merge(spans);
  }
  const wanted = (fold(term).match(WORD) ?? []).filter(Boolean);
  if (wanted.length === 0) return [];
  const spans: Span[] = [];
  for (const m of name.matchAll(WORD)) {
    const word = fold(m[0]);
    const prefix = wanted.find((w) => word.startsWith(w));
    if (prefix === undefined) continue;
    // Mark only what was typed of the word ("lam" in "Lamp"), as search boxes do.
    const start = m.index;
    spans.push([start, start + typedLength(m[0], prefix.length)]);
  }
  return merge(spans);
}

/** The characters of `word` that fold to its first `folded` characters (accents take no room). */
function typedLength(word: string, folded: number): number {
  for (let end = 1; end <= word.length; end++) {
    if (fold(word.slice(0, end)).length >= folded) return end;
  }
  return word.length;
}

/** The name cut into plain and marked parts, in order. */
export function splitMarked(name: string, spans: readonly Span[]): { text: string; mark: boolean }[] {
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    if (start > at) parts.push({ text: name.slice(at, start), mark: false });
    parts.push({ text: name.slice(start, end), mark: true });
    at = end;
  }
  if (at < name.length) parts.push({ text: name.slice(at), mark: false });
  return parts;
}
