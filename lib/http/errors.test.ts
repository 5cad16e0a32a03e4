import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, errorBody, toApiError, zodFieldErrors } from "./errors";

class PrismaClientKnownRequestError extends Error {
  constructor(
    readonly code: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super("prisma says something internal");
  }
}

describe("error mapping", () => {
  it("maps zod issues to loc paths", () => {
    const schema = z.object({ rules: z.array(z.object({ rule_type: z.enum(["a", "b"]) })) });
    const parsed = schema.safeParse({ rules: [{ rule_type: "c" }] });
    expect(parsed.success).toBe(false);
    const errors = zodFieldErrors(parsed.error!, ["body"]);
    expect(errors[0]!.loc).toEqual(["body", "rules", 0, "rule_type"]);
  });

  it("maps Prisma known errors by code, never echoing the message", () => {
    const dup = toApiError(new PrismaClientKnownRequestError("P2002", { target: ["email"] }));
    expect(dup?.status).toBe(409);
    expect(dup?.detail).toContain("email");
    expect(dup?.detail).not.toContain("internal");
    expect(toApiError(new PrismaClientKnownRequestError("P2025"))?.status).toBe(404);
    expect(toApiError(new PrismaClientKnownRequestError("P9999"))).toBeUndefined();
    expect(toApiError(new Error("boom"))).toBeUndefined();
  });

  it("renders the envelope, errors only for validation", () => {
    expect(errorBody(new ApiError(404, "not_found", "No such thing."))).toEqual({
      detail: "No such thing.",
      code: "not_found",
    });
    const body = errorBody(new ApiError(422, "validation_error", "Bad.", [{ loc: ["body", "x"], msg: "required" }]));
    expect(body.errors).toEqual([{ loc: ["body", "x"], msg: "required" }]);
  });
});
