import type { HTMLAttributes } from "react";
import { cn } from "./cn";

const tones = {
  error: "bg-red-50 text-red-800 ring-red-200",
  info: "bg-blue-50 text-blue-900 ring-blue-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
} as const;

/** A message box; tone "error" is announced at once (role=alert), the others politely. */
export function Alert({
  tone = "info",
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { tone?: keyof typeof tones }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-md p-3 text-sm ring-1 ring-inset", tones[tone], className)}
      {...props}
    />
  );
}
