/**
 * Models <-> bytes, for the database (lib/recommend/model-store.ts). Typed arrays are copied as
 * they are (8-byte aligned sections), string arrays as one UTF-8 text joined by NUL, everything
 * else as JSON in the header: [4 bytes header length][header JSON][sections]. The header is
 * padded with spaces (still JSON) so the sections start 8-byte aligned: a reader owning the
 * buffer may then view the typed arrays in place instead of copying them (unpack's `view`).
 */
type TypedArray = Int32Array | Float32Array | Float64Array | Uint8Array;
const TYPES = { Int32Array, Float32Array, Float64Array, Uint8Array } as const;
type TypeName = keyof typeof TYPES;

export interface Section {
  $t: TypeName | "strings";
  offset: number;
  length: number;
}

const SEP = "\u0000";

/** Where the bytes of a packed value come from: its head, then its sections (views, not copies). */
interface Layout {
  parts: Buffer[];
  bytes: number;
}

const ZEROS = Buffer.alloc(8);

function layout(value: unknown): Layout {
  const sections: Buffer[] = [];
  let offset = 0;
  const add = (bytes: Buffer): number => {
    const at = offset;
    const pad = (8 - (bytes.length % 8)) % 8;
    sections.push(bytes);
    if (pad) sections.push(ZEROS.subarray(0, pad));
    offset += bytes.length + pad;
    return at;
  };
  const walk = (v: unknown): unknown => {
    if (ArrayBuffer.isView(v)) {
      const name = v.constructor.name as TypeName;
      if (!(name in TYPES)) throw new Error(`cannot pack ${name}`);
      // A view of the array's own memory: the bytes are copied once, where they are written.
      const bytes = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
      return { $t: name, offset: add(bytes), length: (v as TypedArray).length } satisfies Section;
    }
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string")) {
      const bytes = Buffer.from((v as string[]).join(SEP), "utf8");
      return { $t: "strings", offset: add(bytes), length: bytes.length } satisfies Section;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const json = Buffer.from(JSON.stringify(walk(value)), "utf8");
  const header = Buffer.concat([json, Buffer.alloc((8 - ((4 + json.length) % 8)) % 8, " ")]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  return { parts: [length, header, ...sections], bytes: 4 + header.length + offset };
}

export function pack(value: unknown): Buffer {
  const { parts, bytes } = layout(value);
  return Buffer.concat(parts, bytes);
}

/**
 * The same bytes as pack(value), given as chunks of `chunkBytes` (the last one shorter), each a
 * buffer of its own: a store writes them one by one, and the whole packed value never exists in
 * memory beside the value itself (at a million customers that copy was ~650 MB). The value must
 * not change until the last chunk is taken.
 */
export function packInChunks(value: unknown, chunkBytes: number): { bytes: number; chunks: () => Generator<Buffer> } {
  if (!Number.isInteger(chunkBytes) || chunkBytes <= 0) throw new Error(`chunkBytes must be a positive integer`);
  const { parts, bytes } = layout(value);
  function* chunks(): Generator<Buffer> {
    let chunk = Buffer.allocUnsafe(Math.min(chunkBytes, bytes));
    let filled = 0;
    let left = bytes;
    for (const part of parts) {
      for (let at = 0; at < part.length; ) {
        const n = Math.min(part.length - at, chunk.length - filled);
        part.copy(chunk, filled, at, at + n);
        filled += n;
        at += n;
        if (filled === chunk.length) {
          yield chunk;
          left -= filled;
          if (left === 0) return;
          chunk = Buffer.allocUnsafe(Math.min(chunkBytes, left));
          filled = 0;
        }
      }
    }
  }
  return { bytes, chunks };
}

/** A typed-array section: a view of `bytes` when asked and aligned, else an aligned copy. */
function typedSection(s: Section, bytes: Buffer, base: number, view: boolean | undefined): TypedArray {
  const Type = TYPES[s.$t as TypeName];
  const width = Type.BYTES_PER_ELEMENT;
  const at = bytes.byteOffset + base + s.offset;
  if (view && at % width === 0) return new Type(bytes.buffer as ArrayBuffer, at, s.length);
  // A copy, aligned: a buffer from the database may be unaligned or reused.
  const out = new Type(s.length);
  Buffer.from(out.buffer).set(bytes.subarray(base + s.offset, base + s.offset + s.length * width));
  return out;
}

/**
 * The value packed in `bytes`. With `view`, typed arrays that are aligned in `bytes` are views
 * of it (the caller owns the buffer and never reuses it: the models then live in it); else copies.
 */
export function unpack<T>(bytes: Buffer, options: { view?: boolean } = {}): T {
  const headerLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString("utf8"));
  const base = 4 + headerLength;
  const walk = (v: unknown): unknown => {
    if (v && typeof v === "object" && !Array.isArray(v) && "$t" in v) {
      const s = v as Section;
      if (s.$t === "strings")
        return bytes
          .subarray(base + s.offset, base + s.offset + s.length)
          .toString("utf8")
          .split(SEP);
      return typedSection(s, bytes, base, options.view);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(header) as T;
}

/** Bytes of text decoded and split at a time by unpackSliced (a few milliseconds' work). */
const STRING_SLICE_BYTES = 256 * 1024;
const SEP_BYTE = 0;

/** A strings section split in pieces of about STRING_SLICE_BYTES, each ended at a separator. */
async function slicedStrings(bytes: Buffer, start: number, end: number, slice: () => Promise<void> | undefined) {
  const out: string[] = [];
  let from = start;
  for (;;) {
    let to = Math.min(end, from + STRING_SLICE_BYTES);
    if (to < end) {
      const sep = bytes.indexOf(SEP_BYTE, to);
      to = sep < 0 || sep >= end ? end : sep;
    }
    for (const text of bytes.toString("utf8", from, to).split(SEP)) out.push(text);
    if (to === end) return out;
    // Past the separator (at the section's end: the empty string after it, as split gives).
    from = to + 1;
    await slice();
  }
}

/**
 * A strings section left as its bytes (the UTF-8 texts joined by NUL, a view of the packed
 * buffer): a reader that only looks the strings up (lib/recommend/string-table.ts) takes them
 * from here, and no string is made for each (a million visitor ids are a million objects on the
 * heap, for every full collection of the thread to mark).
 */
export class PackedStrings {
  /** `empty`: no strings at all (an empty list is packed as JSON, not as a strings section). */
  constructor(
    readonly bytes: Buffer,
    readonly empty = false,
  ) {}

  /** The strings, as unpack gives the section. */
  decode(): string[] {
    return this.empty ? [] : this.bytes.toString("utf8").split(SEP);
  }

  /**
   * Calls `each(start, end)` with each string's place in `bytes`, in order, and `slice()` every
   * 128 strings (awaited when it says the time slice is used up); the count.
   */
  async eachRange(each: (start: number, end: number) => void, slice: () => Promise<void> | undefined): Promise<number> {
    if (this.empty) return 0;
    const bytes = this.bytes;
    let from = 0;
    let count = 0;
    for (;;) {
      const sep = bytes.indexOf(SEP_BYTE, from);
      const to = sep < 0 ? bytes.length : sep;
      each(from, to);
      count++;
      if (sep < 0) return count;
      from = to + 1;
      if ((count & 127) === 0) {
        const turn = slice();
        if (turn) await turn;
      }
    }
  }
}

/**
 * unpack with views, for a thread that answers requests meanwhile: strings sections (a million
 * visitor ids: ~10 MB of text, ~0.3 s to decode and split at once) are decoded a piece at a time,
 * `slice()` awaited between pieces (lib/time-slice.ts). The same value as unpack(bytes, { view: true }),
 * but for the top-level fields named in `packed`, whose strings sections are PackedStrings.
 */
export async function unpackSliced<T>(
  bytes: Buffer,
  slice: () => Promise<void> | undefined,
  options: { packed?: readonly string[] } = {},
): Promise<T> {
  const { header, base } = packedHeader<unknown>(bytes);
  const walk = async (v: unknown, key?: string): Promise<unknown> => {
    const keepPacked = key !== undefined && options.packed?.includes(key);
    // An empty list has no strings section (pack writes it as JSON).
    if (keepPacked && Array.isArray(v) && v.length === 0) return new PackedStrings(Buffer.alloc(0), true);
    if (v && typeof v === "object" && !Array.isArray(v) && "$t" in v) {
      const s = v as Section;
      const start = base + s.offset;
      if (s.$t === "strings" && keepPacked) {
        return new PackedStrings(bytes.subarray(start, start + s.length));
      }
      if (s.$t === "strings") return slicedStrings(bytes, start, start + s.length, slice);
      return typedSection(s, bytes, base, true);
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const x of v) out.push(await walk(x));
      return out;
    }
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      // Only the top level's fields may be left packed.
      for (const [k, x] of Object.entries(v)) out[k] = await walk(x, v === header ? k : undefined);
      return out;
    }
    return v;
  };
  return (await walk(header)) as T;
}

/** The header of packed bytes (what unpack walks) and where its sections begin; `prefix` holds at least the header. */
export function packedHeader<T>(prefix: Buffer): { header: T; base: number } {
  const headerLength = prefix.readUInt32LE(0);
  if (prefix.length < 4 + headerLength) throw new Error("the packed header is longer than the bytes given");
  return { header: JSON.parse(prefix.subarray(4, 4 + headerLength).toString("utf8")) as T, base: 4 + headerLength };
}

/** A section's byte length. */
export function sectionBytes(s: Section): number {
  return s.$t === "strings" ? s.length : s.length * TYPES[s.$t].BYTES_PER_ELEMENT;
}

/** One section's value from its own bytes (a copy): what unpack gives for it. */
export function unpackSection(s: Section, bytes: Buffer): unknown {
  if (s.$t === "strings") return bytes.toString("utf8").split(SEP);
  const out = new TYPES[s.$t](s.length);
  Buffer.from(out.buffer).set(bytes.subarray(0, sectionBytes(s)));
  return out;
}
