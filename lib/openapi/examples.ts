/**
 * The document's examples: a request body and an answer per success status, taken from a real run
 * (the integration tests' recorded answers, scripts/openapi-examples.ts writes ./examples.json)
 * and checked against their schemas by lib/openapi/examples.test.ts, so they cannot drift.
 */
import examples from "./examples.json";

export interface OperationExamples {
  request?: unknown;
  responses: Record<string, unknown>;
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

/** Puts each example on its operation's application/json media objects. */
export function attachExamples(paths: Record<string, Record<string, DocOperation> | undefined>): void {
  for (const [key, example] of Object.entries(EXAMPLES)) {
    const [method = "", path = ""] = key.split(" ");
    const operation = paths[path]?.[method.toLowerCase()];
    if (!operation) continue;
    const requestMedia = operation.requestBody?.content?.["application/json"];
    if (requestMedia && example.request !== undefined) requestMedia.example = example.request;
    for (const [status, value] of Object.entries(example.responses)) {
      const media = operation.responses?.[status]?.content?.["application/json"];
      if (media) media.example = value;
    }
  }
}
