import { handle } from "@/lib/http/handler";
import { openApiDocument } from "@/lib/openapi/document";
import { openApiOp } from "@/lib/openapi/operations";

export const GET = handle(openApiOp, async () => openApiDocument() as unknown as Record<string, unknown>);
