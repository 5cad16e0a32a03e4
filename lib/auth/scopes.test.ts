import { describe, expect, it } from "vitest";
import { normalOrigin, ZOrigins } from "./origins";
import { allowsScope, isPublishable, keyInQuery, parseScopeString } from "./scopes";

describe("scopes", () => {
  it("studio covers every scope; the others only themselves", () => {
    expect(allowsScope(["studio"], "content")).toBe(true);
    expect(allowsScope(["studio"], "data:write")).toBe(true);
    expect(allowsScope(["content"], "studio")).toBe(false);
    expect(allowsScope(["content"], "data:write")).toBe(false);
    expect(allowsScope(["data:write"], "content")).toBe(false);
    expect(allowsScope(["content", "data:write"], "data:write")).toBe(true);
  });

  it("only exactly content is publishable", () => {
    expect(isPublishable(["content"])).toBe(true);
    expect(isPublishable(["content", "data:write"])).toBe(false);
    expect(isPublishable(["studio"])).toBe(false);
    expect(isPublishable([])).toBe(false);
  });

  it("reads OAuth scope strings, refusing unknown words", () => {
    expect(parseScopeString("data:write  content")).toEqual(["content", "data:write"]);
    expect(parseScopeString("content admin")).toBeUndefined();
  });
});

describe("keyInQuery", () => {
  it("finds the key parameter and nothing that merely ends in key", () => {
    expect(keyInQuery("/c?term=a&key=pk_abc")).toBe("pk_abc");
    expect(keyInQuery("/c?key=pk_abc&term=a")).toBe("pk_abc");
    expect(keyInQuery("/c?monkey=1&key=pk_x%2Dy")).toBe("pk_x-y");
    expect(keyInQuery("/c?monkey=1")).toBeUndefined();
    expect(keyInQuery("/c")).toBeUndefined();
    expect(keyInQuery("/key=pk_abc")).toBeUndefined();
  });
});

describe("origins", () => {
  it("keeps origins as browsers send them and refuses anything else", () => {
    expect(normalOrigin("https://Shop.Example/")).toBe("https://shop.example");
    expect(normalOrigin("https://shop.example:443")).toBe("https://shop.example");
    expect(normalOrigin("http://localhost:8080")).toBe("http://localhost:8080");
    expect(normalOrigin("https://shop.example/cart")).toBeUndefined();
    expect(normalOrigin("https://shop.example?x=1")).toBeUndefined();
    expect(normalOrigin("ftp://shop.example")).toBeUndefined();
    expect(normalOrigin("shop.example")).toBeUndefined();
    expect(ZOrigins.parse(["https://a.example", "https://A.example/"])).toEqual(["https://a.example"]);
  });
});
