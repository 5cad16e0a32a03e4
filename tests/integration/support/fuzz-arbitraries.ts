/**
 * fast-check arbitraries for fuzzing the routes (tests/integration/fuzz-routes.test.ts), driven
 * by each operation's zod schemas through their JSON Schema (z.toJSONSchema): values that fit the
 * schema's shape (enums, required keys, bounds), most strings hostile (NUL, lone surrogates, RTL
 * marks, emoji, SQL, HTML, JSON-in-string, path traversal, formulas), and one node of them
 * replaced by something malformed (wrong type, oversized, deeply nested, extra keys).
 */
import fc from "fast-check";
import { z } from "zod";

type Schema = Record<string, unknown>;

/** Strings an attacker or a broken client sends. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "\t\r\n",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\udfff\ud800",
  "\u202eevil\u202c",
  "\u200f\u200e\u061c",
  "\u200b\ufeff",
  "👩‍👩‍👧‍👦",
  "🏳️‍🌈🇬🇧",
  "e\u0301\u0301\u0301",
  "ﷺ",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT pg_sleep(10)",
  "%' AND 1=1 --",
  "\\'",
  "$1",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  '{"$ne": null}',
  '{"__proto__": {"admin": true}}',
  "[1,2,",
  "null",
  "true",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "9".repeat(400),
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "/%00/",
  '=HYPERLINK("http://x","y")',
  "+1 (415) 555-2671",
  "@SUM(A1)",
  "$" + "{jndi:ldap://x/a}",
  "{{7*7}}",
  "{ph_customer.first_name}",
  "0000-00-00T00:00:00",
  "9999-12-31T23:59:59",
  "2024-02-30",
  "-1",
  "2147483648",
  "9007199254740993",
];

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** A hostile string: from the list, any UTF-16 code units (lone surrogates included), or long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 5 },
  { arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.constantFrom("A".repeat(5_000), "é".repeat(70_000), "\u0000".repeat(1_000)), weight: 1 },
);

/** Nested arrays or objects `depth` levels deep. */
const nested = (depth: number, object: boolean): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = object ? { a: value } : [value];
  return value;
};

/** A value of the wrong kind, too large, or nested too deep. */
export const malformedValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -1e308,
    1e308,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
    [],
    {},
    [null],
    { "": "" },
    { __proto__: null, constructor: { prototype: { admin: true } } },
  ),
  fc.constantFrom(nested(40, false), nested(40, true), nested(70, false), nested(3_000, true)),
  fc.constantFrom(
    Array.from({ length: 20_000 }, (_, i) => i),
    Array.from({ length: 2_000 }, () => "x".repeat(100)),
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

function resolve(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const name = ref.split("/").pop()!;
  const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, Schema>;
  return defs[name] ?? {};
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : 200;
  if (typeof schema.pattern === "string") {
    try {
      return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), hostileString);
    } catch {
      // a pattern fast-check cannot read: plain strings
    }
  }
  const formats: Record<string, fc.Arbitrary<string>> = {
    email: fc.oneof(fc.constantFrom("fuzz@example.com", "a+b@example.org"), fc.emailAddress()),
    "date-time": fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 19)),
    uri: fc.webUrl(),
  };
  const fitting = hostileString.filter((s) => s.length >= min && s.length <= max);
  const plain = fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 20)) });
  const format = typeof schema.format === "string" ? formats[schema.format] : undefined;
  return format ? fc.oneof(format, fitting) : fc.oneof(plain, fitting, fitting);
}

/** A value of the schema's shape (most of the time valid, with hostile strings). */
export function shaped(input: Schema, root: Schema = input, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input, root);
  if (depth > 6) return fc.constant(undefined);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      return fc.oneof(...options.map((o) => shaped(o as Schema, root, depth + 1)));
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return shaped(schema.allOf[0] as Schema, root, depth + 1);
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => shaped({ ...schema, type: t }, root, depth)));
  switch (type) {
    case "string":
      return stringFor(schema);
    case "integer": {
      const min = typeof schema.minimum === "number" ? schema.minimum : -1_000;
      const max = typeof schema.maximum === "number" ? schema.maximum : Math.max(min, 0) + 1_000;
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
    }
    case "number": {
      const min = typeof schema.minimum === "number" ? schema.minimum : -1e6;
      const max = typeof schema.maximum === "number" ? schema.maximum : 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = (schema.items ?? {}) as Schema;
      const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
      const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : 3;
      return fc.array(shaped(items, root, depth + 1), {
        minLength,
        maxLength: Math.min(maxItems, Math.max(minLength, 3)),
      });
    }
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const record = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, shaped(s, root, depth + 1)]));
      return fc.record(record, { requiredKeys: required.filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Path = (string | number)[];

function paths(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => void paths(v, [...at, i], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/** `value` with one node (chosen by `pick`) replaced by a malformed value, or with a hostile extra key. */
export function mutate(value: unknown, pick: number, replacement: unknown, extraKey?: string): unknown {
  const all = paths(value);
  const path = all[pick % all.length]!;
  if (extraKey !== undefined && value && typeof value === "object" && !Array.isArray(value)) {
    return { ...(value as object), [extraKey]: replacement };
  }
  return replaceAt(value, path, replacement);
}

/** A schema's value: shaped (one in four) or shaped and then broken in one place. */
export function fuzzed(schema: z.ZodType, options: { brokenOnly?: boolean } = {}): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", cycles: "ref", reused: "inline" });
  const base = shaped(json as Schema);
  const broken = fc
    .tuple(
      base,
      fc.nat(),
      malformedValue,
      fc.option(fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor"))),
    )
    .map(([value, pick, replacement, key]) => mutate(value, pick, replacement, key ?? undefined));
  if (options.brokenOnly) return broken;
  return fc.oneof({ arbitrary: base, weight: 1 }, { arbitrary: broken, weight: 3 });
}

/** Header values a client may send (a header cannot hold NUL, CR, LF or characters above U+00FF). */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.constantFrom("", "x".repeat(300), "' OR 1=1 --", "<script>", "../../etc", "\u00ff\u00fe"),
);

/** Malformed JSON documents (texts a body parser must refuse with 400). */
export const malformedJson = fc.constantFrom(
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  "\ufeff{}",
  "[".repeat(100_000),
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1,"a":2}',
  "1e999",
  "NaN",
  "undefined",
  "",
  "   ",
  "\u0000",
  '"just a string"',
  "null",
  "[]",
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
);
