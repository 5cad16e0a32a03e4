import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/data/prng";
import { scoreText } from "./score-text";

/** What serving wrote before: JSON.stringify of the rounded number. */
const reference = (score: number) => JSON.stringify(Math.round(score * 10_000) / 10_000);

describe("scoreText", () => {
  it("writes what JSON.stringify writes of the score rounded to 4 decimals", () => {
    const fixed = [
      0, -0, 1, -1, 0.5, 0.00004, 0.00005, -0.00004, -0.00005, 0.0012, -0.0012, 0.1, 0.12, 0.1234, 0.12345,
    ];
    const more = [1e-7, 12.3, 100, 99999.99995, 214748.3647, 214748.3648, -214748.3648, 1e12, -1e12, 1e21, 1.5e300];
    for (const x of [...fixed, ...more]) expect(scoreText(x), String(x)).toBe(reference(x));
    const random = mulberry32(11);
    for (let i = 0; i < 50_000; i++) {
      const scale = 10 ** Math.floor(random() * 9 - 4);
      const x = (random() - 0.3) * scale;
      expect(scoreText(x)).toBe(reference(x));
    }
  });

  it("writes null where the score is not a finite number", () => {
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(scoreText(x)).toBe("null");
  });
});
