import { describe, expect, it } from "vitest";
import { answerHeaders, startFixedServer } from "./service";

describe("the bare server of a serving pair", () => {
  it("copies an answer's own headers, not those node's server writes itself", () => {
    const headers = new Headers({
      "content-type": "application/json",
      "x-request-id": "r-1",
      vary: "Origin",
      "content-length": "12",
      date: "Mon, 30 Nov 2026 00:00:00 GMT",
      connection: "keep-alive",
      "keep-alive": "timeout=65",
    });
    expect(answerHeaders(headers)).toEqual({
      "content-type": "application/json",
      "x-request-id": "r-1",
      vary: "Origin",
    });
  });

  it("answers the body with those headers", async () => {
    const fixed = await startFixedServer('{"a":"é"}', { "content-type": "application/json", vary: "Origin" });
    try {
      const res = await fetch(fixed.url);
      expect(res.headers.get("vary")).toBe("Origin");
      expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength('{"a":"é"}')));
      expect(await res.text()).toBe('{"a":"é"}');
    } finally {
      await fixed.stop();
    }
  });
});
