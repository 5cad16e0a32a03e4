/**
 * From server start (lib/recommend/warm-up.ts): the live touchpoints' serving states are loaded
 * before any request, and the models when one of them has learned rules, so the first shopper's
 * page is answered from memory and personalised; a process whose live touchpoints have no learned
 * rule loads no models.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { startWorkers } from "@/lib/jobs/registry";
import { modelsServed } from "@/lib/recommend/model-store";
import { forgetServingState, servingStateNow } from "@/lib/recommend/serving-state";
import { warmServing } from "@/lib/recommend/warm-up";
import { tokenFor } from "./http";
import { liveCarousel } from "./studio";
import { storeSmallShop } from "./support/small-shop";
import { until } from "./support/until";

let token: string;

beforeAll(async () => {
  token = await tokenFor("advanced");
  await startWorkers({ concurrency: 1 });
  await storeSmallShop(token, "wu");
});

describe("warming the serving at start", () => {
  it("loads each live touchpoint's serving state; no models while none has learned rules", async () => {
    const plain = await liveCarousel(token, "warm best sellers", [{ rule_type: "best-sellers", positions: [0, 1] }]);
    forgetServingState();
    expect(servingStateNow(plain)).toBeUndefined();
    expect(await warmServing()).toEqual([plain]);
    expect(servingStateNow(plain)?.touchpoint.touchpoint_id).toBe(plain);
    expect(modelsServed()).toBeUndefined();
  });

  it("with a live learned touchpoint, loads the models too, before its first request", async () => {
    const learned = await liveCarousel(token, "warm community", [
      { rule_type: "ai-community-based", positions: [0, 1] },
    ]);
    forgetServingState();
    expect(modelsServed()).toBeUndefined();
    const warmed = await warmServing();
    expect(warmed).toContain(learned);
    expect(servingStateNow(learned)?.allItems).toBe(true);
    const served = await until(
      async () => modelsServed(),
      (m) => m !== undefined,
      30_000,
      "the models loaded for serving",
    );
    expect(served?.modelId).toBeTruthy();
  });
});
