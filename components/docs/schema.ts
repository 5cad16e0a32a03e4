/**
 * The small part of OpenAPI 3.1 / JSON Schema the reference page reads. The document comes from
 * lib/openapi/document.ts (zod-openapi over our own zod schemas), so its shape is known.
 */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

export interface ApiParameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface ApiMedia {
  schema?: JsonSchema;
}

export interface ApiResponse {
  $ref?: string;
  description?: string;
  content?: Record<string, ApiMedia>;
}

export interface ApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: ApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, ApiMedia> };
  responses?: Record<string, ApiResponse>;
}

export interface ApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, ApiOperation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, ApiResponse>;
    securitySchemes?: Record<
      string,
      { type: string; scheme?: string; in?: string; name?: string; description?: string }
    >;
  };
}

/** Name of a `#/components/schemas/<Name>` reference. */
export function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

export function resolve(schema: JsonSchema, doc: ApiDocument): JsonSchema {
  if (!schema.$ref) return schema;
  return doc.components?.schemas?.[refName(schema.$ref)] ?? {};
}

const isNull = (s: JsonSchema) => s.type === "null";

/** `X | null` written by zod as anyOf [X, {type: null}]: the X part and whether null is allowed. */
export function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.some(isNull)) {
    const rest = variants.filter((v) => !isNull(v));
    if (rest.length === 1 && rest[0]) {
      return { schema: { ...rest[0], description: schema.description ?? rest[0].description }, nullable: true };
    }
  }
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    const types = schema.type.filter((t) => t !== "null");
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: false };
}

/** A short readable type: "string (email)", "array of object", "integer", "Error". */
export function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  const { schema: inner, nullable } = unwrapNullable(schema);
  const suffix = nullable ? " or null" : "";
  if (inner !== schema) return typeLabel(inner) + suffix;
  if (inner.oneOf || inner.anyOf) return `one of ${(inner.oneOf ?? inner.anyOf ?? []).length} shapes`;
  const type = Array.isArray(inner.type) ? inner.type.join(" or ") : inner.type;
  if (type === "array") return `array of ${inner.items ? typeLabel(inner.items) : "any"}`;
  if (!type) return inner.properties ? "object" : "any";
  if (type === "object" && !inner.properties && inner.additionalProperties !== undefined) return "object (free-form)";
  return inner.format ? `${type} (${inner.format})` : type;
}

// Zod writes JavaScript's safe-integer limits for z.number().int(); they say nothing to a reader.
const SAFE = 9007199254740991;

/** Constraints worth telling a caller: allowed values, fixed value, bounds, default. */
export function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  const fmt = (v: unknown) => JSON.stringify(v);
  if (schema.const !== undefined) out.push(`always ${fmt(schema.const)}`);
  if (schema.enum) out.push(`one of ${schema.enum.map(fmt).join(", ")}`);
  const chars = (n: number) => `${n.toLocaleString("en")} character${n === 1 ? "" : "s"}`;
  if (schema.minLength !== undefined && schema.minLength > 0) out.push(`at least ${chars(schema.minLength)}`);
  if (schema.maxLength !== undefined) out.push(`at most ${chars(schema.maxLength)}`);
  if (schema.minimum !== undefined && Math.abs(schema.minimum) !== SAFE) out.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && Math.abs(schema.maximum) !== SAFE) out.push(`≤ ${schema.maximum}`);
  const entries = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "entry" : "entries"}`;
  if (schema.minItems !== undefined && schema.minItems > 0) out.push(`at least ${entries(schema.minItems)}`);
  if (schema.maxItems !== undefined) out.push(`at most ${entries(schema.maxItems)}`);
  if (schema.pattern && !schema.format) out.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${fmt(schema.default)}`);
  return out;
}

/** The schema whose fields to list below a field: an object's, or an array's object items'. */
export function nestedObject(schema: JsonSchema, doc: ApiDocument): JsonSchema | undefined {
  if (schema.$ref) return undefined; // named schemas are described once, where they are defined
  const { schema: inner } = unwrapNullable(schema);
  if (inner.properties || inner.oneOf || inner.anyOf) return inner;
  if (inner.items && !inner.items.$ref) {
    const items = unwrapNullable(resolve(inner.items, doc)).schema;
    if (items.properties || items.oneOf) return items;
  }
  return undefined;
}
