"use client";
import { type HTMLAttributes, useEffect, useRef, useState } from "react";
import { cn } from "./cn";

/**
 * A box that scrolls sideways. While its content is wider than it, it is a Tab stop of its own
 * so the keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable); when all of
 * it shows, it is not.
 */
export function ScrollBox({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={scrolls ? 0 : undefined}
      className={cn("overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600", className)}
      {...props}
    />
  );
}
