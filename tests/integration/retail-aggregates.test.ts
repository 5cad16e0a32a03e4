/**
 * CLV and 180-day purchase counts on real customers of the Online Retail data, checked against
 * figures a person can verify with a spreadsheet: customers 12347, 12349 and 17850, lines without
 * cancellations, window = the 180 days before 2011-12-10.
 *   12347: 7 orders, CLV 4,310.00, 3 orders since 2011-06-13, last 2011-12-07 15:52
 *   12349: 1 order,  CLV 1,757.55, 1 order in the window,      last 2011-11-21 09:51
 *   17850: 34 orders, CLV 5,391.21, none in the window,         last 2010-12-02 15:27
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { onlineRetailFile } from "@/lib/data/demo/load-demo";
import { readRetailLines } from "@/lib/data/demo/read-online-retail";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { refreshCustomerAggregates } from "@/lib/data/refresh-customer-aggregates";
import { db, getDatabase } from "@/lib/db/client";

const CUSTOMERS = ["12347", "12349", "17850"];

describe.runIf(existsSync(onlineRetailFile()))("customer aggregates on Online Retail data", () => {
  it("matches the hand-checked figures", async () => {
    const lines = [];
    let n = 0;
    for await (const line of readRetailLines(onlineRetailFile())) {
      n++;
      if (CUSTOMERS.includes(line.customerId)) lines.push({ ...line, n });
    }
    await ingestBatch({ kind: "customers", records: CUSTOMERS.map((customer_id) => ({ customer_id })) });
    const result = await ingestBatch({
      kind: "events",
      records: lines.map((l) => ({
        event_id: `retail-${l.invoice}-${l.n}`,
        event_type: "purchase",
        customer_id: l.customerId,
        item_id: l.stockCode,
        quantity: l.quantity,
        price: l.price,
        order_id: l.invoice,
        timestamp: l.date.toISOString().slice(0, 19),
      })),
    });
    expect(result.errors).toEqual([]);
    const database = await getDatabase();
    await refreshCustomerAggregates({
      sql: database.sql,
      customerIds: CUSTOMERS,
      now: new Date("2011-12-10T00:00:00Z"),
    });
    const rows = await (await db()).customer.findMany({
      where: { customer_id: { in: CUSTOMERS } },
      orderBy: { customer_id: "asc" },
    });
    const summary = rows.map((r) => [
      r.customer_id,
      Math.round(r.clv_value * 100) / 100,
      r.purchases_180d,
      r.last_purchase_at?.toISOString(),
    ]);
    expect(summary).toEqual([
      ["12347", 4310, 3, "2011-12-07T15:52:00.000Z"],
      ["12349", 1757.55, 1, "2011-11-21T09:51:00.000Z"],
      ["17850", 5391.21, 0, "2010-12-02T15:27:00.000Z"],
    ]);
  });
});
