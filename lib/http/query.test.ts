import { describe, expect, it } from "vitest";
import { queryObject } from "./query";

const parse = (search: string) => queryObject(new URL(`http://localhost/x${search}`));

describe("queryObject", () => {
  it("reads values, repeated keys as arrays", () => {
    expect(parse("?offset=10&limit=5")).toEqual({ offset: "10", limit: "5" });
    expect(parse("?tag=a&tag=b&tag=c")).toEqual({ tag: ["a", "b", "c"] });
    expect(parse("")).toEqual({});
  });

  it("keeps __proto__, constructor and Object.prototype's names as plain own parameters", () => {
    for (const search of ["?__proto__=a", "?__proto__=a&__proto__=b", "?__proto__[admin]=1"]) {
      const query = parse(search);
      expect(Object.getPrototypeOf(query), search).toBe(Object.prototype);
      expect(Object.keys(query).length, search).toBe(1);
      expect((query as { admin?: unknown }).admin, search).toBeUndefined();
    }
    expect(Object.hasOwn(parse("?__proto__=a"), "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(parse("?__proto__=a&__proto__=b"), "__proto__")?.value).toEqual(["a", "b"]);
    expect(parse("?constructor=x")).toEqual({ constructor: "x" });
    expect(parse("?toString=1&hasOwnProperty=2&valueOf=3")).toEqual({
      toString: "1",
      hasOwnProperty: "2",
      valueOf: "3",
    });
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("0");
  });
});
