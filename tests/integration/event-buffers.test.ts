/**
 * The in-memory buffers of impression counts and search events lose nothing when the database
 * fails: content and search requests run through the real route handlers while the tables they
 * write are taken away for a few seconds (renamed: every write fails, as when the database is
 * away or being migrated); once they are back, every impression and every search event of an
 * answered request is stored exactly once, and no request failed meanwhile.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as items from "@/app/api/latest/data/items/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import { getDatabase } from "@/lib/db/client";
import { startWorkers } from "@/lib/jobs/registry";
import { flushImpressions, impressionBufferStats } from "@/lib/recommend/impressions";
import { flushSearchEvents, searchEventBufferStats } from "@/lib/search/record-search";
import { call, tokenFor } from "./http";
import { liveCarousel, liveTouchpoint, searchStrategyBody } from "./studio";

let token: string;
let carouselId: string;
let searchId: string;

const contentOf = (id: string, query: Record<string, string> = {}) =>
  call(content.GET, {
    path: `/touchpoint-studio/touchpoints/${id}/content`,
    params: { touchpoint_id: id },
    token,
    query,
  });

async function eventually(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await getDatabase()).sql.query<T>(text, params);
}

describe("buffered impressions and search events", () => {
  beforeAll(async () => {
    token = await tokenFor("advanced");
    await startWorkers({ concurrency: 1 });
    const catalog = [
      { item_id: "EB-MUG", item_name: "Blue Enamel Mug", product_price: 6, stock: 5 },
      { item_id: "EB-LAMP", item_name: "Table Lamp", product_price: 45, stock: 5 },
      { item_id: "EB-SOFA", item_name: "Leather Sofa", product_price: 900, stock: 5 },
    ];
    const added = await call(items.POST, { path: "/data/items", token, body: { items: catalog } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    carouselId = await liveCarousel(
      token,
      "Buffer carousel",
      [
        {
          rule_type: "selected-products",
          positions: [0, 1],
          values: ["EB-MUG", "EB-LAMP"].map((value) => ({ column_name: "item_id", comparator: "=", value })),
        },
      ],
      2,
    );
    searchId = await liveTouchpoint(token, searchStrategyBody("Buffer search", "item_id", 10), {
      touchpoint_name: "Buffer search",
      touchpoint_type: "smart-search",
      number_of_positions: 0,
    });
    // The search index is built on the first search: before the database goes away.
    expect((await contentOf(searchId, { term: "mug" })).status).toBe(200);
    await flushSearchEvents();
    await flushImpressions();
  });

  it("keeps what it could not write while the tables are away and writes each exactly once after", async () => {
    const before = {
      impressions: impressionBufferStats(),
      searches: await searchEventBufferStats(),
      carousel: await impressionsOf(carouselId),
      search: await impressionsOf(searchId),
    };
    const answered = { carousel: 0, search: 0 };
    const terms: string[] = [];
    const failures: string[] = [];
    let stop = false;
    let n = 0;
    const client = async () => {
      while (!stop) {
        const i = n++;
        if (i % 2 === 0) {
          const res = await contentOf(carouselId);
          if (res.status === 200) answered.carousel++;
          else failures.push(`content ${res.status} ${JSON.stringify(res.body)}`);
        } else {
          const term = `mug ${i}`;
          // Final: each is a search (without it, "mug 1" and "mug 11" would be one visitor's keystrokes).
          const res = await contentOf(searchId, { term, final: "true" });
          if (res.status === 200) {
            answered.search++;
            terms.push(term);
          } else failures.push(`search ${res.status} ${JSON.stringify(res.body)}`);
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    const load = Promise.all([client(), client(), client(), client()]);
    try {
      await new Promise((r) => setTimeout(r, 300));
      // The database fails every write of both buffers: the tables are away.
      await query("ALTER TABLE touchpoint_impressions RENAME TO touchpoint_impressions_away");
      await query("ALTER TABLE events RENAME TO events_away");
      try {
        // Until each buffer has failed to write at least twice (impressions are written every 5 s).
        await eventually(
          "failed writes of both buffers",
          async () =>
            impressionBufferStats().failedWrites >= before.impressions.failedWrites + 2 &&
            (await searchEventBufferStats()).failedWrites >= before.searches.failedWrites + 2,
          30_000,
        );
        expect(impressionBufferStats().buffered).toBeGreaterThan(0);
        expect((await searchEventBufferStats()).buffered).toBeGreaterThan(0);
      } finally {
        await query("ALTER TABLE events_away RENAME TO events");
        await query("ALTER TABLE touchpoint_impressions_away RENAME TO touchpoint_impressions");
      }
      await new Promise((r) => setTimeout(r, 500)); // requests go on after the database is back
    } finally {
      stop = true;
      await load;
    }
    expect(failures).toEqual([]);
    expect(answered.carousel).toBeGreaterThan(0);
    expect(answered.search).toBeGreaterThan(0);

    // Written by the buffers' own retries (no flush asked here).
    await eventually("every impression and search event", async () => {
      const buffered = impressionBufferStats().buffered + (await searchEventBufferStats()).buffered;
      return buffered === 0 && (await impressionsOf(searchId)) - before.search === answered.search;
    });
    expect((await impressionsOf(carouselId)) - before.carousel).toBe(answered.carousel);
    expect((await impressionsOf(searchId)) - before.search).toBe(answered.search);
    const stored = await query<{ term: string; n: number }>(
      `SELECT term, count(*)::int AS n FROM events
       WHERE event_type = 'search' AND touchpoint_id = $1 AND term <> 'mug' GROUP BY term`,
      [searchId],
    );
    expect(stored.filter((r) => r.n !== 1)).toEqual([]); // none twice
    expect(stored.map((r) => r.term).sort()).toEqual([...terms].sort()); // none missing
    expect(impressionBufferStats().dropped).toBe(before.impressions.dropped);
    expect((await searchEventBufferStats()).dropped).toBe(before.searches.dropped);
  }, 120_000);
});

async function impressionsOf(touchpointId: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    "SELECT COALESCE(SUM(impressions), 0)::int AS n FROM touchpoint_impressions WHERE touchpoint_id = $1",
    [touchpointId],
  );
  return row?.n ?? 0;
}
