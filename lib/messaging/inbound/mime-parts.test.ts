import { describe, expect, it } from "vitest";
import { parseHeaderBlock } from "./mime-parts";

describe("parseHeaderBlock", () => {
  it("unfolds continued lines, lower-cases names and keeps the first of a repeated header", () => {
    const headers = parseHeaderBlock("Subject: Delivery\r\n  failed\r\nX-Seq: 1\r\nx-seq: 2");
    expect(headers).toEqual({ subject: "Delivery failed", "x-seq": "1" });
  });
  it("reads headers named like Object's own properties as headers", () => {
    const headers = parseHeaderBlock("Constructor: a\nToString: b\n__proto__: c\nhasOwnProperty: d");
    expect(headers.constructor).toBe("a");
    expect(headers.tostring).toBe("b");
    expect(Object.getOwnPropertyDescriptor(headers, "__proto__")?.value).toBe("c");
    expect(headers.hasownproperty).toBe("d");
    expect(Object.keys(headers)).toEqual(["constructor", "tostring", "__proto__", "hasownproperty"]);
  });
});
