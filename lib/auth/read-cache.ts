/**
 * The read-through cache of who is behind a credential (lib/auth/resolve-principal.ts) and
 * whether its session is alive (lib/auth/sessions.ts): a value is read from the database at most
 * once per PRINCIPAL_TTL_MS per process; past it the copy read a moment ago answers while a fresh
 * read runs in the background (a busy database never holds a request for it), up to
 * STALE_LIMIT_MS, after which the request waits for the read. A change made through this service
 * deletes the entry, so it applies at once in this process and within PRINCIPAL_TTL_MS and one
 * read in others.
 */
export const PRINCIPAL_TTL_MS = 1000;
const STALE_LIMIT_MS = 30_000;
/** Entries kept; the oldest goes first beyond this. */
export const KEPT = 10_000;

export type Cached<T> = {
  at: number;
  value: Promise<T>;
  settled?: { value: T };
  refreshing?: boolean;
};

export function readThrough<T>(cache: Map<string, Cached<T>>, key: string, read: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
  if (hit && age < PRINCIPAL_TTL_MS) return hit.value;
  if (hit?.settled && age < STALE_LIMIT_MS) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      read().then(
        (value) => {
          if (cache.get(key) === hit)
            cache.set(key, { at: Date.now(), value: Promise.resolve(value), settled: { value } });
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return Promise.resolve(hit.settled.value);
  }
  const value = read();
  const entry: Cached<T> = { at: Date.now(), value };
  cache.set(key, entry);
  value.then(
    (settled) => {
      entry.settled = { value: settled };
    },
    () => {},
  );
  // A failed read is not kept (unless a newer one has taken its place).
  value.catch(() => cache.get(key) === entry && cache.delete(key));
  if (cache.size > KEPT) cache.delete(cache.keys().next().value!);
  return value;
}

/** The value read within PRINCIPAL_TTL_MS, without waiting; undefined when there is none. */
export function freshValue<T>(cache: Map<string, Cached<T>>, key: string): { value: T } | undefined {
  const hit = cache.get(key);
  if (!hit?.settled || Date.now() - hit.at >= PRINCIPAL_TTL_MS) return undefined;
  return hit.settled;
}
