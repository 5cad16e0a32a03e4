/**
 * Reads until `done` holds, every `everyMs`; a read that throws (a host not up yet) is tried again.
 * Past `ms` it throws, naming `what` with the last value and error read.
 */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms: number,
  what: string,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await read();
      if (done(last)) return last;
    } catch (e) {
      error = e;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not reached in ${ms} ms (last ${JSON.stringify(last)}, ${error})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
