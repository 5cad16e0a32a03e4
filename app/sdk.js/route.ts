import { sdkResponse } from "@/lib/sdk/serve-sdk";

// The snippet is built into lib/sdk/built.json (scripts/build-sdk.ts); nothing here depends on the request but v.
export function GET(request: Request): Response {
  return sdkResponse(request);
}
