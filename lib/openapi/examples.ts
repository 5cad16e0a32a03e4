/**
 * The document's examples: a request body and an answer per success status, taken from a real run
 * (the integration tests' recorded answers, scripts/openapi-examples.ts writes ./examples.json)
 * and checked against their schemas by lib/openapi/examples.test.ts, so they cannot drift.
 */
import examples from "./examples.json";

export interface OperationExamples {
  request?: unknown;
  responses: Record<string, unknown>;
  /** Per status, the media type of an answer that is a file (text: CSV, YAML); default application/json. */
  responseMedia?: Record<string, string>;
}

/** "<METHOD> <documented path>" -> its examples. */
export const EXAMPLES = examples as Record<string, OperationExamples>;

interface Media {
  example?: unknown;
}
interface DocOperation {
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { $ref?: string; content?: Record<string, Media> }>;
}

/**
 * Puts each example on its operation: the request on every media type the body may be sent as
 * (JSON, a form, text/plain: one schema), an answer on its media type.
 */
export function attachExamples(paths: Record<string, Record<string, DocOperation> | undefined>): void {
  for (const [key, example] of Object.entries(EXAMPLES)) {
    const [method = "", path = ""] = key.split(" ");
    const operation = paths[path]?.[method.toLowerCase()];
    if (!operation) continue;
    if (example.request !== undefined) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) media.example = example.request;
    }
    for (const [status, value] of Object.entries(example.responses)) {
      const type = example.responseMedia?.[status] ?? "application/json";
      const media = operation.responses?.[status]?.content?.[type];
      if (media) media.example = value;
    }
  }
}
