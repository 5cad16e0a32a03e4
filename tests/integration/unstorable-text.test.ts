/**
 * Text no column can store (a NUL character, an unpaired UTF-16 surrogate) in a path parameter,
 * query or body is refused with 422 at the field (lib/http/body.ts), before it reaches the
 * database, which answered with an error of its own: a 500 (found by fuzz-routes.test.ts: a NUL in
 * a strategy id, a NUL in the token grant's username). Bulk intake still judges each record alone.
 */
import { describe, expect, it } from "vitest";
import * as token from "@/app/api/latest/auth/token/route";
import * as items from "@/app/api/latest/data/items/route";
import * as positions from "@/app/api/latest/touchpoint-studio/rules/positions/route";
import * as oneStrategy from "@/app/api/latest/touchpoint-studio/rules/strategies/[strategy_id]/route";
import * as strategies from "@/app/api/latest/touchpoint-studio/rules/strategies/route";
import { db } from "@/lib/db/client";
import { call, tokenFor } from "./http";

describe("text the database cannot store", () => {
  it("is refused in a path parameter with 422 naming it (was a 500)", async () => {
    const res = await call(oneStrategy.GET, {
      path: "/touchpoint-studio/rules/strategies/x",
      params: { strategy_id: "strategy-id-\u0000" },
      token: await tokenFor("super"),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ loc: ["path", "strategy_id"], msg: "must not contain NUL characters" }]);
  });

  it("is refused in the token grant's username without touching the throttle (was a 500)", async () => {
    const res = await call(token.POST, {
      path: "/auth/token",
      body: { grant_type: "password", username: "\u0000", password: "whatever-password" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].loc).toEqual(["body", "username"]);
  });

  it("is refused in a query and in a key of a body, with its path", async () => {
    const superToken = await tokenFor("super");
    const listed = await call(strategies.GET, {
      path: "/touchpoint-studio/rules/strategies",
      query: { strategy_type: "a\u0000" },
      token: superToken,
    });
    expect(listed.status).toBe(422);
    // (A URL cannot carry a lone surrogate: it arrives as U+FFFD.)
    expect(listed.body.errors[0]).toEqual({ loc: ["query", "strategy_type"], msg: "must not contain NUL characters" });
    const keyed = await call(positions.POST, {
      path: "/touchpoint-studio/rules/positions",
      body: { position_name: "ok", extra: { "k\u0000": 1 } },
      token: superToken,
    });
    expect(keyed.status).toBe(422);
    expect(keyed.body.errors[0]).toEqual({
      loc: ["body", "extra", "k\u0000"],
      msg: "key must not contain NUL characters",
    });
  });

  it("writes nothing when refused in a create, and a proper pair (an emoji) is kept", async () => {
    const superToken = await tokenFor("super");
    const prisma = await db();
    const before = await prisma.position.count();
    const refused = await call(positions.POST, {
      path: "/touchpoint-studio/rules/positions",
      body: { position_name: "Banner \udc00" },
      token: superToken,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].loc).toEqual(["body", "position_name"]);
    expect(await prisma.position.count()).toBe(before);
    const kept = await call(positions.POST, {
      path: "/touchpoint-studio/rules/positions",
      body: { position_name: "Banner 👩‍👩‍👧‍👦 \u202e" },
      token: superToken,
    });
    expect(kept.status).toBe(201);
    expect(kept.body.position_name).toBe("Banner 👩‍👩‍👧‍👦 \u202e");
  });

  it("still costs bulk intake only the record that holds it", async () => {
    const res = await call(items.POST, {
      path: "/data/items",
      body: {
        items: [
          { item_id: "ok-1", item_name: "Mug" },
          { item_id: "bad-1", item_name: "Mu\u0000g" },
        ],
      },
      token: await tokenFor("advanced"),
    });
    expect(res.status).toBe(200);
    expect(res.body.upserted).toBe(1);
    expect(res.body.errors).toEqual([{ index: 1, detail: "item_name: must not contain NUL characters" }]);
  });
});
