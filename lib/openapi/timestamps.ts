/**
 * The API's timestamps in the document: local date-times of the service's TIMEZONE, without an
 * offset (lib/http/timestamps.ts). JSON Schema's `format: date-time` demands an offset, so a
 * validating client would refuse every timestamp the API answers, and flag requests the API takes:
 * they get named string schemas with the pattern instead. Only the tracking snippet's timestamps,
 * which need an offset, keep `format: date-time`.
 */

/** What the API answers: YYYY-MM-DDTHH:MM:SS. */
export const TIMESTAMP = {
  type: "string",
  pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$",
  description: "Local date-time YYYY-MM-DDTHH:MM:SS in the service's TIMEZONE (no offset)",
  examples: ["2026-03-01T09:30:00"],
} as const;

/** What it takes (lib/http/timestamps.ts parseTimestamp): the local form, seconds and a date alone optional, or an explicit offset. */
export const TIMESTAMP_INPUT = {
  type: "string",
  pattern: "^\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,6})?)?(?:Z|[+-]\\d{2}:?\\d{2})?)?$",
  description:
    "Local date-time YYYY-MM-DDTHH:MM:SS in the service's TIMEZONE; a date alone is midnight; an explicit offset (Z, +02:00) is taken as that instant",
  examples: ["2026-03-01T09:30:00", "2026-03-01T09:30:00+01:00"],
} as const;

interface Node {
  type?: unknown;
  format?: string;
  description?: string;
  $ref?: string;
  [key: string]: unknown;
}

const LOCAL = /^(Local date-time|Start \(local date-time|End, exclusive|YYYY-MM-DD or YYYY-MM-DDTHH)/;

/** Rewrites the generated schemas in place, and adds the two named schemas. */
export function nameTimestamps(doc: { components?: { schemas?: Record<string, unknown> } }): void {
  const walk = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    // Arrays too (anyOf branches): their entries are replaced by index.
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const node = child as Node;
      if (node && typeof node === "object" && !Array.isArray(node) && node.type === "string" && isTimestamp(node)) {
        const description = node.description;
        const input = node.format === "date-time" || /offset|date alone|YYYY-MM-DD or/.test(description ?? "");
        (value as Record<string, unknown>)[key] = {
          $ref: `#/components/schemas/${input ? "TimestampInput" : "Timestamp"}`,
          ...(description && !description.startsWith("Local date-time") ? { description } : {}),
        };
      } else walk(child);
    }
  };
  walk(doc);
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Timestamp: TIMESTAMP, TimestampInput: TIMESTAMP_INPUT },
  };
}

/** A local timestamp: described as one, and not the tracking snippet's offset-required date-time. */
function isTimestamp(node: Node): boolean {
  if (!LOCAL.test(node.description ?? "")) return false;
  // Smart search answers the item's dates as stored (another form): left as they are.
  if (node.description?.includes("smart-search only")) return false;
  return node.format === undefined || node.format === "date-time";
}
