import { describe, expect, it } from "vitest";
import { spanDelays } from "./loop-histogram";

const bounds = [0.005, 0.01, 0.05, Number.POSITIVE_INFINITY];

describe("spanDelays", () => {
  it("counts only the span's samples and interpolates the p99 within its bucket", () => {
    const from = { bounds, cumulative: [100, 100, 100, 100] };
    // 1000 new samples: 980 within 5 ms, 10 in (5, 10], 8 in (10, 50], 2 over 50 ms.
    const to = { bounds, cumulative: [1080, 1090, 1098, 1100] };
    const span = spanDelays(from, to);
    expect(span).toMatchObject({ samples: 1000, share_within_10ms: 0.99, over_10ms: 10, over_50ms: 2 });
    // Rank 990 is the last of the (5, 10] bucket: its upper bound.
    expect(span.p99_ms).toBe(10);
  });

  it("reads a p99 past 10 ms when more than 1% of the span's samples were", () => {
    const from = { bounds, cumulative: [0, 0, 0, 0] };
    const to = { bounds, cumulative: [970, 980, 1000, 1000] };
    const span = spanDelays(from, to);
    expect(span.share_within_10ms).toBe(0.98);
    // Rank 990: halfway through the 20 samples of (10, 50] -> 30 ms.
    expect(span.p99_ms).toBe(30);
  });
});
