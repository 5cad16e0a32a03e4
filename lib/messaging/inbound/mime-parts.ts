/**
 * A small MIME walk for delivery and feedback reports: mailparser folds the machine-readable
 * parts of a multipart/report (message/delivery-status, message/feedback-report) into the text,
 * so the report's parts are read here as they are, each with its content type and decoded body.
 * Nested multiparts are walked; a message/rfc822 part is kept whole (its headers are the original
 * message's).
 */

export interface MimePart {
  /** Lower-cased, without parameters: message/delivery-status, text/rfc822-headers... */
  contentType: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

const MAX_DEPTH = 5;

/**
 * Header lines unfolded; names lower-cased (the first of a repeated header wins). A prototype-less
 * record, so a header named "constructor" or "__proto__" is a header like any other.
 */
export function parseHeaderBlock(block: string): Record<string, string> {
  const headers: Record<string, string> = Object.create(null);
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaderBlock(raw), body: "" };
  return { headers: parseHeaderBlock(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function contentTypeOf(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type = "text/plain", ...rest] = (value ?? "text/plain").split(";");
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf("=");
    if (eq > 0)
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1");
  }
  return { type: type.trim().toLowerCase(), params };
}

function decode(body: string, encoding: string | undefined): string {
  const e = (encoding ?? "").toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (e === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The leaf parts of a message (the message itself when it is not multipart), in order. */
export function mimeParts(raw: string, depth = 0): MimePart[] {
  const { headers, body } = splitEntity(raw);
  const { type, params } = contentTypeOf(headers["content-type"]);
  if (type.startsWith("multipart/") && params.boundary && depth < MAX_DEPTH) {
    const delimiter = `--${params.boundary}`;
    const sections = body.split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    // The preamble before the first delimiter and everything after the closing one are not parts.
    return sections
      .slice(1)
      .filter((s) => !s.startsWith("--"))
      .flatMap((s) => mimeParts(s.replace(/^[ \t]*\r?\n/, ""), depth + 1));
  }
  return [{ contentType: type, params, headers, body: decode(body, headers["content-transfer-encoding"]) }];
}

/**
 * The field groups of a message/delivery-status or message/feedback-report body: header-style
 * fields (names lower-cased) in groups separated by blank lines (RFC 3464: the per-message group,
 * then one per recipient).
 */
export function fieldGroups(body: string): Record<string, string>[] {
  return body
    .split(/\r?\n[ \t]*\r?\n/)
    .map((block) => parseHeaderBlock(block))
    .filter((group) => Object.keys(group).length > 0);
}
