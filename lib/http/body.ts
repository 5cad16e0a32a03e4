/**
 * Request bodies: JSON parsing and zod validation with the API's errors. Kept apart from the
 * handler wrapper so a worker thread can parse a body (lib/data/intake-thread) without loading
 * the wrapper's authentication.
 */
import type { z } from "zod";
import { badRequest, type Loc, validationError, zodFieldErrors } from "./errors";
import { MAX_REQUEST_DEPTH, tooDeep } from "./json-depth";
import type { Operation } from "./operation";

/** A JSON request body's value, or 400 malformed_json saying why not (422 when nested too deep). */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") throw badRequest("The request body is empty; send a JSON document.", "malformed_json");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`The request body is not valid JSON: ${(error as Error).message}`, "malformed_json");
  }
  const deep = tooDeep(value);
  if (deep)
    throw validationError([{ loc: ["body", ...deep], msg: `must not nest deeper than ${MAX_REQUEST_DEPTH} levels` }]);
  return value;
}

/**
 * The value as the schema reads it, or 422 naming each offending field under `loc`. Text no
 * column can store (a NUL character or an unpaired UTF-16 surrogate, in a value or a key) is
 * refused first, whatever the schema: PostgreSQL refuses it with an error of its own (a 500), even
 * in a lookup by id, and UTF-8 would turn a lone surrogate into U+FFFD silently.
 */
export function validate(schema: z.ZodType | undefined, value: unknown, loc: Loc): unknown {
  const bad = unstorableText(value);
  if (bad) throw validationError([{ loc: [...loc, ...bad.path], msg: bad.msg }]);
  return parse(schema, value, loc);
}

function parse(schema: z.ZodType | undefined, value: unknown, loc: Loc): unknown {
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, loc));
  return parsed.data;
}

/**
 * A request body validated against its operation's schema, for operations declared `rawBody`:
 * bulk intake judges each record's text itself (lib/data/intake-fields.ts), so one bad record
 * does not refuse the batch.
 */
export function validateBody(op: Pick<Operation, "body">, value: unknown): unknown {
  return parse(op.body, value, ["body"]);
}

const LONE_SURROGATE = /\p{Cs}/u;

function textMessage(text: string): string | undefined {
  if (text.includes("\u0000")) return "must not contain NUL characters";
  if (LONE_SURROGATE.test(text)) return "must not contain unpaired UTF-16 surrogates";
  return undefined;
}

/** The first string or key of a request's value with text no column can store, with its path. */
export function unstorableText(value: unknown): { path: Loc; msg: string } | undefined {
  const stack: { value: unknown; path: Loc }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      const msg = textMessage(v);
      if (msg) return { path, msg };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, i] });
    } else if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const msg = textMessage(key);
        if (msg) return { path: [...path, key], msg: `key ${msg}` };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}
