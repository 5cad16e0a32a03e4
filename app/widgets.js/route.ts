import { widgetsResponse } from "@/lib/widgets/serve-widgets";

// The widgets are built into lib/widgets/built.json (scripts/build-widgets.ts); nothing here depends on the request but v.
export function GET(request: Request): Response {
  return widgetsResponse(request);
}
