import { describe, expect, it } from "vitest";
import { BodyBytes, encoded } from "./answer-bytes";

describe("answers' bytes", () => {
  it("keeps each answer's bytes while later answers are encoded, across slabs, in UTF-8", () => {
    const texts = Array.from({ length: 600 }, (_, i) => `{"n":${i},"name":"ünï ${"x".repeat(i * 7)}"}`);
    const bytes = texts.map((t) => encoded(t));
    for (const [i, t] of texts.entries()) expect(bytes[i]!.toString("utf8")).toBe(t);
    expect(bytes[1]!.length).toBe(Buffer.byteLength(texts[1]!, "utf8"));
    const large = `"${"€".repeat(100_000)}"`;
    expect(encoded(large).toString("utf8")).toBe(large);
  });

  it("puts a body together from encoded pieces, ASCII and UTF-8 text, each answer's bytes kept", () => {
    const view = Buffer.from(`{"name":"žluťoučký kůň ${"y".repeat(3000)}"}`, "utf8");
    const bodies: Buffer[] = [];
    const texts: string[] = [];
    for (let i = 0; i < 500; i++) {
      const body = new BodyBytes(view.length + 200);
      body.ascii(`[{"position":${i},"item":`);
      body.put(view);
      body.text(`,"why":"ünï ${i}"}]`);
      bodies.push(body.done());
      texts.push(`[{"position":${i},"item":${view.toString("utf8")},"why":"ünï ${i}"}]`);
      // An encoded answer in between takes the slab's next bytes, not this body's.
      expect(encoded(`"${i}"`).toString("utf8")).toBe(`"${i}"`);
    }
    for (const [i, text] of texts.entries()) {
      expect(bodies[i]!.toString("utf8")).toBe(text);
      expect(JSON.parse(bodies[i]!.toString("utf8"))[0].position).toBe(i);
    }
  });

  it("refuses to write past the room it took (never into a later answer's bytes)", () => {
    const body = new BodyBytes(8);
    body.ascii("1234");
    expect(() => body.put(Buffer.from("56789"))).toThrow(RangeError);
    expect(() => body.ascii("56789")).toThrow(RangeError);
    expect(() => body.text("é")).not.toThrow(); // 3 bytes counted, 2 written
    expect(body.done().toString("utf8")).toBe("1234é");
  });
});
