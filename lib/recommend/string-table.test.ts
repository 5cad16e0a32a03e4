import { describe, expect, it } from "vitest";
import { Growable } from "./engine/growable";
import { StringTable } from "./string-table";

describe("StringTable", () => {
  it("numbers keys in the order added and finds them again", () => {
    const table = new StringTable();
    expect(table.add("c-1")).toBe(0);
    expect(table.add("c-2")).toBe(1);
    expect(table.add("c-1")).toBe(0);
    expect(table.size).toBe(2);
    expect(table.get("c-2")).toBe(1);
    expect(table.get("c-3")).toBe(-1);
    expect(table.has("c-1")).toBe(true);
    expect(table.keyAt(1)).toBe("c-2");
  });

  it("keeps every key through growth, like a Map", () => {
    const table = new StringTable();
    const map = new Map<string, number>();
    for (let i = 0; i < 50_000; i++) {
      const key = `synthetic-customer-${(i * 7919) % 30_011}`;
      const n = table.add(key);
      if (!map.has(key)) map.set(key, map.size);
      expect(n).toBe(map.get(key));
    }
    expect(table.size).toBe(map.size);
    for (const [key, n] of map) {
      expect(table.get(key)).toBe(n);
      expect(table.keyAt(n)).toBe(key);
    }
    expect(table.get("synthetic-customer-30011")).toBe(-1);
  });

  it("reserved for a count, holds that many without growing; past it, grows as before", () => {
    const table = new StringTable();
    const keys = Array.from({ length: 20_000 }, (_, i) => `cookie:${i.toString(36)}`);
    table.reserve(
      keys.length,
      keys.reduce((sum, k) => sum + k.length, 0),
    );
    const reserved = table.byteLength;
    for (const [n, key] of keys.entries()) expect(table.add(key)).toBe(n);
    expect(table.byteLength).toBe(reserved);
    expect(table.add("one more")).toBe(keys.length);
    expect(table.byteLength).toBeGreaterThan(reserved);
    for (const [n, key] of keys.entries()) expect(table.get(key)).toBe(n);
    expect(table.get("one more")).toBe(keys.length);
  });

  it("holds keys of any script and length, and tells apart keys with the same bytes' prefix", () => {
    const table = new StringTable();
    const keys = ["", "a", "ab", "Straße", "молоко", "日本茶", "😀", "x".repeat(5000), "x".repeat(4999)];
    for (const key of keys) table.add(key);
    keys.forEach((key, n) => {
      expect(table.get(key)).toBe(n);
      expect(table.keyAt(n)).toBe(key);
    });
    expect(table.get("strasse")).toBe(-1);
    expect(() => table.keyAt(keys.length)).toThrow(RangeError);
  });
});

describe("Growable", () => {
  it("grows to any index and reads unset entries as the fill value", () => {
    const values = new Growable((n) => new Int32Array(n), -1, 256);
    values.set(3, 7);
    values.set(100_000, 9);
    expect(values.get(3)).toBe(7);
    expect(values.get(100_000)).toBe(9);
    expect(values.get(50)).toBe(-1);
    expect(values.get(10_000_000)).toBe(-1);
    expect(values.length).toBe(100_001);
  });

  it("appends past its capacity, keeping every value in order", () => {
    const values = new Growable((n) => new Float32Array(n), 0, 4);
    for (let i = 0; i < 1000; i++) values.push(i / 2);
    expect(values.length).toBe(1000);
    expect(values.copy()).toEqual(Float32Array.from({ length: 1000 }, (_, i) => i / 2));
    expect(values.view().length).toBe(1000);
  });
});
