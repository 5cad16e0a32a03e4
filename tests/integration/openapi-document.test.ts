/** The OpenAPI document as served (public, JSON and YAML, ETag) and what issue 24 fixed besides it. */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import * as exportsOf from "@/app/api/latest/customer-studio/audiences/[audience_id]/exports/route";
import * as customers from "@/app/api/latest/data/customers/route";
import * as json from "@/app/api/latest/openapi.json/route";
import * as yaml from "@/app/api/latest/openapi.yaml/route";
import { call, tokenFor } from "./http";

describe("the OpenAPI document", () => {
  it("is public, cached by ETag (304 to If-None-Match), and the same in YAML", async () => {
    const first = await call(json.GET, { path: "/openapi.json" });
    expect(first.status).toBe(200);
    expect(first.body.openapi).toBe("3.1.0");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toContain("public");
    expect(first.headers.get("x-request-id")).toBeTruthy();
    const again = await call(json.GET, { path: "/openapi.json", headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();

    const asYaml = await call(yaml.GET, { path: "/openapi.yaml" });
    expect(asYaml.status).toBe(200);
    expect(asYaml.headers.get("content-type")).toContain("application/yaml");
    expect(parse(asYaml.body as string)).toEqual(first.body);
    expect(asYaml.headers.get("etag")).not.toBe(etag);
  });

  it("names resources, documents aliases once, and lists the guards' statuses with their headers", async () => {
    const doc = (await call(json.GET, { path: "/openapi.json" })).body;
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["Campaign", "Strategy", "Audience", "Touchpoint", "Export", "Error", "Timestamp"]),
    );
    expect(doc.paths["/touchpoint-studio/rules/position"]).toBeUndefined();
    expect(Object.keys(doc.paths["/touchpoint-studio/rules/positions"])).toEqual(["get", "post"]);
    const create = doc.paths["/campaigning-studio/campaignings"].post;
    expect(create.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/CampaignInput");
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "409", "413", "415", "422", "500", "503"]),
    );
    expect(create.responses["201"].headers["X-Request-Id"].required).toBe(true);
    expect(doc.components.responses.TooManyRequests.headers["Retry-After"].required).toBe(true);
    expect(create.parameters.map((p: { name: string }) => p.name)).toContain("Idempotency-Key");
    const approve = doc.paths["/campaigning-studio/campaignings/{campaign_id}/approve"].put;
    expect(approve.parameters.map((p: { name: string }) => p.name)).toContain("If-Match");
    const download = doc.paths["/customer-studio/exports/{export_id}/download"].get.responses["200"].content;
    expect(Object.keys(download)).toEqual([
      "text/csv",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
    expect(doc.components.schemas.Strategy.properties.strategy_id.readOnly).toBe(true);
    expect(doc.components.schemas.Strategy.properties.strategy_type.enum).toContain("smart-recommender");
  });
});

describe("an audience's exports", () => {
  it("404 for an id no audience or segment has; an empty list for a segment without exports", async () => {
    const token = await tokenFor("advanced");
    const unknown = await call(exportsOf.GET, {
      path: "/customer-studio/audiences/no-such-audience/exports",
      params: { audience_id: "no-such-audience" },
      token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found");
    const added = await call(customers.POST, {
      path: "/data/customers",
      token,
      body: { customers: [{ customer_id: "oa-1", segment_id: "oa-segment" }] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const empty = await call(exportsOf.GET, {
      path: "/customer-studio/audiences/oa-segment/exports",
      params: { audience_id: "oa-segment" },
      token,
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ exports: [], count: 0 });
  });
});
