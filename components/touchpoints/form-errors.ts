import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiClientError, errorMessage } from "../api/client";

/**
 * Puts a failed request's field errors on the form fields their full loc names
 * (["body", "rules", 0, "positions", 1] -> "rules.0.positions.1"), unlike components/api's
 * applyServerErrors, which keys by the last element and so cannot tell rule 0 from rule 1.
 * An error whose path the form does not show (known(path) false) and any 409 go to the form's
 * root error.
 */
export function applyNestedServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: (path: string) => boolean,
): void {
  const fieldErrors = error instanceof ApiClientError ? error.errors : [];
  const unplaced: string[] = [];
  for (const e of fieldErrors) {
    const loc = e.loc[0] === "body" ? e.loc.slice(1) : e.loc;
    const path = loc.join(".");
    if (path && known(path)) setError(path as Path<T>, { type: "server", message: e.msg });
    else unplaced.push(path ? `${path}: ${e.msg}` : e.msg);
  }
  if (fieldErrors.length === 0) setError("root.server" as Path<T>, { type: "server", message: errorMessage(error) });
  else if (unplaced.length > 0) setError("root.server" as Path<T>, { type: "server", message: unplaced.join("; ") });
}

/** The first message anywhere under a node of react-hook-form's errors (an array's root included). */
export function firstError(node: unknown): string | undefined {
  if (!node || typeof node !== "object") return undefined;
  const record = node as Record<string, unknown>;
  if (typeof record.message === "string" && record.message) return record.message;
  for (const [key, value] of Object.entries(record)) {
    if (key === "ref" || key === "type" || key === "types") continue;
    const found = firstError(value);
    if (found) return found;
  }
  return undefined;
}
