/**
 * A request's query parameters as the object its zod schema reads. Keys are the caller's: a key
 * such as `__proto__`, `constructor` or `toString` must be a parameter like any other, never an
 * object's prototype or a value inherited from one (`?__proto__=a` assigned to a plain object
 * replaces its prototype; `?toString=1` once read Object.prototype.toString as "seen before").
 */

/** Query parameters as an object of own properties; a repeated key becomes an array. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const values = new Map<string, string | string[]>();
  for (const [key, value] of url.searchParams) {
    const seen = values.get(key);
    // push, not a copy per repeat: a URL repeating one key thousands of times stays linear.
    if (seen === undefined) values.set(key, value);
    else if (Array.isArray(seen)) seen.push(value);
    else values.set(key, [seen, value]);
  }
  // fromEntries defines properties (as JSON.parse does): "__proto__" becomes an own key.
  return Object.fromEntries(values);
}
