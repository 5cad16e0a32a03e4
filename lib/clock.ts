/**
 * The service's notion of "now" where a test needs to move time (export links that expire after
 * six minutes). Production never sets it; tests set a fixed or shifted clock and reset it.
 */
import { processWide } from "@/lib/process-wide";

const slot = processWide(
  "clock",
  (): { offsetMs: number; platformNow?: () => number; PlatformDate?: DateConstructor } => ({ offsetMs: 0 }),
);

export function now(): Date {
  return new Date(Date.now() + slot.offsetMs);
}

/** Tests only: moves this process's clock by ms (0 resets it). */
export function shiftClockForTests(ms: number): void {
  slot.offsetMs = ms === 0 ? 0 : slot.offsetMs + ms;
}

/**
 * Milliseconds since the epoch, as Date.now() gives them: for the request path, which reads the
 * clock a dozen times per request (caches' ages, the log's time, rate-limit windows, the rules'
 * day). Next's server replaces the global Date (node-environment-extensions/date.js) with one
 * whose now() first asks two AsyncLocalStorages whether a prerender is running: about 3% of a
 * personal content answer (CPU profile of serving-scale). The custom server (scripts/start.ts)
 * keeps node's own Date.now before Next starts (pinPlatformClock); everywhere else (tests with
 * fake timers, Next's own build) this is Date.now() read at the call.
 */
export function wallMs(): number {
  const platformNow = slot.platformNow;
  return platformNow === undefined ? Date.now() : platformNow();
}

/**
 * wallMs() as a Date, made by node's own Date once pinned: Next's replacement constructs through
 * Reflect.construct with its checks (about 1% of a personal content answer, which makes one).
 */
export function wallDate(): Date {
  const PlatformDate = slot.PlatformDate;
  return PlatformDate === undefined ? new Date(Date.now()) : new PlatformDate(wallMs());
}

/** The custom server, before Next's server is made: wallMs() and wallDate() read node's own clock from then on. */
export function pinPlatformClock(): void {
  slot.platformNow ??= Date.now;
  slot.PlatformDate ??= Date;
}

/** Tests only: wallMs() and wallDate() back to Date read at each call. */
export function unpinPlatformClockForTests(): void {
  slot.platformNow = undefined;
  slot.PlatformDate = undefined;
}
