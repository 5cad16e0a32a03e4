import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";
import { allOperations } from "./registry";
import { TAGS } from "./tags";

type Response = { $ref?: string; headers?: Record<string, { required?: boolean }> };
const doc = openApiDocument() as unknown as {
  tags: { name: string }[];
  paths: Record<string, Record<string, { tags: string[]; operationId: string; responses: Record<string, Response> }>>;
  components: { responses: Record<string, Response> };
};
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);

describe("the OpenAPI document", () => {
  it("declares every operation's tag, with a description", () => {
    const declared = new Set(TAGS.map((t) => t.name));
    expect(
      allOperations()
        .filter((op) => !declared.has(op.tag))
        .map((op) => `${op.method} ${op.path}`),
    ).toEqual([]);
    expect(doc.tags.map((t) => t.name)).toEqual(TAGS.map((t) => t.name));
  });

  it("documents each operation once: unique operationIds, no trailing slash", () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(doc.paths).filter((p) => p.endsWith("/"))).toEqual([]);
  });

  it("answers X-Request-Id on every response, and Retry-After with 429 and 503", () => {
    for (const { path, method, op } of operations) {
      for (const [status, listed] of Object.entries(op.responses)) {
        const response = listed.$ref ? doc.components.responses[listed.$ref.split("/").pop() ?? ""] : listed;
        expect(response?.headers?.["X-Request-Id"]?.required, `${method} ${path} ${status}`).toBe(true);
        if (status === "429" || status === "503") expect(response?.headers?.["Retry-After"]?.required).toBe(true);
      }
    }
  });

  it("keeps format date-time only where an offset is required (the tracking snippet)", () => {
    const found: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      if ((node as { format?: string }).format === "date-time") found.push(at);
      for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`);
    };
    walk(doc.paths, "");
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((at) => !at.startsWith("//track/events/"))).toEqual([]);
  });
});
