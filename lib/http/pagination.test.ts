import { describe, expect, it } from "vitest";
import { listResponse, ZPagination } from "./pagination";

describe("pagination", () => {
  it("defaults to offset 0, limit 10 and caps limit at 100", () => {
    expect(ZPagination.parse({})).toEqual({ offset: 0, limit: 10 });
    expect(ZPagination.parse({ offset: "20", limit: "500" })).toEqual({ offset: 20, limit: 100 });
    expect(ZPagination.safeParse({ limit: "0" }).success).toBe(false);
    expect(ZPagination.safeParse({ offset: "-1" }).success).toBe(false);
    expect(ZPagination.safeParse({ limit: "ten" }).success).toBe(false);
  });

  it("builds the list shape", () => {
    expect(listResponse("positions", { offset: 0, limit: 2 }, ["a", "b"], 7)).toEqual({
      offset: 0,
      limit: 2,
      positions: ["a", "b"],
      count: 7,
    });
  });
});
