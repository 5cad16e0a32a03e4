import { describe, expect, it } from "vitest";
import { campaignIds, groupCampaignId, slugify } from "./campaign-ids";

const date = new Date("2026-11-23T10:00:00Z");

describe("campaign ids", () => {
  it("slugs are lowercase ASCII with one underscore for every run of anything else", () => {
    expect(slugify("Black Friday -- 30% OFF!")).toBe("black_friday_30_off");
    expect(slugify("Léto v Praze: Žluté ceny")).toBe("leto_v_praze_zlute_ceny");
    expect(slugify("  __Summer__  ")).toBe("summer");
    expect(slugify("!!!")).toBe("campaign");
    expect(slugify("x".repeat(100))).toHaveLength(60);
  });

  it("one id per group in the spec's shape", () => {
    expect(campaignIds({ date, name: "Black Friday", clientCode: "shop-1", percents: [70, 30] })).toEqual([
      "20261123_cn_black_friday_cl_shop-1_ap_70_ag_1",
      "20261123_cn_black_friday_cl_shop-1_ap_30_ag_2",
    ]);
  });

  it("a later attempt suffixes the slug", () => {
    expect(groupCampaignId({ date, name: "Black Friday", clientCode: "lumen", attempt: 2 }, 100, 1)).toBe(
      "20261123_cn_black_friday_2_cl_lumen_ap_100_ag_1",
    );
  });
});
