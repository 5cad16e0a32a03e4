/**
 * Ties each resource's answer to its request shape (./components.ts names the pairs): an answer's
 * field that is a plain string where the request's is an enum gets the request's enum (the server
 * only stores what the request allowed, so a client can send back what it read without a cast),
 * and a field only the server sets (ids, dates, counts) is marked readOnly.
 */
import { RESOURCES } from "./components";

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  readOnly?: boolean;
  anyOf?: Schema[];
}

const isPlainString = (s: Schema | undefined) => s?.type === "string" && !s.enum && !s.$ref;

/** The enum of a request field: itself, an array's items, or the non-null branch of a nullable. */
function enumOf(s: Schema | undefined): { enum: unknown[]; array: boolean } | undefined {
  if (!s) return undefined;
  if (s.enum) return { enum: s.enum, array: false };
  if (s.type === "array" && s.items?.enum) return { enum: s.items.enum, array: true };
  const branch = s.anyOf?.find((b) => b.enum);
  return branch?.enum ? { enum: branch.enum, array: false } : undefined;
}

export function refineResources(schemas: Record<string, Schema>): void {
  for (const { id, input } of RESOURCES) {
    const output = schemas[`${id}Output`] ?? schemas[id];
    const request = input ? (schemas[input] ?? schemas[`${input}Output`]) : undefined;
    if (!output?.properties || !request?.properties) continue;
    for (const [name, field] of Object.entries(output.properties)) {
      const asked = request.properties[name];
      if (!asked) {
        field.readOnly = true;
        continue;
      }
      const shared = enumOf(asked);
      if (!shared) continue;
      if (!shared.array && isPlainString(field)) field.enum = shared.enum;
      if (shared.array && field.type === "array" && isPlainString(field.items)) field.items!.enum = shared.enum;
      const nullable = field.anyOf?.find(isPlainString);
      if (!shared.array && nullable) nullable.enum = shared.enum;
    }
  }
}
