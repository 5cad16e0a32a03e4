/**
 * The building blocks of every intake schema (./schemas.ts, ./item-fields.ts): whatever passes
 * them can be stored. PostgreSQL (and PGlite) refuse text with NUL characters and JSON with
 * unpaired UTF-16 surrogates or \u0000, integer columns hold 32 bits, and a purchase's value
 * (quantity x price, summed into the customer's clv_value) must stay a finite float8. A value
 * that could not be stored is refused here, for its record alone, with the field named, instead of
 * failing the batch's statement.
 */
import { z } from "zod";
import { toE164 } from "@/lib/messaging/phone-number";

/** The range of an `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** The largest price or amount taken: quantity (at most 1,000,000) x price stays far from float8's limit. */
export const MAX_AMOUNT = 1_000_000_000_000;

/** How deep a JSON field (custom, additional_item_data) may nest. */
export const MAX_JSON_DEPTH = 32;

export const NUL_MESSAGE = "must not contain NUL characters";
export const SURROGATE_MESSAGE = "must not contain unpaired UTF-16 surrogates";

/** An unpaired surrogate: with the u flag a pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why the database could not store this text, or undefined when it can. */
export function textProblem(value: string): string | undefined {
  if (value.includes("\u0000")) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_MESSAGE;
  return undefined;
}

/** Text the database can store: any string without NUL characters or unpaired surrogates. */
export function storableString() {
  return z.string().superRefine((value, ctx) => {
    const problem = textProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** Storable text of at most `max` characters. */
export function text(max = 2000) {
  return storableString().max(max, `at most ${max} characters`);
}

/** An id: trimmed, 1-200 characters, storable. */
export function intakeId() {
  return z
    .string()
    .trim()
    .min(1, "required")
    .max(200, "at most 200 characters")
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** A whole number that fits the `integer` column (narrowed further by min and max). */
export function int4(min = INT4_MIN, max = INT4_MAX) {
  return z
    .number()
    .int()
    .min(Math.max(min, INT4_MIN), `must be at least ${Math.max(min, INT4_MIN)}`)
    .max(Math.min(max, INT4_MAX), `must be at most ${Math.min(max, INT4_MAX)}`);
}

/** A price or amount: finite, 0 to MAX_AMOUNT. */
export function money() {
  return z
    .number()
    .finite()
    .min(0, "must not be negative")
    .max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT.toLocaleString("en")}`);
}

/**
 * The first value in a JSON document the database could not store (a string or key with NUL or a
 * lone surrogate, nesting deeper than MAX_JSON_DEPTH), with its path. Walks without recursion.
 */
export function jsonProblem(value: unknown): { path: (string | number)[]; message: string } | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof v === "string") {
      const problem = textProblem(v);
      if (problem) return { path, message: problem };
    } else if (v !== null && typeof v === "object") {
      if (path.length >= MAX_JSON_DEPTH) return { path, message: `must not nest deeper than ${MAX_JSON_DEPTH} levels` };
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, i] });
      } else {
        const entries = Object.entries(v);
        for (let i = entries.length - 1; i >= 0; i--) {
          const [key, child] = entries[i] as [string, unknown];
          const problem = textProblem(key);
          if (problem) return { path: [...path, key], message: `key ${problem}` };
          stack.push({ value: child, path: [...path, key] });
        }
      }
    }
  }
  return undefined;
}

/** Adds the JSON check to a schema of a JSON field (jsonb column). */
export function storableJson<T extends z.ZodType>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const problem = jsonProblem(value);
    if (problem) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
  });
}

/**
 * A field value kept with a warning: the record is stored with `value` in its place and the
 * warning is reported by the record's index (takeFieldWarnings, called by ./ingest-batch.ts).
 */
export class FieldWarning {
  constructor(
    readonly value: null,
    readonly message: string,
  ) {}
}

export const INVALID_PHONE_MESSAGE = "not a valid phone number; the customer was kept without one";

/**
 * A phone number, stored in E.164 (`+1 (415) 555-2671` -> `+14155552671`; without a +country
 * code it is read in DEFAULT_PHONE_COUNTRY). One that is no valid number does not refuse the
 * record: the customer is kept with no phone number and the record's index is reported.
 */
export function phoneNumber() {
  return z
    .string()
    .max(100, "at most 100 characters")
    .nullable()
    .transform((value): string | null | FieldWarning => {
      if (value === null || value.trim() === "") return null;
      return (
        toE164(value) ?? new FieldWarning(null, `${INVALID_PHONE_MESSAGE} (${JSON.stringify(value.slice(0, 40))})`)
      );
    });
}

/** Replaces a parsed record's FieldWarning values by their value; the warnings, field named. */
export function takeFieldWarnings(record: Record<string, unknown>): string[] {
  const warnings: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (value instanceof FieldWarning) {
      record[key] = value.value;
      warnings.push(`${key}: ${value.message}`);
    }
  }
  return warnings;
}
