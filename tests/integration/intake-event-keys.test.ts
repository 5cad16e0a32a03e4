/**
 * The events write (lib/data/ingest-batch.ts writeEvents: id: keys claimed in event_keys, the rest
 * unique with their timestamp): event_ids with quotes, backslashes and commas are stored once,
 * also when sent again with other months' timestamps; a batch mixing named keys, content keys and
 * a key given twice stores each once, the first record of a key; the same batch again, in another
 * order, stores nothing.
 */
import { describe, expect, it } from "vitest";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { getDatabase } from "@/lib/db/client";

const stored = async (where: string, params: unknown[]) =>
  (await getDatabase()).sql.query<{ event_id: string | null; item_id: string; quantity: number }>(
    `SELECT event_id, item_id, quantity FROM events WHERE ${where} ORDER BY event_id, item_id`,
    params,
  );

describe("events intake keys", () => {
  it("stores event_ids with quotes, backslashes and commas once, across months and re-imports", async () => {
    const ids = ['ek"1', "ek\\2", "ek,3", "ek{4}", "ek 5"];
    const records = ids.map((event_id, i) => ({
      event_id,
      event_type: "view",
      customer_id: "ek-c",
      item_id: `ek-i${i}`,
      timestamp: `2026-0${i + 1}-03T10:00:00`,
    }));
    const first = await ingestBatch({ kind: "events", records });
    expect(first).toMatchObject({ received: 5, upserted: 5, errors: [] });
    // Again, and again with other timestamps (other months): the keys are taken.
    expect(await ingestBatch({ kind: "events", records })).toMatchObject({ upserted: 0, errors: [] });
    const moved = records.map((r) => ({ ...r, timestamp: "2025-12-24T08:00:00" }));
    expect(await ingestBatch({ kind: "events", records: moved })).toMatchObject({ upserted: 0, errors: [] });
    const rows = await stored("customer_id = $1", ["ek-c"]);
    expect(rows.map((r) => r.event_id).sort()).toEqual([...ids].sort());
  });

  it("stores a mixed batch once: named keys, content keys, a key given twice (its first record)", async () => {
    const at = "2026-03-05T12:00:00";
    const records = [
      { event_id: "mx-b", event_type: "view", customer_id: "mx-c", item_id: "mx-first", timestamp: at },
      { event_type: "view", customer_id: "mx-c", item_id: "mx-h1", timestamp: at },
      { event_id: "mx-a", event_type: "view", customer_id: "mx-c", item_id: "mx-a", timestamp: at },
      { event_id: "mx-b", event_type: "view", customer_id: "mx-c", item_id: "mx-second", timestamp: at },
      { event_type: "add_to_cart", customer_id: "mx-c", item_id: "mx-h2", quantity: 2, timestamp: at },
      { event_type: "view", customer_id: "mx-c", item_id: "mx-h1", timestamp: at },
    ];
    const first = await ingestBatch({ kind: "events", records });
    expect(first).toMatchObject({ received: 6, upserted: 4, errors: [] });
    const rows = await stored("customer_id = $1", ["mx-c"]);
    expect(rows.map((r) => [r.event_id, r.item_id])).toEqual([
      ["mx-a", "mx-a"],
      ["mx-b", "mx-first"],
      [null, "mx-h1"],
      [null, "mx-h2"],
    ]);
    expect(rows.find((r) => r.item_id === "mx-h2")?.quantity).toBe(2);
    // Sent again in another order: nothing new, and nothing else written.
    const again = await ingestBatch({ kind: "events", records: [...records].reverse() });
    expect(again).toMatchObject({ received: 6, upserted: 0, errors: [] });
    expect(await stored("customer_id = $1", ["mx-c"])).toHaveLength(4);
  });
});
