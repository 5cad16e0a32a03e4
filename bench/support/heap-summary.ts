/**
 * Reads a V8 heap snapshot (.heapsnapshot, as written on --heapsnapshot-signal) and sums its live
 * objects' self sizes per kind: "object:Foo" is instances of Foo, "array:" arrays, "native:..."
 * backing stores and the like. Two summaries of one process, minutes apart, show what grew (the
 * snapshot is taken after a full garbage collection, so it holds only what is still reachable).
 */
import { readFileSync } from "node:fs";

export interface HeapSummary {
  total_mb: number;
  nodes: number;
  /** Kind -> { mb, count }, the largest first. */
  kinds: Record<string, { mb: number; count: number }>;
}

interface Meta {
  node_fields: string[];
  node_types: [string[], ...unknown[]];
}

/**
 * The snapshot's parts without making the whole file one string (a large heap's snapshot passes
 * the longest string V8 allows): the header, the node numbers scanned from the bytes, the strings.
 */
function readSnapshot(file: string): { meta: Meta; nodes: number[]; strings: string[] } {
  const bytes = readFileSync(file);
  const nodesAt = bytes.indexOf('"nodes":[');
  const edgesAt = bytes.indexOf('"edges":[', nodesAt);
  const stringsAt = bytes.indexOf('"strings":[');
  if (nodesAt < 0 || edgesAt < 0 || stringsAt < 0) throw new Error(`${file} is not a V8 heap snapshot`);
  const header = bytes.subarray(0, nodesAt).toString("utf8").replace(/,\s*$/, "");
  const meta = (JSON.parse(`${header}}`) as { snapshot: { meta: Meta } }).snapshot.meta;
  const numbers: number[] = [];
  let value = 0;
  let inNumber = false;
  for (let i = nodesAt + 9; i < edgesAt; i++) {
    const c = bytes[i]!;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      inNumber = true;
    } else if (inNumber) {
      numbers.push(value);
      value = 0;
      inNumber = false;
    }
  }
  const end = bytes.lastIndexOf("]");
  const strings = JSON.parse(bytes.subarray(stringsAt + 10, end + 1).toString("utf8")) as string[];
  return { meta, nodes: numbers, strings };
}

const MB = 1048576;

export function summarizeHeapSnapshot(file: string, top = 40): HeapSummary {
  const parsed = readSnapshot(file);
  const fields = parsed.meta.node_fields;
  const types = parsed.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const sums = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < parsed.nodes.length; i += width) {
    const type = types[parsed.nodes[i + typeAt]!] ?? "?";
    const size = parsed.nodes[i + sizeAt]!;
    total += size;
    // Strings and code are grouped by type; objects by constructor name.
    const name = ["object", "native", "closure", "hidden", "synthetic"].includes(type)
      ? parsed.strings[parsed.nodes[i + nameAt]!]!.slice(0, 60)
      : "";
    const key = `${type}:${name}`;
    const sum = sums.get(key) ?? { bytes: 0, count: 0 };
    sum.bytes += size;
    sum.count++;
    sums.set(key, sum);
  }
  const kinds = Object.fromEntries(
    [...sums.entries()]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, top)
      .map(([key, s]) => [key, { mb: Math.round((s.bytes / MB) * 100) / 100, count: s.count }]),
  );
  return { total_mb: Math.round((total / MB) * 10) / 10, nodes: parsed.nodes.length / width, kinds };
}

/** What grew between two summaries of one process, the largest growth first (MB and count). */
export function heapGrowth(
  before: HeapSummary,
  after: HeapSummary,
  top = 15,
): { kind: string; mb: number; count: number }[] {
  return Object.entries(after.kinds)
    .map(([kind, a]) => {
      const b = before.kinds[kind] ?? { mb: 0, count: 0 };
      return { kind, mb: Math.round((a.mb - b.mb) * 100) / 100, count: a.count - b.count };
    })
    .sort((x, y) => y.mb - x.mb)
    .slice(0, top);
}
