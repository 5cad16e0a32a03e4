/**
 * Messages per second per provider, per process: each send takes the next free slot of its
 * provider (1/rate seconds apart) and waits for it. With several worker processes the rate is
 * per process: the provider sees up to (processes x rate); set the rate accordingly.
 */
import { processWide } from "@/lib/process-wide";

const slots = processWide("provider-rate-slots", () => new Map<string, number>());

/** Waits until `provider` may send again at `perSecond` (0: at once). */
export async function throttle(provider: string, perSecond: number): Promise<void> {
  if (!(perSecond > 0)) return;
  const at = Date.now();
  const slot = Math.max(at, slots.get(provider) ?? 0);
  slots.set(provider, slot + 1000 / perSecond);
  if (slot > at) await new Promise((resolve) => setTimeout(resolve, slot - at));
}

/** Tests: forgets the slots taken. */
export function resetThrottle(): void {
  slots.clear();
}
