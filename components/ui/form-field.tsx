import type { ReactNode } from "react";
import { FieldError } from "./field-error";
import { Label } from "./label";

/**
 * Label, control and error of one form field. The control must carry id={id},
 * aria-invalid and aria-describedby={`${id}-error`} (see fieldA11y).
 */
export function FormField({
  id,
  label,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1">{children}</div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function fieldA11y(id: string, error?: string) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  } as const;
}
