import { handle } from "@/lib/http/handler";
import { openApiOp } from "@/lib/openapi/operations";
import { serveDocument } from "@/lib/openapi/serve";

export const GET = handle(openApiOp, ({ request }) => serveDocument(request, "json"));
