import { describe, expect, it } from "vitest";
import { JOBS } from "./names";
import { describeSelection, POOLS, parseQueueSelection, splitLongSteps } from "./pools";

describe("worker pools", () => {
  it("puts every queue in exactly one pool", () => {
    const pooled = Object.values(POOLS).flat();
    expect([...pooled].sort()).toEqual(Object.values(JOBS).sort());
  });

  it("takes every queue when nothing is named", () => {
    for (const spec of [undefined, "", " , "]) {
      expect([...parseQueueSelection(spec, "WORKER_QUEUES").keys()].sort()).toEqual(Object.values(JOBS).sort());
    }
  });

  it("reads pools, single queues and jobs at a time", () => {
    const selection = parseQueueSelection("sends=4, exports,recommend.build-models", "--queues");
    expect(Object.fromEntries(selection)).toEqual({
      "campaigns.prepare-send": 4,
      "campaigns.deliver-send": 4,
      "campaigns.start-due": 4,
      "campaigns.send-fallbacks": 4,
      "audiences.export": undefined,
      "audiences.purge-exports": undefined,
      "recommend.build-models": undefined,
    });
    expect(describeSelection(selection)).toBe("sends=4,exports,recommend.build-models");
  });

  it("names the setting and the unknown queue, and lists the known ones", () => {
    expect(() => parseQueueSelection("sends,newsletters", "--queues")).toThrow(
      /^--queues: unknown queue "newsletters"; pools: sends, exports, builds, .*; queues: .*campaigns\.deliver-send/,
    );
    for (const bad of ["sends=0", "sends=x", "sends=65", "sends=2=3", "sends="]) {
      expect(() => parseQueueSelection(bad, "WORKER_QUEUES"), bad).toThrow(/^WORKER_QUEUES: ".*": the number/);
    }
  });

  it("splits model builds and the demo load from the rest (the embedded database's two threads)", () => {
    const [long, other] = splitLongSteps(parseQueueSelection(undefined, "WORKER_QUEUES"));
    // Incremental updates too: they score rows on the thread, and take turns with builds.
    expect([...long.keys()].sort()).toEqual(
      [JOBS.loadDemo, JOBS.checkModelEvents, JOBS.buildModels, JOBS.updateModels].sort(),
    );
    expect(other.has(JOBS.deliverSend) && other.has(JOBS.exportAudience) && other.has(JOBS.calculateTouchpoint)).toBe(
      true,
    );
    expect(splitLongSteps(parseQueueSelection("sends", "x"))[0].size).toBe(0);
  });
});
