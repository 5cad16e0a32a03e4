/**
 * A set of strings numbered 0, 1, 2... in the order they were added, held in typed arrays: the
 * keys' UTF-8 bytes in one growing buffer, an open-addressing hash table of entry numbers beside it.
 *
 * Why not a Map<string, number>: a million customer ids are a million small strings on the
 * JavaScript heap plus a hash table the garbage collector scans on every full collection; with
 * typed arrays the same data is a handful of objects, so collections of the web thread stay short
 * however many customers the shop has (issue 26: no pause over 100 ms). Entries are never removed
 * (the identity index only ever learns ids). Values belong to the caller, in arrays indexed by the
 * entry number (a Growable of ./engine/growable.ts).
 */

import { grown } from "./engine/growable";

const EMPTY = -1;
/** A free slot: slots hold entry number + 1, so a new table's zeroed memory is all free (no fill). */
const FREE = 0;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class StringTable {
  /** UTF-8 bytes of every key, back to back. */
  private bytes = new Uint8Array(1 << 12);
  private used = 0;
  /** Entry n's bytes are bytes[starts[n] .. starts[n + 1]). */
  private starts = new Uint32Array(1 << 8);
  private hashes = new Uint32Array(1 << 8);
  private count = 0;
  /** Entry numbers + 1 by hash, FREE where free; a power of two, at most half full. */
  private slots = new Int32Array(1 << 9);
  /** The key being looked up, encoded. */
  private scratch = new Uint8Array(256);

  get size(): number {
    return this.count;
  }

  /**
   * Room for `count` entries and `bytes` bytes of keys in all, made now: adding up to that many
   * grows no array and rehashes nothing (a rehash of a million entries holds the thread at once).
   */
  reserve(count: number, bytes: number): void {
    if (count + 1 > this.starts.length) {
      this.starts = grown(this.starts, count + 1);
      this.hashes = grown(this.hashes, count + 1);
    }
    if (bytes > this.bytes.length) this.bytes = grown(this.bytes, bytes);
    let size = this.slots.length;
    while (count * 2 > size) size *= 2;
    if (size > this.slots.length) this.rehash(size);
  }

  /** The entry number of `key`, or -1. */
  get(key: string): number {
    const length = this.encode(key);
    const slot = this.find(hashBytes(this.scratch, length), length);
    return slot >= 0 ? this.slots[slot]! - 1 : EMPTY;
  }

  has(key: string): boolean {
    return this.get(key) !== EMPTY;
  }

  /** The entry number of `key`, added at the end when new. */
  add(key: string): number {
    return this.addScratch(this.encode(key));
  }

  /** add() of the key whose UTF-8 bytes are source[start, end) (no string made for it). */
  addBytes(source: Uint8Array, start: number, end: number): number {
    const length = end - start;
    if (length > this.scratch.length) this.scratch = new Uint8Array(Math.max(length, this.scratch.length * 2));
    const scratch = this.scratch;
    // Ids are short: a loop, not a subarray view made per key.
    for (let i = 0; i < length; i++) scratch[i] = source[start + i]!;
    return this.addScratch(length);
  }

  /** Adds the key held in scratch[0, length). */
  private addScratch(length: number): number {
    const hash = hashBytes(this.scratch, length);
    const found = this.find(hash, length);
    if (found >= 0) return this.slots[found]! - 1;
    const n = this.count;
    if (n + 2 > this.starts.length) {
      this.starts = grown(this.starts, this.starts.length * 2);
      this.hashes = grown(this.hashes, this.hashes.length * 2);
    }
    if (this.used + length > this.bytes.length) {
      this.bytes = grown(this.bytes, Math.max(this.bytes.length * 2, this.used + length));
    }
    this.bytes.set(this.scratch.subarray(0, length), this.used);
    this.used += length;
    this.starts[n + 1] = this.used;
    this.hashes[n] = hash;
    this.count = n + 1;
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.slots[-found - 1] = n + 1;
    return n;
  }

  /** The slot holding the scratch key (>= 0), or -(the free slot where it would go) - 1. */
  private find(hash: number, length: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const n = this.slots[slot]! - 1;
      if (n === EMPTY) return -slot - 1;
      if (this.hashes[n] === hash && this.equals(n, length)) return slot;
    }
  }

  /** The key of entry `n`. */
  keyAt(n: number): string {
    if (n < 0 || n >= this.count) throw new RangeError(`no entry ${n}`);
    return decoder.decode(this.bytes.subarray(this.starts[n]!, this.starts[n + 1]!));
  }

  /** Bytes held, for the health route's figures. */
  get byteLength(): number {
    return this.bytes.byteLength + this.starts.byteLength + this.hashes.byteLength + this.slots.byteLength;
  }

  /** Encodes `key` into scratch; its length in bytes. ASCII (most ids) is copied without the encoder. */
  private encode(key: string): number {
    const need = key.length * 3;
    if (need > this.scratch.length) this.scratch = new Uint8Array(Math.max(need, this.scratch.length * 2));
    const scratch = this.scratch;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      if (c >= 0x80) return encoder.encodeInto(key, scratch).written;
      scratch[i] = c;
    }
    return key.length;
  }

  private equals(n: number, length: number): boolean {
    const start = this.starts[n]!;
    if (this.starts[n + 1]! - start !== length) return false;
    const bytes = this.bytes;
    const scratch = this.scratch;
    for (let i = 0; i < length; i++) if (bytes[start + i] !== scratch[i]) return false;
    return true;
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let n = 0; n < this.count; n++) {
      let slot = this.hashes[n]! & mask;
      while (slots[slot] !== FREE) slot = (slot + 1) & mask;
      slots[slot] = n + 1;
    }
    this.slots = slots;
  }
}

/** FNV-1a over the bytes: fast, and spreads the ids of a shop (common prefixes, counters) well. */
function hashBytes(bytes: Uint8Array, length: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
