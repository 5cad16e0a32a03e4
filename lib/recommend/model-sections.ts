/**
 * Parts of a stored build read without the rest: an incremental update (./model-update.ts) needs
 * the base's item numbering and its co-occurrence counts (a few MB), not the whole ~650 MB build,
 * which it would otherwise load into a worker for every few minutes' update. The packed header
 * (./engine/pack.ts) says where each section lies; only the 2 MB chunks covering it are read.
 */
import type { Database } from "@/lib/db/client";
import { packedHeader, type Section, sectionBytes, unpackSection } from "./engine/pack";
import { CHUNK_BYTES } from "./model-build";

/** The packed header as JSON: sections are `{ $t, offset, length }` objects in place of their values. */
export type PackedHeader = Record<string, unknown>;

async function chunks(database: Database, modelId: string, from: number, to: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  await database.sql.queryBytes(
    "SELECT data FROM rec_model_chunks WHERE model_id = $1 AND seq >= $2 AND seq <= $3 ORDER BY seq",
    [modelId, from, to],
    (data) => {
      const part = Buffer.allocUnsafe(data.length);
      data.copyTo(part, 0);
      parts.push(part);
    },
  );
  if (parts.length !== to - from + 1) throw new Error(`model ${modelId}: chunks ${from}-${to} are not all stored`);
  return Buffer.concat(parts);
}

/** A stored build's header and the sections `pick` names from it (undefined: not in that build). */
export async function readSections<K extends string>(
  database: Database,
  modelId: string,
  pick: (header: PackedHeader) => Record<K, Section | undefined>,
): Promise<{ header: PackedHeader; values: Record<K, unknown> }> {
  let prefix = await chunks(database, modelId, 0, 0);
  const length = 4 + prefix.readUInt32LE(0);
  if (prefix.length < length) prefix = await chunks(database, modelId, 0, Math.floor((length - 1) / CHUNK_BYTES));
  const { header, base } = packedHeader<PackedHeader>(prefix);
  const values = {} as Record<K, unknown>;
  for (const [key, section] of Object.entries(pick(header)) as [K, Section | undefined][]) {
    if (!section) continue;
    const at = base + section.offset;
    const size = sectionBytes(section);
    const first = Math.floor(at / CHUNK_BYTES);
    const last = Math.floor((at + Math.max(size, 1) - 1) / CHUNK_BYTES);
    const bytes = await chunks(database, modelId, first, last);
    values[key] = unpackSection(section, bytes.subarray(at - first * CHUNK_BYTES, at - first * CHUNK_BYTES + size));
  }
  return { header, values };
}

/** The section at `path` of a header (e.g. ["community", "count"]), if it is one. */
export function sectionAt(header: PackedHeader, path: readonly string[]): Section | undefined {
  let v: unknown = header;
  for (const key of path) v = v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
  return v && typeof v === "object" && "$t" in v ? (v as Section) : undefined;
}
