/**
 * The service's notion of "now" where a test needs to move time (export links that expire after
 * six minutes). Production never sets it; tests set a fixed or shifted clock and reset it.
 */
import { processWide } from "@/lib/process-wide";

const slot = processWide("clock", () => ({ offsetMs: 0 }));

export function now(): Date {
  return new Date(Date.now() + slot.offsetMs);
}

/** Tests only: moves this process's clock by ms (0 resets it). */
export function shiftClockForTests(ms: number): void {
  slot.offsetMs = ms === 0 ? 0 : slot.offsetMs + ms;
}
