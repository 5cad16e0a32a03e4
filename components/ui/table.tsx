import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "./cn";
import { ScrollBox } from "./scroll-box";

/**
 * A table that scrolls sideways inside its own box on narrow screens instead of widening the page.
 * `relative` keeps absolutely positioned children (sr-only labels) inside the scroll box too; the
 * box takes the focus while it scrolls (./scroll-box.tsx).
 */
export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <ScrollBox className="relative -mx-4 sm:mx-0">
      <table className={cn("min-w-full divide-y divide-slate-200 text-sm", className)} {...props} />
    </ScrollBox>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={cn("px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase", className)}
      {...props}
    />
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("px-3 py-2 align-middle whitespace-nowrap text-slate-700", className)} {...props} />;
}

export function TBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}
