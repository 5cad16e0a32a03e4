import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";

const description =
  "Public: it describes the API and reveals no data, so tools import it by URL. Answers ETag (304 to a matching If-None-Match) and may be cached 5 minutes.";
const answerHeaders = {
  ETag: "The document's version: send it as If-None-Match to get 304 while it is the same",
  "Cache-Control": "public, max-age=300, must-revalidate",
};
const headers = z.object({
  "If-None-Match": z.string().optional().describe("The ETag of an earlier answer: 304 while the document is the same"),
});

export const openApiOp = defineOperation({
  method: "GET",
  path: "/openapi.json",
  tag: "Reference",
  summary: "This OpenAPI 3.1 document (JSON)",
  description,
  auth: "public",
  headers,
  response: z.record(z.string(), z.unknown()),
  answerHeaders,
  errors: [304],
});

export const openApiYamlOp = defineOperation({
  method: "GET",
  path: "/openapi.yaml",
  tag: "Reference",
  summary: "This OpenAPI 3.1 document (YAML)",
  description,
  auth: "public",
  headers,
  response: z.string(),
  fileTypes: ["application/yaml"],
  answerHeaders,
  errors: [304],
});
