"use client";
/**
 * zod 4 probes once whether the page may compile code (`Function("")`) before its first object
 * parse; under the studio's Content-Security-Policy (no 'unsafe-eval') the probe is refused and
 * reported as a CSP violation. jitless skips the probe, in the browser only: servers keep zod's
 * compiled parsers.
 */
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export function ZodJitless() {
  return null;
}
