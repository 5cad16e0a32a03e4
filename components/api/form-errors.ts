import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiClientError, errorMessage } from "./client";

/**
 * Puts a failed request's field errors next to the form's fields (errors[].loc's last element is
 * the field name). Whatever names no field of the form goes to the form's root error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  const byField = error instanceof ApiClientError ? error.fieldErrors : {};
  let placed = false;
  for (const field of fields) {
    const message = byField[field];
    if (message) {
      setError(field, { type: "server", message });
      placed = true;
    }
  }
  if (!placed) setError("root.server", { type: "server", message: errorMessage(error) });
}
