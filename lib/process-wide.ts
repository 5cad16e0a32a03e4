/**
 * One value per process, shared by every copy of a module: the start script and the job workers
 * load lib/ through tsx while Next bundles its own copy for the pages and route handlers, so a
 * module-level cache would exist twice and a change made through one copy (a revoked client, a
 * deactivated item) would not be seen by the other. Values live on globalThis under Symbol.for.
 */
export function processWide<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`lumen.${name}`);
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}
