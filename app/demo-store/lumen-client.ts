/** The tracking snippet's window.lumen as the demo store's client parts use it (once the widgets' script ran). */
import type { Lumen } from "@/lib/sdk/lumen";

export function lumen(): Lumen | undefined {
  return typeof window === "undefined" ? undefined : (window as { lumen?: Lumen }).lumen;
}

/** Runs `fn` with window.lumen now, or when the script says it is ready. */
export function whenLumen(fn: (l: Lumen) => void): () => void {
  const now = lumen();
  if (now) {
    fn(now);
    return () => {};
  }
  const ready = () => {
    const l = lumen();
    if (l) fn(l);
  };
  document.addEventListener("lumen:ready", ready, { once: true });
  return () => document.removeEventListener("lumen:ready", ready);
}
