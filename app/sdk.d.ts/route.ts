import { sdkResponse } from "@/lib/sdk/serve-sdk";

/** The snippet's types (lib/sdk/lumen.d.ts), for shops' TypeScript projects. */
export function GET(request: Request): Response {
  return sdkResponse(request, "types");
}
