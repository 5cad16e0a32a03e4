import type { HTMLAttributes } from "react";
import { cn } from "./cn";

const tones = {
  slate: "bg-slate-100 text-slate-700 ring-slate-300",
  green: "bg-green-50 text-green-800 ring-green-600/30",
  blue: "bg-blue-50 text-blue-800 ring-blue-600/30",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/30",
  red: "bg-red-50 text-red-800 ring-red-600/30",
  indigo: "bg-indigo-50 text-indigo-800 ring-indigo-600/30",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = "slate", className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
