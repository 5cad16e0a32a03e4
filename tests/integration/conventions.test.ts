import { describe, expect, it } from "vitest";
import * as items from "@/app/api/latest/data/items/route";
import * as segments from "@/app/api/latest/data/segments/route";
import * as openapi from "@/app/api/latest/openapi.json/route";
import * as users from "@/app/api/latest/settings/users/route";
import { call, tokenFor } from "./http";

describe("API conventions", () => {
  it("415 when the body is not JSON", async () => {
    const res = await call(items.POST, {
      path: "/data/items",
      method: "POST",
      token: await tokenFor("super"),
      rawBody: "item_id=1",
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unsupported_media_type");
  });

  it("400 for malformed JSON", async () => {
    const res = await call(items.POST, {
      path: "/data/items",
      method: "POST",
      token: await tokenFor("super"),
      rawBody: '{"items": [',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("malformed_json");
  });

  it("413 above the body limit", async () => {
    const res = await call(users.POST, {
      path: "/settings/users",
      token: await tokenFor("super"),
      body: { email: "big@example.com", password: "x".repeat(1024 * 1024 + 10) },
    });
    expect(res.status).toBe(413);
  });

  it("422 names the field with errors[].loc", async () => {
    const res = await call(users.POST, {
      path: "/settings/users",
      token: await tokenFor("super"),
      body: { email: "not-an-email", role: "boss", password: "long-enough" },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_error");
    const locs = res.body.errors.map((e: { loc: unknown[] }) => e.loc.join("."));
    expect(locs).toEqual(expect.arrayContaining(["body.email", "body.role"]));
  });

  it("409 for a duplicate, and every response carries X-Request-Id", async () => {
    const token = await tokenFor("super");
    const body = { email: "dup@example.com", password: "long-enough-too", role: "user" };
    expect((await call(users.POST, { path: "/settings/users", token, body })).status).toBe(201);
    const again = await call(users.POST, {
      path: "/settings/users",
      token,
      body,
      headers: { "x-request-id": "req-42" },
    });
    expect(again.status).toBe(409);
    expect(again.headers.get("x-request-id")).toBe("req-42");
  });

  it("lists answer {offset, limit, <items>, count} and cap the limit at 100", async () => {
    const token = await tokenFor("user");
    await call(items.POST, { path: "/data/items", token: await tokenFor("super"), body: { items: [] } });
    const first = await call(segments.GET, { path: "/data/segments", token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ offset: 0, limit: 10, count: expect.any(Number) });
    expect(first.body.segments[0]).toMatchObject({ segment_id: "all_customers" });
    const capped = await call(segments.GET, { path: "/data/segments", token, query: { limit: 1000, offset: 0 } });
    expect(capped.body.limit).toBe(100);
    const bad = await call(segments.GET, { path: "/data/segments", token, query: { offset: -1 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].loc).toEqual(["query", "offset"]);
  });

  it("serves the OpenAPI 3.1 document generated from the schemas", async () => {
    const res = await call(openapi.GET, { path: "/openapi.json", token: await tokenFor("user") });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(["/auth/token", "/data/items", "/data/segments"]),
    );
    // Resources are named components, referenced by $ref.
    const itemSchema = JSON.stringify(res.body.paths["/data/items"].post.requestBody);
    expect(itemSchema).toContain("#/components/schemas/ItemInput");
    expect(res.body.components.schemas.ItemInput.properties).toHaveProperty("item_id");
  });
});
