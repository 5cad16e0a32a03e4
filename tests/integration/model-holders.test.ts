/**
 * Which processes hold the recommendation models (issue 21, lib/recommend/model-store.ts): a
 * touchpoint's calculation, or a customer list's recommendations, load the newest build for that
 * work only, and a process that serves no learned touchpoint neither keeps watching later builds
 * nor loads them; serving a learned touchpoint makes the process watch them, starting from the
 * build it already holds.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { getDatabase } from "@/lib/db/client";
import { startWorkers } from "@/lib/jobs/registry";
import { buildAndStoreModels, modelsForWork, modelsNow, modelsServed } from "@/lib/recommend/model-store";
import { recommendedItems } from "@/lib/recommend/recommend-for-customers";
import { call, tokenFor } from "./http";
import { liveCarousel } from "./studio";
import { storeSmallShop } from "./support/small-shop";

let token: string;

beforeAll(async () => {
  token = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  await storeSmallShop(token, "mh");
});

/** time-based ranks for the default visitor: the calculation loads the models for it. */
const learnedTouchpoint = () =>
  liveCarousel(token, "holders community", [
    { rule_type: "ai-community-based", positions: [0, 1] },
    { rule_type: "time-based", positions: [2] },
  ]);

describe("models held for work, and for serving", () => {
  let touchpoint: string;
  let firstBuild: string;

  it("after a calculation the process watches no models; work gets the newest build, loaded once", async () => {
    touchpoint = await learnedTouchpoint();
    const database = await getDatabase();
    // The copy is let go a minute after its last use (a timer): time is moved on by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    try {
      const held = await modelsForWork(database);
      expect(held?.modelId).toBeTruthy();
      firstBuild = held!.modelId;
      // Kept for the next piece of work: the same object, not a second load.
      expect(await modelsForWork(database)).toBe(held);
      vi.advanceTimersByTime(59_000);
      expect(await modelsForWork(database)).toBe(held);
      expect(modelsServed()).toBeUndefined();
      expect(modelsNow()).toBeUndefined();
      // A minute after the last use the copy is let go: the next piece of work loads the build anew.
      vi.advanceTimersByTime(60_000);
      const again = await modelsForWork(database);
      expect(again?.modelId).toBe(firstBuild);
      expect(again).not.toBe(held);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a new build is loaded for the next piece of work only, never announced into this process", async () => {
    const database = await getDatabase();
    const next = await buildAndStoreModels({ reason: "holders: a later build", database });
    expect(next).not.toBe(firstBuild);
    await new Promise((r) => setTimeout(r, 1500));
    expect(modelsServed()).toBeUndefined();
    const recs = await recommendedItems(["mh-c1"], 3, "ai-community-based");
    expect(recs.get("mh-c1")).toHaveLength(3);
    expect((await modelsForWork(database))?.modelId).toBe(next);
    firstBuild = next;
  });

  it("serving the learned touchpoint makes the process watch the models, from the build it holds", async () => {
    const database = await getDatabase();
    const held = await modelsForWork(database);
    const res = await call(content.GET, {
      path: `/touchpoint-studio/touchpoints/${touchpoint}/content`,
      params: { touchpoint_id: touchpoint },
      token,
      headers: { identity_value: "mh-c1" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(modelsServed()?.modelId).toBe(firstBuild);
    // The build already held serves: no second copy.
    expect(modelsNow()).toBe(held);
    // From now on a new build is announced here and served within seconds.
    const next = await buildAndStoreModels({ reason: "holders: served build", database });
    const at = Date.now();
    while (modelsServed()?.modelId !== next && Date.now() - at < 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(modelsServed()?.modelId).toBe(next);
  });
});
