/**
 * GET /widgets.js: the widgets as built into ./built.json, cached as lib/http/versioned-asset.ts
 * says (the version in X-Lumen-Widgets-Version and lumenWidgets.version).
 */
import { versionedAsset } from "@/lib/http/versioned-asset";
import built from "./built.json";

export const WIDGETS_VERSION = built.version;

export function widgetsResponse(request: Request): Response {
  return versionedAsset(request, {
    version: built.version,
    body: built.code,
    contentType: "text/javascript; charset=utf-8",
    versionHeader: "x-lumen-widgets-version",
  });
}
