/**
 * How deep a request's JSON may nest. No operation's schema goes beyond a few levels and the
 * JSON fields stored as they are (custom, additional_item_data) stop at 32 of their own
 * (lib/data/intake-fields.ts), so a body nested deeper than this is refused whole: nothing
 * downstream (validation, logging, a jsonb column) then walks a document a million levels deep.
 */
export const MAX_REQUEST_DEPTH = 64;

type Frame = { keys: (string | number)[]; values: unknown[]; at: number };

/**
 * The path of the first object or array nested deeper than `max` levels (the document itself is
 * level 1), or undefined. Depth first without recursion, so any depth is walked safely.
 */
export function tooDeep(value: unknown, max = MAX_REQUEST_DEPTH): (string | number)[] | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const frames: Frame[] = [frameOf(value)];
  while (frames.length > 0) {
    const top = frames[frames.length - 1]!;
    if (top.at >= top.values.length) {
      frames.pop();
      continue;
    }
    const child = top.values[top.at];
    top.at++;
    if (child === null || typeof child !== "object") continue;
    if (frames.length >= max) return frames.map((f) => f.keys[f.at - 1]!);
    frames.push(frameOf(child));
  }
  return undefined;
}

function frameOf(value: object): Frame {
  if (Array.isArray(value)) return { keys: value.map((_, i) => i), values: value, at: 0 };
  return { keys: Object.keys(value), values: Object.values(value), at: 0 };
}
