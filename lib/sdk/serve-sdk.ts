/**
 * GET /sdk.js (and /sdk.d.ts): the tracking snippet as built into ./built.json, cached as
 * lib/http/versioned-asset.ts says (the version in the X-Lumen-SDK-Version header and in
 * window.lumen.version).
 */
import { versionedAsset } from "@/lib/http/versioned-asset";
import built from "./built.json";

export function sdkResponse(request: Request, what: "code" | "types" = "code"): Response {
  return versionedAsset(request, {
    version: built.version,
    body: what === "code" ? built.code : built.types,
    contentType: what === "code" ? "text/javascript; charset=utf-8" : "text/plain; charset=utf-8",
    etagSuffix: what === "types" ? "-d" : "",
    versionHeader: "x-lumen-sdk-version",
  });
}
