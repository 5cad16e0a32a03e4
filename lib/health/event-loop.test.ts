import { describe, expect, it } from "vitest";
import { eventLoopStats, markListening, watchEventLoop } from "./event-loop";

const block = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("event-loop figures", () => {
  it("leave out what held the thread before the server listened, and count a stall after it", async () => {
    watchEventLoop();
    await sleep(50);
    block(300); // start-up's module loading, before anyone can connect
    markListening();
    await sleep(100);
    const afterStart = eventLoopStats()!;
    expect(afterStart.stalls_over_200ms).toBe(0);
    expect(afterStart.longest_stall_ms).toBe(0);
    expect(afterStart.since_start.max_ms).toBeLessThan(200);

    block(250); // a request holding the thread
    await sleep(100);
    const afterStall = eventLoopStats()!;
    expect(afterStall.stalls_over_200ms).toBe(1);
    expect(afterStall.longest_stall_ms).toBeGreaterThanOrEqual(200);
    expect(afterStall.since_start.max_ms).toBeGreaterThanOrEqual(200);
  });
});
