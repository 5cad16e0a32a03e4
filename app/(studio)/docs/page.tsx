import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";
import type { ApiDocument } from "@/components/docs/schema";
import { openApiDocument } from "@/lib/openapi/document";
import { documentedPath } from "@/lib/openapi/paths";
import { allOperations } from "@/lib/openapi/registry";

export const metadata: Metadata = { title: "API reference · Lumen" };

export default function DocsPage() {
  // zod-openapi's own types are wider than what the page reads; ApiDocument names that subset.
  const doc = openApiDocument() as unknown as ApiDocument;
  const operations = allOperations();
  const roles = operations.map((op) => ({
    method: op.method.toLowerCase(),
    path: documentedPath(op, operations),
    auth: op.auth,
  }));
  return <ApiReference doc={doc} declared={roles} />;
}
