import { describe, expect, it } from "vitest";
import { jsonPointer, schemaValidator } from "./contract";
import { openApiDocument } from "./document";
import { EXAMPLES } from "./examples";

type Media = { example?: unknown; schema?: unknown };
type Op = {
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Op>> };
const validate = schemaValidator(doc as unknown as Parameters<typeof schemaValidator>[0]);
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
);

describe("the document's examples", () => {
  it("each match their schema", () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { key, path, method, op } of operations) {
      const base = jsonPointer("paths", path, method);
      const request = op.requestBody?.content?.["application/json"];
      if (request?.example !== undefined) {
        checked++;
        const error = validate(`${base}/requestBody/content/application~1json/schema`, request.example);
        if (error) problems.push(`${key} request: ${error}`);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.example === undefined) continue;
          checked++;
          const pointer = `${base}/responses/${status}/content/${type.replace(/\//g, "~1")}/schema`;
          const error = validate(pointer, media.example);
          if (error) problems.push(`${key} ${status} ${type}: ${error}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  }, 30_000); // ajv compiles a validator per example's schema: seconds on a busy machine

  it("exist for every operation: its request body and each success answer", () => {
    const missing: string[] = [];
    for (const { key, op } of operations) {
      const request = Object.values(op.requestBody?.content ?? {});
      if (request.length && !request.some((m) => m.example !== undefined)) missing.push(`${key} request`);
      for (const [status, response] of Object.entries(op.responses)) {
        const media = Object.values(response.content ?? {});
        if (!status.startsWith("2") || !media.length) continue;
        if (!media.some((m) => m.example !== undefined)) missing.push(`${key} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("name only operations that exist", () => {
    const known = new Set(operations.map((o) => o.key));
    expect(Object.keys(EXAMPLES).filter((key) => !known.has(key))).toEqual([]);
  });

  it("hold no credentials", () => {
    const text = JSON.stringify(EXAMPLES);
    expect(text).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/); // a JWT
    expect(text).not.toMatch(/pk_[A-Za-z0-9]{16,}/); // a publishable key
  });
});
