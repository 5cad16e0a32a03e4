import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "./cn";
import { fieldClass } from "./input";

export function Select({
  className,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={cn(fieldClass, "pr-8", className)} {...props} />;
}
