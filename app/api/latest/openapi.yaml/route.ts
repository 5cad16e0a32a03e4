import { handle } from "@/lib/http/handler";
import { openApiYamlOp } from "@/lib/openapi/operations";
import { serveDocument } from "@/lib/openapi/serve";

export const GET = handle(openApiYamlOp, ({ request }) => serveDocument(request, "yaml"));
