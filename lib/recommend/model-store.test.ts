import { describe, expect, it, vi } from "vitest";
import { type PackedStrings, pack, unpackSliced } from "./engine/pack";
import { decodedWhenRead, visitorNumbers } from "./model-store";

const packedOf = async (ids: string[]) =>
  (await unpackSliced<{ users: PackedStrings }>(pack({ users: ids }), () => undefined, { packed: ["users"] })).users;

describe("the models' visitor ids, kept packed", () => {
  it("numbers each visitor from the packed bytes as its place in the list", async () => {
    const ids = Array.from({ length: 70_000 }, (_, i) => (i === 5 ? "ünïcode-€" : `customer-${i}`));
    const numbers = await visitorNumbers(await packedOf(ids), () => undefined);
    for (const [n, id] of ids.entries()) expect(numbers.get(id)).toBe(n);
    expect(numbers.get("customer-70000")).toBeUndefined();
    expect(numbers.get("")).toBeUndefined();
  });

  it("numbers no visitor for models built without any (an empty list is packed as JSON)", async () => {
    const packed = await packedOf([]);
    expect(packed.decode()).toEqual([]);
    const numbers = await visitorNumbers(packed, () => undefined);
    expect(numbers.get("")).toBeUndefined();
    expect(decodedWhenRead(packed).length).toBe(0);
    const one = await packedOf([""]); // one visitor whose id is empty: a strings section of no bytes
    expect(one.decode()).toEqual([""]);
    expect((await visitorNumbers(one, () => undefined)).get("")).toBe(0);
  });

  it("refuses a list that names a visitor twice (every later number would be off)", async () => {
    await expect(visitorNumbers(await packedOf(["a", "b", "a"]), () => undefined)).rejects.toThrow(/listed twice/);
  });

  it("decodes the ids only when read, and reads as the array they are", async () => {
    const ids = ["c-1", "c-2", "cookie:x"];
    const packed = await packedOf(ids);
    const decode = vi.spyOn(packed, "decode");
    const users = decodedWhenRead(packed);
    const models = { users, other: 1 };
    const copy = { ...models };
    expect(decode).not.toHaveBeenCalled();
    expect(copy.users.length).toBe(3);
    expect(copy.users[1]).toBe("c-2");
    expect([...copy.users]).toEqual(ids);
    expect(copy.users.map((u) => u.toUpperCase())).toEqual(["C-1", "C-2", "COOKIE:X"]);
    expect(Array.isArray(copy.users)).toBe(true);
    expect(JSON.stringify(copy.users)).toBe(JSON.stringify(ids));
    expect(decode).toHaveBeenCalledTimes(1);
  });
});
