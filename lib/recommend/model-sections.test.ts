/**
 * A stored build's sections read alone (what an incremental update reads) equal what unpacking
 * the whole build gives, for sections inside a chunk, across chunk boundaries and past the first
 * chunk, and only the chunks covering them are read.
 */
import { describe, expect, it } from "vitest";
import { ByteaText } from "@/lib/db/bytea-text";
import type { Database } from "@/lib/db/client";
import { pack, unpack } from "./engine/pack";
import { CHUNK_BYTES } from "./model-build";
import { readSections, sectionAt } from "./model-sections";

/** A Database whose only table is rec_model_chunks of one build, counting the chunks read. */
function storedAs(bytes: Buffer) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) chunks.push(bytes.subarray(at, at + CHUNK_BYTES));
  const read: number[] = [];
  const database = {
    sql: {
      // As the driver hands a bytea over: the server's hex text.
      queryBytes: async (_text: string, [, from, to]: [string, number, number], each: (v: ByteaText) => void) => {
        let rows = 0;
        for (let seq = from; seq <= to && seq < chunks.length; seq++) {
          read.push(seq);
          each(new ByteaText(`\\x${chunks[seq]!.toString("hex")}`));
          rows++;
        }
        return rows;
      },
    },
  } as unknown as Database;
  return { database, read, chunks: chunks.length };
}

describe("a build's sections read alone", () => {
  const value = {
    itemIds: Array.from({ length: 3000 }, (_, i) => `item-${i}`),
    big: { score: new Float32Array(500_000).fill(0.5) },
    community: { count: new Int32Array(300_000).map((_, i) => i * 3) },
    related: { count: Int32Array.from({ length: 5 }, (_, i) => i + 1) },
    tail: { score: new Float32Array(600_000) },
    windowSinceMs: 123,
  };
  const bytes = pack(value);
  const whole = unpack<typeof value>(bytes);

  it("gives what unpacking the whole build gives, reading only the chunks it needs", async () => {
    const { database, read, chunks } = storedAs(bytes);
    expect(chunks).toBe(3);
    const { header, values } = await readSections(database, "m", (h) => ({
      itemIds: sectionAt(h, ["itemIds"]),
      community: sectionAt(h, ["community", "count"]),
      related: sectionAt(h, ["related", "count"]),
      missing: sectionAt(h, ["relatedAll", "count"]),
    }));
    expect(header.windowSinceMs).toBe(123);
    expect(values.itemIds).toEqual(whole.itemIds);
    // Byte for byte (a deep equal of 300,000 numbers takes seconds).
    const same = (a: unknown, b: Int32Array) =>
      a instanceof Int32Array && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer));
    expect(same(values.community, whole.community.count)).toBe(true);
    expect(values.related).toEqual(whole.related.count);
    expect(values.missing).toBeUndefined();
    // The community counts straddle the first chunk boundary (the scores fill most of it).
    const at = (header.community as { count: { offset: number } }).count.offset;
    expect(at).toBeLessThan(CHUNK_BYTES);
    expect(at + 4 * 300_000).toBeGreaterThan(CHUNK_BYTES);
    // Not the third chunk, which holds only what was not asked for.
    expect(new Set(read)).toEqual(new Set([0, 1]));
  });
});
