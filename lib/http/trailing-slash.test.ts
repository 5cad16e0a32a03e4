import { describe, expect, it } from "vitest";
import { withoutApiTrailingSlash } from "./trailing-slash";

describe("withoutApiTrailingSlash", () => {
  it("drops the trailing slash of API paths, keeping the query", () => {
    expect(withoutApiTrailingSlash("/api/latest/campaigning-studio/campaignings/")).toBe(
      "/api/latest/campaigning-studio/campaignings",
    );
    expect(withoutApiTrailingSlash("/api/latest/campaigning-studio/campaignings/?limit=5")).toBe(
      "/api/latest/campaigning-studio/campaignings?limit=5",
    );
  });

  it("leaves other URLs as they are", () => {
    expect(withoutApiTrailingSlash("/api/latest/campaigning-studio/campaignings")).toBe(
      "/api/latest/campaigning-studio/campaignings",
    );
    expect(withoutApiTrailingSlash("/campaigns/")).toBe("/campaigns/");
    expect(withoutApiTrailingSlash("/api/")).toBe("/api/");
    expect(withoutApiTrailingSlash("/api/latest/x?next=/a/")).toBe("/api/latest/x?next=/a/");
  });
});
