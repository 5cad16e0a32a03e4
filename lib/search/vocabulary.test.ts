import { describe, expect, it } from "vitest";
import { Vocabulary } from "./vocabulary";

/** The completions as the first version computed them: every term scanned, sorted by use. */
function scanned(vocab: Vocabulary, prefix: string, except: number | undefined, max: number): number[] {
  const numeric = /^\d/.test(prefix);
  return vocab.terms
    .map((term, id) => ({ term, id }))
    .filter(({ term, id }) => term.startsWith(prefix) && id !== except && vocab.df[id]! > 0)
    .filter(({ term }) => /^\d/.test(term) === numeric)
    .sort((a, b) => vocab.df[b.id]! - vocab.df[a.id]! || (a.term < b.term ? -1 : 1))
    .slice(0, max)
    .map(({ id }) => id);
}

describe("vocabulary: completions", () => {
  it("answers as a scan of every term would, after new terms and changed uses", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const letters = "abcde1";
    const word = () =>
      Array.from({ length: 1 + Math.floor(random() * 5) }, () => letters[Math.floor(random() * 6)]).join("");
    const vocab = new Vocabulary();
    const use = (id: number, times: number) => {
      for (let i = 0; i < times; i++) vocab.countUse(id, 1);
    };
    for (let i = 0; i < 3000; i++) use(vocab.intern(word()), Math.floor(random() * 4));
    const prefixes = ["a", "ab", "b", "1", "1a", "e", "dd", "abc", "c1", "x"];
    const check = () => {
      for (const prefix of prefixes) {
        for (const max of [1, 10, 30]) {
          const except = vocab.id(prefix);
          expect(vocab.completions(prefix, except, max)).toEqual(scanned(vocab, prefix, except, max));
          expect(vocab.completions(prefix, undefined, max)).toEqual(scanned(vocab, prefix, undefined, max));
        }
      }
    };
    check();
    // Terms added one at a time (inserted into the sorted order) and uses changed (cached answers dropped).
    for (let i = 0; i < 50; i++) use(vocab.intern(`${word()}${word()}`), 1 + Math.floor(random() * 30));
    for (let id = 0; id < vocab.size; id += 7) if (vocab.df[id]! > 0) vocab.countUse(id, -1);
    check();
    use(vocab.intern("aaaaaa"), 1000);
    expect(vocab.completions("a", undefined, 1)).toEqual([vocab.id("aaaaaa")]);
    vocab.countUse(vocab.id("aaaaaa")!, -1000);
    expect(vocab.completions("a", undefined, 1)).not.toContain(vocab.id("aaaaaa"));
    check();
  });
});
