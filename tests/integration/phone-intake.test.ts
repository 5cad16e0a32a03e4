/**
 * Phone numbers at intake: stored and listed in E.164, read in DEFAULT_PHONE_COUNTRY when they
 * have no +country code; an invalid one is reported by the record's index and the customer kept
 * without a phone number.
 */
import { afterAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import { db } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { call, tokenFor } from "./http";

afterAll(() => {
  delete process.env.DEFAULT_PHONE_COUNTRY;
  resetEnvCache();
});

async function phoneOf(customerId: string) {
  const prisma = await db();
  return (await prisma.customer.findUniqueOrThrow({ where: { customer_id: customerId } })).phone_number;
}

describe("phone numbers at intake", () => {
  it("stores and lists E.164; reports an invalid number by index and keeps the customer without it", async () => {
    delete process.env.DEFAULT_PHONE_COUNTRY;
    resetEnvCache();
    const token = await tokenFor("advanced");
    const res = await call(customers.POST, {
      path: "/data/customers",
      token,
      body: {
        customers: [
          { customer_id: "ph-1", first_name: "Ann", phone_number: "+1 (415) 555-2671" },
          { customer_id: "ph-2", first_name: "Bob", phone_number: "0710 000-001" },
          { customer_id: "ph-3", first_name: "Cyd", phone_number: "00420 720 000 015" },
          { customer_id: "ph-4", first_name: "Dan", phone_number: null },
          { customer_id: "ph-5", first_name: "Eve", phone_number: "12" },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.received).toBe(5);
    expect(res.body.upserted).toBe(5);
    expect(res.body.errors.map((e: { index: number }) => e.index)).toEqual([1, 4]);
    expect(res.body.errors[0].detail).toMatch(/^phone_number: not a valid phone number/);
    expect(await phoneOf("ph-1")).toBe("+14155552671");
    expect(await phoneOf("ph-2")).toBeNull();
    expect(await phoneOf("ph-3")).toBe("+420720000015");
    expect(await phoneOf("ph-4")).toBeNull();
    expect(await phoneOf("ph-5")).toBeNull();

    const listed = await call(customers.GET, { path: "/data/customers", token, query: { search: "ph-1" } });
    expect(listed.status).toBe(200);
    expect(listed.body.customers[0]).toMatchObject({ customer_id: "ph-1", phone_number: "+14155552671" });
  });

  it("an invalid number sent later clears the stored one (the feed said so), reported by index", async () => {
    const token = await tokenFor("advanced");
    await call(customers.POST, {
      path: "/data/customers",
      token,
      body: { customers: [{ customer_id: "ph-6", phone_number: "+420 720 000 016" }] },
    });
    expect(await phoneOf("ph-6")).toBe("+420720000016");
    const res = await call(customers.POST, {
      path: "/data/customers",
      token,
      body: { customers: [{ customer_id: "ph-6", phone_number: "not a phone" }] },
    });
    expect(res.body.errors).toEqual([{ index: 0, detail: expect.stringContaining("phone_number") }]);
    expect(await phoneOf("ph-6")).toBeNull();
  });

  it("reads a national number in DEFAULT_PHONE_COUNTRY", async () => {
    setEnv("DEFAULT_PHONE_COUNTRY", "CZ");
    try {
      const token = await tokenFor("advanced");
      const res = await call(customers.POST, {
        path: "/data/customers",
        token,
        body: { customers: [{ customer_id: "ph-7", phone_number: "720 000 017" }] },
      });
      expect(res.body.errors).toEqual([]);
      expect(await phoneOf("ph-7")).toBe("+420720000017");
    } finally {
      delete process.env.DEFAULT_PHONE_COUNTRY;
      resetEnvCache();
    }
  });
});
