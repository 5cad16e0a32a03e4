import { describe, expect, it } from "vitest";
import { timeSlice } from "./time-slice";

/** Runs `slices` slices of busy work of `workMs` each; how long the whole took, and the turns given. */
async function run(slice: () => Promise<void> | undefined, slices: number, workMs: number) {
  let turns = 0;
  const ticker = setInterval(() => turns++, 0);
  const started = performance.now();
  for (let i = 0; i < slices; i++) {
    const end = performance.now() + workMs;
    while (performance.now() < end);
    await slice();
  }
  clearInterval(ticker);
  return { ms: performance.now() - started, turns };
}

describe("time slices", () => {
  it("give the event loop a turn once the budget is used, not before", async () => {
    const slice = timeSlice(50);
    expect(slice()).toBeUndefined();
    const end = performance.now() + 60;
    while (performance.now() < end);
    const turn = slice();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    expect(slice()).toBeUndefined(); // a new budget after the turn
  });

  it("rest between slices when asked (background work sleeps), and not otherwise", async () => {
    const flat = await run(timeSlice(2), 20, 3);
    const resting = await run(timeSlice(2, { restMs: 10 }), 20, 3);
    // 20 rests of at least 10 ms each; flat out, the turns cost microseconds.
    expect(resting.ms).toBeGreaterThanOrEqual(20 * 3 + 20 * 10 - 5);
    expect(flat.ms).toBeLessThan(resting.ms - 100);
    expect(resting.turns).toBeGreaterThan(0);
  });
});
