import { analyze } from "@/lib/search/analyze";

/**
 * An item name with the words that matched marked. `matched` are the words as the service found
 * them (matched_words: typos, synonyms and all); without them, the words of the name that start
 * like a word of the term (after the same case, plural and unit folding) are marked instead.
 */
export function HighlightedName({ name, matched, term }: { name: string; matched?: string[]; term: string }) {
  const spans = matched ? spansOfWords(name, matched) : spansLike(name, term);
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    if (start > at) parts.push(name.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
        {name.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < name.length) parts.push(name.slice(at));
  return <>{parts}</>;
}

function merge(spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const s of spans.sort((a, b) => a[0] - b[0] || b[1] - a[1])) {
    const last = out[out.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  return out;
}

function spansOfWords(name: string, words: string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const word of words) {
    if (!word) continue;
    for (let i = name.indexOf(word); i >= 0; i = name.indexOf(word, i + word.length)) spans.push([i, i + word.length]);
  }
  return merge(spans);
}

function spansLike(name: string, term: string): [number, number][] {
  const wanted = analyze(term).map((t) => t.term);
  if (wanted.length === 0) return [];
  return merge(
    analyze(name)
      .filter((t) => wanted.some((w) => t.term.startsWith(w)))
      .map((t) => [t.start, t.end] as [number, number]),
  );
}
