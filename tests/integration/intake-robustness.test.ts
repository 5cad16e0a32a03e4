/**
 * Nothing lost in intake (issue 25, part A): a record the database could not store is refused on
 * its own with the field named; duplicates in a batch resolve last-one-wins; a record the database
 * refuses anyway costs only itself; an order's identical lines are all kept and counted once;
 * overlapping event batches on PostgreSQL never deadlock; a CSV merges attributes, categories and
 * descriptions into the stored lists.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as customers from "@/app/api/latest/data/customers/route";
import * as events from "@/app/api/latest/data/events/route";
import * as items from "@/app/api/latest/data/items/route";
import { getDataOverview } from "@/lib/data/get-data-overview";
import { countEvents, ingestBatch, legacyDedupeKey } from "@/lib/data/ingest-batch";
import { ZEventInput } from "@/lib/data/schemas";
import { db, getDatabase } from "@/lib/db/client";
import { call, tokenFor } from "./http";
import { spawnScript } from "./support/children";

async function clv(customerId: string): Promise<{ stored: number; expected: number }> {
  const { sql } = await getDatabase();
  const [row] = await sql.query<{ stored: number; expected: number }>(
    `SELECT c.clv_value AS stored,
            COALESCE((SELECT SUM(quantity * price) FROM events e
                      WHERE e.customer_id = c.customer_id AND e.event_type = 'purchase'), 0) AS expected
     FROM customers c WHERE c.customer_id = $1`,
    [customerId],
  );
  return { stored: Number(row?.stored), expected: Number(row?.expected) };
}

async function eventsCounterMatches(): Promise<void> {
  expect((await getDataOverview()).events).toBe(await (await db()).event.count());
}

/** A trigger that refuses chosen values: as a data error (22023) or as the database going away (57P01). */
async function withRefusingTrigger(table: "items" | "events", column: string, fn: () => Promise<void>) {
  const { sql } = await getDatabase();
  await sql.exec(`
    CREATE OR REPLACE FUNCTION lumen_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.${column} = 'refuse-me' THEN
        RAISE EXCEPTION 'refused by a test trigger' USING ERRCODE = '22023';
      END IF;
      IF NEW.${column} = 'database-down' THEN
        RAISE EXCEPTION 'the test database went away' USING ERRCODE = '57P01';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER lumen_test_refuse BEFORE INSERT OR UPDATE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION lumen_test_refuse();`);
  try {
    await fn();
  } finally {
    await sql.exec(`DROP TRIGGER lumen_test_refuse ON ${table}; DROP FUNCTION lumen_test_refuse();`);
  }
}

describe("every record judged on its own", () => {
  it("refuses NUL, lone surrogates, integers beyond the column and years before 1000 by index, naming the field", async () => {
    const token = await tokenFor("advanced");
    const res = await call(items.POST, {
      path: "/data/items",
      token,
      body: {
        items: [
          { item_id: "rb-ok-1", item_name: "Mug ✓ 😀" },
          { item_id: "rb-nul", item_name: "bad\u0000name" },
          { item_id: "rb-surrogate", item_name: "x\ud83d" },
          { item_id: "rb-stock", stock: 2147483648 },
          { item_id: "rb-ok-2", stock: 2147483647, date_added: "1000-01-01T00:00:00" },
          { item_id: "rb-year", date_added: "0050-01-01" },
          { item_id: "rb-json", additional_item_data: { note: "a\u0000b" } },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      received: 7,
      upserted: 2,
      errors: [
        { index: 1, detail: "item_name: must not contain NUL characters" },
        { index: 2, detail: "item_name: must not contain unpaired UTF-16 surrogates" },
        { index: 3, detail: "stock: must be at most 2147483647" },
        { index: 5, detail: "date_added: must not be before the year 1000" },
        { index: 6, detail: "additional_item_data.note: must not contain NUL characters" },
      ],
    });
    const stored = await (await db()).item.findMany({
      where: { item_id: { startsWith: "rb-" } },
      orderBy: { item_id: "asc" },
    });
    expect(stored.map((i) => [i.item_id, i.item_name, i.stock])).toEqual([
      ["rb-ok-1", "Mug ✓ 😀", null],
      ["rb-ok-2", "", 2147483647],
    ]);
    expect(stored[1]?.date_added.toISOString()).toBe("1000-01-01T00:00:00.000Z");

    const ev = await call(events.POST, {
      path: "/data/events",
      token,
      body: {
        events: [
          { event_type: "view", cookie_id: "rb-k", item_id: "rb-ok-1", timestamp: "0050-01-01" },
          { event_type: "search", cookie_id: "rb-k\u0000", term: "mug", timestamp: "2026-01-01" },
          { event_type: "view", cookie_id: "rb-k", item_id: "rb-ok-1", timestamp: "2026-01-01" },
        ],
      },
    });
    expect(ev.body).toEqual({
      received: 3,
      upserted: 1,
      errors: [
        { index: 0, detail: "timestamp: must not be before the year 1000" },
        { index: 1, detail: "cookie_id: must not contain NUL characters" },
      ],
    });
  });

  it("resolves customers and cookies given twice in a batch last-one-wins", async () => {
    const token = await tokenFor("advanced");
    const res = await call(customers.POST, {
      path: "/data/customers",
      token,
      body: {
        customers: [
          { customer_id: "dup-a", first_name: "Ann", city: "Leeds", cookie_ids: ["dup-k1", "dup-k1"] },
          { customer_id: "dup-b", first_name: "Bob", cookie_ids: ["dup-k1", "dup-k2"] },
          { customer_id: "dup-a", last_name: "Lee", city: "York", cookie_ids: ["dup-k3"] },
        ],
      },
    });
    expect(res.status).toBe(200);
    // Two rows written: dup-a once, with the fields of both of its records (the later winning).
    expect(res.body).toEqual({ received: 3, upserted: 2, errors: [] });
    const prisma = await db();
    expect(await prisma.customer.findUniqueOrThrow({ where: { customer_id: "dup-a" } })).toMatchObject({
      first_name: "Ann",
      last_name: "Lee",
      city: "York",
    });
    const cookies = await prisma.customerCookie.findMany({
      where: { cookie_id: { startsWith: "dup-k" } },
      orderBy: { cookie_id: "asc" },
    });
    expect(cookies.map((c) => [c.cookie_id, c.customer_id])).toEqual([
      ["dup-k1", "dup-b"],
      ["dup-k2", "dup-b"],
      ["dup-k3", "dup-a"],
    ]);
  });
});

describe("a database error on one record never costs the others", () => {
  it("stores the rest of the batch and reports the refused record by index", async () => {
    await withRefusingTrigger("items", "item_name", async () => {
      const batch = Array.from({ length: 30 }, (_, i) => ({
        item_id: `dbe-${String(i).padStart(2, "0")}`,
        item_name: i === 7 ? "refuse-me" : `Item ${i}`,
      }));
      const res = await call(items.POST, {
        path: "/data/items",
        token: await tokenFor("advanced"),
        body: { items: batch },
      });
      expect(res.status).toBe(200);
      expect(res.body.received).toBe(30);
      expect(res.body.upserted).toBe(29);
      expect(res.body.errors).toEqual([{ index: 7, detail: "could not be stored: refused by a test trigger" }]);
      const stored = await (await db()).item.count({ where: { item_id: { startsWith: "dbe-" } } });
      expect(stored).toBe(29);
    });
  });

  it("keeps the counter and the customers' lifetime values right when an event is refused", async () => {
    await ingestBatch({ kind: "customers", records: [{ customer_id: "dbe-c1" }, { customer_id: "dbe-c2" }] });
    await withRefusingTrigger("events", "order_id", async () => {
      const batch = Array.from({ length: 12 }, (_, i) => ({
        event_type: "purchase",
        customer_id: i % 2 ? "dbe-c1" : "dbe-c2",
        item_id: `dbe-${i}`,
        order_id: i === 4 ? "refuse-me" : `dbe-o-${i}`,
        quantity: 1,
        price: 10 + i,
        timestamp: "2026-01-05T10:00:00",
      }));
      const res = await call(events.POST, {
        path: "/data/events",
        token: await tokenFor("advanced"),
        body: { events: batch },
      });
      expect(res.status).toBe(200);
      expect(res.body.upserted).toBe(11);
      expect(res.body.errors).toEqual([{ index: 4, detail: "could not be stored: refused by a test trigger" }]);
    });
    for (const c of ["dbe-c1", "dbe-c2"]) {
      const { stored, expected } = await clv(c);
      expect(stored).toBe(expected);
    }
    expect((await clv("dbe-c2")).stored).toBe(10 + 12 + 16 + 18 + 20); // 14 (index 4) refused
    await eventsCounterMatches();
  });

  it("says exactly which records it applied when the database fails part-way", async () => {
    await withRefusingTrigger("items", "item_name", async () => {
      const batch = Array.from({ length: 20 }, (_, i) => ({
        item_id: `pw-${String(i).padStart(2, "0")}`,
        item_name: i === 3 ? "refuse-me" : i === 12 ? "database-down" : `Item ${i}`,
      }));
      const result = await ingestBatch({ kind: "items", records: batch });
      const failed = new Set(result.errors.map((e) => e.index));
      expect(result.errors.find((e) => e.index === 3)?.detail).toBe("could not be stored: refused by a test trigger");
      expect(result.errors.find((e) => e.index === 12)?.detail).toBe(
        "not stored, send it again: the test database went away",
      );
      const stored = new Set(
        (await (await db()).item.findMany({ where: { item_id: { startsWith: "pw-" } } })).map((i) => i.item_id),
      );
      // Every record is either stored or reported, never both, and upserted counts the stored ones.
      for (const [index, record] of batch.entries()) expect(stored.has(record.item_id)).toBe(!failed.has(index));
      expect(result.upserted).toBe(stored.size);
      expect(stored.size).toBeGreaterThan(0);
    });
  });

  it("applies nothing and throws when the database fails before anything was written", async () => {
    await withRefusingTrigger("items", "item_name", async () => {
      const batch = [
        { item_id: "nw-1", item_name: "database-down" },
        { item_id: "nw-2", item_name: "fine" },
      ];
      await expect(ingestBatch({ kind: "items", records: batch })).rejects.toThrow("the test database went away");
      expect(await (await db()).item.count({ where: { item_id: { startsWith: "nw-" } } })).toBe(0);
    });
  });
});

describe("events without event_id", () => {
  const line = (quantity: number, price: number) => ({
    event_type: "purchase",
    customer_id: "ol-c",
    item_id: "ol-item",
    order_id: "ol-order",
    quantity,
    price,
    timestamp: "2026-02-01T12:00:00",
  });

  it("keeps every line of an order with the same item twice, and counts only rows stored", async () => {
    const token = await tokenFor("advanced");
    await ingestBatch({ kind: "customers", records: [{ customer_id: "ol-c" }] });
    const order = [line(2, 4), line(1, 4), line(2, 4)];
    const first = await call(events.POST, { path: "/data/events", token, body: { events: order } });
    expect(first.body).toEqual({ received: 3, upserted: 3, errors: [] });
    const prisma = await db();
    expect(await prisma.event.count({ where: { order_id: "ol-order" } })).toBe(3);
    expect(await clv("ol-c")).toEqual({ stored: 20, expected: 20 });

    // Sent again, in another order too: nothing new is stored and upserted says so.
    const again = await call(events.POST, { path: "/data/events", token, body: { events: [...order].reverse() } });
    expect(again.body).toEqual({ received: 3, upserted: 0, errors: [] });
    const dup = await call(events.POST, { path: "/data/events", token, body: { events: [line(1, 4), line(1, 4)] } });
    // The second identical line is new (position 1), the first is the stored one.
    expect(dup.body.upserted).toBe(1);
    expect(await prisma.event.count({ where: { order_id: "ol-order" } })).toBe(4);
    expect(await clv("ol-c")).toEqual({ stored: 24, expected: 24 });
    await eventsCounterMatches();
  });

  it("does not store again an event kept under the old key", async () => {
    const old = ZEventInput.parse({ ...line(5, 2), customer_id: "ol-old", order_id: "ol-old-order" });
    const { sql } = await getDatabase();
    await sql.query(
      `INSERT INTO events (dedupe_key, event_type, customer_id, item_id, quantity, price, "timestamp", order_id)
       VALUES ($1, 'purchase', 'ol-old', 'ol-item', 5, 2, $2, 'ol-old-order')`,
      [legacyDedupeKey(old), old.timestamp.toISOString()],
    );
    await countEvents(sql, 1); // as the version that stored it did
    const res = await ingestBatch({
      kind: "events",
      records: [
        { ...line(5, 2), customer_id: "ol-old", order_id: "ol-old-order" },
        { ...line(1, 9), customer_id: "ol-old", order_id: "ol-old-order" },
      ],
    });
    // The first line is the stored one; the second (dropped by the old key) is new.
    expect(res).toEqual({ received: 2, upserted: 1, errors: [] });
    expect(await (await db()).event.count({ where: { order_id: "ol-old-order" } })).toBe(2);
  });
});

describe("concurrent event batches", () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    "never deadlock on PostgreSQL when they overlap (50 rounds), and keep the lifetime values right",
    async () => {
      const buyers = Array.from({ length: 30 }, (_, i) => `cc-${String(i).padStart(2, "0")}`);
      await ingestBatch({ kind: "customers", records: buyers.map((customer_id) => ({ customer_id })) });
      let seed = 7;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const shuffle = <T>(list: T[]) => {
        const out = [...list];
        for (let i = out.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [out[i], out[j]] = [out[j] as T, out[i] as T];
        }
        return out;
      };
      let stored = 0;
      for (let round = 0; round < 50; round++) {
        const pool = Array.from({ length: 80 }, (_, i) => ({
          ...(i % 3 === 0 ? { event_id: `cc-${round}-${i}` } : {}),
          event_type: "purchase",
          customer_id: buyers[Math.floor(random() * buyers.length)],
          item_id: `cc-item-${i % 7}`,
          order_id: `cc-o-${round}-${i % 11}`,
          quantity: 1 + (i % 3),
          price: 1 + (i % 5),
          timestamp: `2026-03-${String(1 + (round % 28)).padStart(2, "0")}T10:${String(i % 60).padStart(2, "0")}:00`,
        }));
        // Even rounds: 30 events in both batches; odd rounds: none, only the same customers.
        const overlap = round % 2 === 0 ? 30 : 0;
        const [a, b] = await Promise.all([
          ingestBatch({ kind: "events", records: shuffle(pool.slice(0, 40 + overlap / 2)) }),
          ingestBatch({ kind: "events", records: shuffle(pool.slice(40 - overlap / 2)) }),
        ]);
        expect(a.errors).toEqual([]);
        expect(b.errors).toEqual([]);
        // Each event is stored once and counted by the batch that stored it.
        expect(a.upserted + b.upserted).toBe(80);
        stored += 80;
      }
      const prisma = await db();
      expect(await prisma.event.count({ where: { customer_id: { in: buyers } } })).toBe(stored);
      for (const c of buyers) {
        const { stored: value, expected } = await clv(c);
        expect(value).toBeCloseTo(expected, 6);
      }
      await eventsCounterMatches();
    },
    240_000,
  );
});

/** Each of the CSV test's two imports: both fit in the test's own 300 s. */
const IMPORT_MS = 140_000;

/**
 * `scripts/import.ts items <file>` as a child process (./support/children.ts: killed when the test
 * ends, pass or fail); what it printed.
 */
async function importItems(file: string, databaseUrl: string): Promise<string> {
  const child = spawnScript("scripts/import.ts", ["items", file], {
    env: { ...process.env, LOG_LEVEL: "error", DATABASE_URL: databaseUrl },
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the import of ${file} took over ${IMPORT_MS} ms`)), IMPORT_MS);
    const done = (c: number | null) => {
      clearTimeout(timer);
      resolve(c);
    };
    if (child.process.exitCode !== null) done(child.process.exitCode);
    else child.process.once("exit", done);
  });
  expect(code, child.lines.join("\n")).toBe(0);
  return child.lines.join("\n");
}

describe("CSV import", () => {
  it("merges attribute, category and description columns into the stored lists; a blank cell keeps the value", async () => {
    const database = await getDatabase();
    const dir = await mkdtemp(path.join(tmpdir(), "lumen-csv-"));
    const importCsv = async (name: string, csv: string) => {
      const file = path.join(dir, name);
      await writeFile(file, csv);
      return importItems(file, database.url);
    };
    try {
      await importCsv(
        "first.csv",
        [
          "item_id,item_name,attribute_color,attribute_size,category_level_0,category_level_1,description,description_cs",
          "csv-1,Lamp,red,L,Home,Lamps,A lamp,Lampa",
          "csv-2,Chair,oak,M,Home,Chairs,A chair,Židle",
        ].join("\n"),
      );
      const out = await importCsv(
        "second.csv",
        [
          "item_id,attribute_color,attribute_size,attribute_material,category_level_1,description",
          "csv-1,blue,,brass,Desk lamps,",
          "csv-2,,,,,A sturdy chair",
        ].join("\n"),
      );
      expect(out).toContain("upserted  2");
      const rows = await (await db()).item.findMany({
        where: { item_id: { startsWith: "csv-" } },
        orderBy: { item_id: "asc" },
      });
      const [lamp, chair] = rows;
      expect(lamp).toMatchObject({
        item_name: "Lamp",
        attributes: [
          { attribute_name: "attribute_color", attribute_value: "blue" },
          { attribute_name: "attribute_size", attribute_value: "L" },
          { attribute_name: "attribute_material", attribute_value: "brass" },
        ],
        categories: [
          { category_level: "category_level_0", category_name: "Home", category_type: "" },
          { category_level: "category_level_1", category_name: "Desk lamps", category_type: "" },
        ],
        descriptions: [
          { description_language: "", description_value: "A lamp" },
          { description_language: "cs", description_value: "Lampa" },
        ],
      });
      expect(chair).toMatchObject({
        item_name: "Chair",
        attributes: [
          { attribute_name: "attribute_color", attribute_value: "oak" },
          { attribute_name: "attribute_size", attribute_value: "M" },
        ],
        categories: [
          { category_level: "category_level_0", category_name: "Home", category_type: "" },
          { category_level: "category_level_1", category_name: "Chairs", category_type: "" },
        ],
        descriptions: [
          { description_language: "", description_value: "A sturdy chair" },
          { description_language: "cs", description_value: "Židle" },
        ],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
