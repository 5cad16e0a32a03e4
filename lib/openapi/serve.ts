/**
 * The document as served: public (it describes the API and reveals no data, so tools can import it
 * by URL), as JSON or YAML, with an ETag (a hash of the text) and a short cache lifetime, so a
 * tool polling it gets 304 until the code changes.
 */
import { createHash } from "node:crypto";
import { stringify } from "yaml";
import { openApiDocument } from "./document";

type Format = "json" | "yaml";
const CONTENT_TYPES: Record<Format, string> = { json: "application/json", yaml: "application/yaml; charset=utf-8" };
const texts = new Map<Format, { body: string; etag: string }>();

function textOf(format: Format) {
  let text = texts.get(format);
  if (!text) {
    const doc = openApiDocument();
    const body = format === "json" ? JSON.stringify(doc) : stringify(doc, { aliasDuplicateObjects: false });
    text = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    texts.set(format, text);
  }
  return text;
}

export function serveDocument(request: Request, format: Format): Response {
  const { body, etag } = textOf(format);
  const headers = {
    "content-type": CONTENT_TYPES[format],
    "cache-control": "public, max-age=300, must-revalidate",
    etag,
    // Any site's tools may read it (Swagger UI elsewhere, a browser-based client generator).
    "access-control-allow-origin": "*",
  };
  const seen = request.headers.get("if-none-match");
  if (seen?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { headers });
}
