/**
 * Answers' bytes, written into shared slabs of 1 MB as node's pool does for strings under 4 KB: a
 * personal content answer (about 6 KB) then costs no ArrayBuffer of its own. A slab is never
 * written twice: a full one is left to the answers still holding parts of it, and freed with the
 * last.
 */
const SLAB_BYTES = 1 << 20;
/** Larger answers get a buffer of their own. */
const OWN_ABOVE = SLAB_BYTES / 16;
let slab = Buffer.allocUnsafe(SLAB_BYTES);
let slabUsed = 0;

/** Room for `most` bytes: in the slab (at `start`), or a buffer of their own. */
function room(most: number): { buffer: Buffer; start: number } {
  if (most > OWN_ABOVE) return { buffer: Buffer.allocUnsafe(most), start: 0 };
  if (slabUsed + most > SLAB_BYTES) {
    slab = Buffer.allocUnsafe(SLAB_BYTES);
    slabUsed = 0;
  }
  return { buffer: slab, start: slabUsed };
}

/** Marks the slab's bytes up to `end` used (8-byte aligned), when `buffer` is the slab. */
function used(buffer: Buffer, end: number): void {
  if (buffer === slab) slabUsed = (end + 7) & ~7;
}

/** A text's UTF-8 bytes, encoded in one pass (Buffer.from counts the bytes first). */
export function encoded(text: string): Buffer {
  const most = text.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 code unit
  if (most > OWN_ABOVE) return Buffer.from(text, "utf8");
  const { buffer, start } = room(most);
  const length = buffer.write(text, start, "utf8");
  used(buffer, start + length);
  return buffer.subarray(start, start + length);
}

/**
 * A body put together from pieces, most of them encoded already (each item's view in a content
 * answer): copied one after the other, with no string made of the whole and no encoding of it.
 * Written synchronously, from new() to done(), with at most `most` bytes.
 */
export class BodyBytes {
  readonly #buffer: Buffer;
  readonly #start: number;
  readonly #end: number;
  #at: number;
  constructor(most: number) {
    const { buffer, start } = room(most);
    this.#buffer = buffer;
    this.#start = start;
    this.#at = start;
    this.#end = start + most;
  }
  /** Bytes encoded already. */
  put(bytes: Uint8Array): void {
    if (this.#at + bytes.length > this.#end) throw new RangeError("an answer's bytes past the room taken for them");
    this.#buffer.set(bytes, this.#at);
    this.#at += bytes.length;
  }
  /** A text of ASCII characters only (numbers, JSON punctuation). */
  ascii(text: string): void {
    if (this.#at + text.length > this.#end) throw new RangeError("an answer's bytes past the room taken for them");
    for (let i = 0; i < text.length; i++) this.#buffer[this.#at++] = text.charCodeAt(i);
  }
  /** Any text, as UTF-8 (at most three bytes per UTF-16 unit counted in `most`). */
  text(text: string): void {
    if (this.#at + text.length * 3 > this.#end) throw new RangeError("an answer's bytes past the room taken for them");
    this.#at += this.#buffer.write(text, this.#at, "utf8");
  }
  done(): Buffer {
    used(this.#buffer, this.#at);
    return this.#buffer.subarray(this.#start, this.#at);
  }
}
