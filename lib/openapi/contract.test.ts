import { describe, expect, it } from "vitest";
import { contractChecker } from "./contract";
import { openApiDocument } from "./document";

const check = contractChecker(openApiDocument() as unknown as Parameters<typeof contractChecker>[0]);
const position = {
  position_id: "position-id-0123456789abcdef0123456789abcdef",
  position_name: "Home",
  position_description: "",
  date_created: "2026-03-01T09:30:00",
  date_modified: "2026-03-01T09:30:00",
};
const json = { "content-type": "application/json", "x-request-id": "r-1" };

describe("the contract check", () => {
  it("passes a documented status with its headers and a body of its schema", () => {
    expect(
      check({ method: "POST", path: "/touchpoint-studio/rules/positions", status: 201, headers: json, body: position }),
    ).toEqual([]);
    const error = { detail: "No position has id x.", code: "not_found" };
    expect(
      check({
        method: "DELETE",
        path: "/touchpoint-studio/rules/positions/{position_id}",
        status: 404,
        headers: json,
        body: error,
      }),
    ).toEqual([]);
  });

  it("fails a status the operation does not document", () => {
    const problems = check({
      method: "GET",
      path: "/auth/me",
      status: 418,
      headers: json,
      body: { detail: "x", code: "teapot" },
    });
    expect(problems).toEqual(["GET /auth/me -> 418: status not documented"]);
  });

  it("fails an error code its operation does not list for that status", () => {
    const answer = (code: string) =>
      check({
        method: "DELETE",
        path: "/touchpoint-studio/rules/positions/{position_id}",
        status: 409,
        headers: json,
        body: { detail: "x", code },
      });
    expect(answer("in_use")).toEqual([]);
    expect(answer("already_approved")).toEqual([
      "DELETE /touchpoint-studio/rules/positions/{position_id} -> 409: code already_approved not in its x-error-codes",
    ]);
  });

  it("fails a body that does not match, a missing X-Request-Id and an undocumented path", () => {
    const wrong = { ...position, date_created: "2026-03-01T09:30:00Z" };
    expect(
      check({ method: "POST", path: "/touchpoint-studio/rules/positions", status: 201, headers: json, body: wrong })[0],
    ).toMatch(/body \/date_created must match pattern/);
    expect(
      check({
        method: "POST",
        path: "/touchpoint-studio/rules/positions",
        status: 201,
        headers: { "content-type": "application/json" },
        body: position,
      }),
    ).toEqual(["POST /touchpoint-studio/rules/positions -> 201: documented header X-Request-Id missing"]);
    expect(check({ method: "GET", path: "/nowhere", status: 200, headers: json })).toEqual([
      "GET /nowhere: not in the document",
    ]);
  });

  it("knows a 429's Retry-After and an enum the request shape declares", () => {
    const limited = { detail: "Too many", code: "rate_limited" };
    const content = "/touchpoint-studio/touchpoints/{touchpoint_id}/content";
    expect(check({ method: "GET", path: content, status: 429, headers: json, body: limited })).toEqual([
      `GET ${content} -> 429: documented header Retry-After missing`,
    ]);
    const touchpoint = {
      touchpoint_id: "touchpoint-id-0123456789abcdef0123456789abcdef",
      touchpoint_name: "Home carousel",
      touchpoint_type: "smart-recommender",
      touchpoint_subtype: "",
      author: "marketer@example.com",
      channel: "website",
      position: position.position_id,
      default_strategy: "strategy-id-0123456789abcdef0123456789abcdef",
      strategies: [],
      number_of_positions: 4,
      is_draft: false,
      is_active: true,
      is_ready: true,
      is_calculating: false,
      is_using_fallback: false,
      calculation_error: null,
      date_created: "2026-03-01T09:30:00",
      date_modified: "2026-03-01T09:30:00",
    };
    const get = (body: unknown) =>
      check({
        method: "GET",
        path: "/touchpoint-studio/rules/touchpoints/{touchpoint_id}",
        status: 200,
        headers: json,
        body,
      });
    expect(get(touchpoint)).toEqual([]);
    expect(get({ ...touchpoint, touchpoint_type: "no-such-type" })[0]).toMatch(
      /body \/touchpoint_type must be equal to one of/,
    );
  });
});
