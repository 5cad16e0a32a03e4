/**
 * The errors a form shows: before the first submit, only those of fields the user has left
 * (touched); after it, all. react-hook-form validates a whole field array when one of its items
 * is added or removed, which would flag the fields of a group nobody has typed in yet; this keeps
 * those quiet until they are touched or the form is submitted (WCAG 3.3.1 without the noise).
 */
type Tree = { readonly [key: string]: unknown };

/** A react-hook-form FieldError: `type` and usually `message` (and the field's `ref`). */
function isFieldError(value: unknown): value is { type: unknown; message?: unknown } {
  return typeof value === "object" && value !== null && typeof (value as Tree).type === "string";
}

function prune(errors: unknown, touched: unknown): unknown {
  if (typeof errors !== "object" || errors === null) return undefined;
  if (isFieldError(errors)) return touched === true ? errors : undefined;
  const out: unknown[] | Record<string, unknown> = Array.isArray(errors) ? [] : {};
  let kept = false;
  for (const [key, value] of Object.entries(errors)) {
    const shown = prune(value, typeof touched === "object" && touched !== null ? (touched as Tree)[key] : undefined);
    if (shown === undefined) continue;
    (out as Record<string, unknown>)[key] = shown;
    kept = true;
  }
  return kept ? out : undefined;
}

export function visibleErrors<T extends object>(errors: T, touched: unknown, submitted: boolean): T {
  if (submitted) return errors;
  return (prune(errors, touched) ?? {}) as T;
}
