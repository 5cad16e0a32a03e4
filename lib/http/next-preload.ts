/**
 * Next (preloadEntriesOnStart) loads every page's and route's module in the background once
 * prepare() returns: seconds of synchronous requires on the thread that answers requests, just
 * after the server starts listening (the responsive bench saw 2-7 s without an answer). The start
 * script waits for that load before it listens instead. Next's own method, reached through the
 * custom server's wrapper; if a Next release moves it, start-up goes on as before (with a warning).
 */
import { log } from "@/lib/log";

interface Preloadable {
  unstable_preloadEntries(): Promise<void>;
}

export async function preloadNextEntries(app: unknown): Promise<void> {
  try {
    const wrapper = (app as { server?: { getServer?: () => Promise<Preloadable> } }).server;
    const server = await wrapper?.getServer?.();
    if (typeof server?.unstable_preloadEntries !== "function") throw new Error("no unstable_preloadEntries");
    await server.unstable_preloadEntries();
  } catch (error) {
    log.warn("could not preload the app's routes before listening; the first requests load them", { error });
  }
}
