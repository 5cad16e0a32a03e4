/**
 * The live overlay across web processes (lib/recommend/live-share.ts): on PostgreSQL a tracked
 * event or a cookie's move is sent with NOTIFY and applied by the other processes; a process
 * ignores its own; on the embedded database nothing is sent (one thread serves).
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client";
import { clearLive, liveItems } from "@/lib/recommend/live-overlay";
import {
  applyShared,
  flushLive,
  LIVE_CHANNEL,
  liveShareOrigin,
  moveLiveShared,
  recordLiveShared,
  startLiveShare,
  stopLiveShare,
} from "@/lib/recommend/live-share";

const onPostgres = !!process.env.TEST_DATABASE_URL;
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

afterAll(async () => {
  await stopLiveShare();
  clearLive();
});

describe.runIf(onPostgres)("live overlay shared between processes (PostgreSQL)", () => {
  it("applies another process's interaction within a second, and ignores its own", async () => {
    const database = await getDatabase();
    if (database.kind !== "postgres") throw new Error("expected PostgreSQL");
    await startLiveShare(database);
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      const ms = Date.now();
      const send = (origin: string, visitor: string) =>
        other.query("SELECT pg_notify($1, $2)", [
          LIVE_CHANNEL,
          JSON.stringify({ origin, changes: [{ t: "r", v: visitor, i: "item-1", k: "purchase", ms }] }),
        ]);
      await send("another-process", "live-share-c1");
      expect(await until(() => liveItems("live-share-c1")?.[0]?.itemId === "item-1", 1000)).toBe(true);

      await send(liveShareOrigin(), "live-share-c2");
      await send("another-process", "live-share-c3"); // sent after: once it is here, c2 was passed over
      expect(await until(() => liveItems("live-share-c3") !== undefined)).toBe(true);
      expect(liveItems("live-share-c2")).toBeUndefined();
    } finally {
      await other.end();
    }
  });

  it("sends its own interactions and cookie moves, gathered into one notification", async () => {
    const database = await getDatabase();
    if (database.kind !== "postgres") throw new Error("expected PostgreSQL");
    const listener = new pg.Client({ connectionString: database.url });
    const heard: string[] = [];
    listener.on("notification", (m) => m.payload && heard.push(m.payload));
    await listener.connect();
    await listener.query(`LISTEN ${LIVE_CHANNEL}`);
    try {
      recordLiveShared(database, { v: "cookie:ls-1", i: "item-2", k: "view", ms: Date.now() });
      moveLiveShared(database, "cookie:ls-1", "live-share-c4");
      // Here at once, without waiting for the notification.
      expect(liveItems("live-share-c4")?.map((i) => i.itemId)).toEqual(["item-2"]);
      await flushLive();
      expect(await until(() => heard.length > 0)).toBe(true);
      const envelope = JSON.parse(heard[0]!);
      expect(envelope.origin).toBe(liveShareOrigin());
      expect(envelope.changes).toEqual([
        expect.objectContaining({ t: "r", v: "cookie:ls-1", i: "item-2", k: "view" }),
        { t: "m", from: "cookie:ls-1", to: "live-share-c4" },
      ]);
      // What another process does with it: the customer has the cookie's view.
      clearLive();
      expect(applyShared(heard[0]!.replace(liveShareOrigin(), "elsewhere"))).toBe(2);
      expect(liveItems("live-share-c4")?.map((i) => i.itemId)).toEqual(["item-2"]);
    } finally {
      await listener.end();
    }
  });
});

describe.runIf(!onPostgres)("live overlay on the embedded database", () => {
  it("records here and sends nothing (one thread serves)", async () => {
    const database = await getDatabase();
    await startLiveShare(database); // nothing to listen to
    recordLiveShared(database, { v: "live-share-e1", i: "item-3", k: "view", ms: Date.now() });
    expect(liveItems("live-share-e1")?.map((i) => i.itemId)).toEqual(["item-3"]);
    await expect(flushLive()).resolves.toBeUndefined();
  });
});
