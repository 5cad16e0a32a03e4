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

/** The value as the schema reads it, or 422 naming each offending field under `loc`. */
export function validate(schema: z.ZodType | undefined, value: unknown, loc: Loc): unknown {
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, loc));
  return parsed.data;
}

/** A request body validated against its operation's schema, for operations declared `rawBody`. */
export function validateBody(op: Pick<Operation, "body">, value: unknown): unknown {
  return validate(op.body, value, ["body"]);
}
