/**
 * An incremental update gives, for every touched item, exactly the row a full build on the same
 * events gives (community and related), caps and cookies included; applying it changes only
 * those rows.
 */
import { describe, expect, it } from "vitest";
import { type Interactions, InteractionsBuilder } from "./interactions";
import { NO_FACTS } from "./item-facts";
import { buildModels } from "./models";
import type { NeighbourRows, Neighbours } from "./neighbours";
import { applyRows, mergePatches, type RowPatch, type UpdatedModel, updateRows } from "./row-update";

interface Row {
  visitor: string;
  item: string;
  ms: number;
  order: string | null;
}

const ITEMS = Array.from({ length: 260 }, (_, i) => `i${i}`);
const T0 = Date.UTC(2026, 0, 1);

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Purchases of 60 customers and 20 cookies over 30 popular items, one bulk buyer over 220. */
function shop(seed: number, from: number, lines: number): Row[] {
  const rnd = random(seed);
  const rows: Row[] = [];
  for (let n = 0; n < lines; n++) {
    const v = Math.floor(rnd() * 80);
    const visitor = v < 60 ? `c${v}` : `cookie:k${v}`;
    const ms = T0 + (from + n) * 60_000 * (1 + Math.floor(rnd() * 3));
    const order = rnd() < 0.8 ? `o${seed}-${v}-${Math.floor(n / 4)}` : null;
    const size = 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < size; k++) rows.push({ visitor, item: ITEMS[Math.floor(rnd() * rnd() * 30)]!, ms, order });
  }
  return rows;
}

function bulk(from: number, count: number, offset: number): Row[] {
  return Array.from({ length: count }, (_, k) => ({
    visitor: "c0",
    item: ITEMS[(offset + k) % ITEMS.length]!,
    ms: T0 + (from + k) * 60_000,
    order: null,
  }));
}

function interactions(rows: Row[]): Interactions {
  const b = new InteractionsBuilder();
  for (const id of ITEMS) b.itemIndex(id);
  for (const r of rows) b.add({ visitor: r.visitor, itemId: r.item, kind: "purchase", ms: r.ms, orderId: r.order });
  return b.finish();
}

function rowOf(nb: Neighbours | NeighbourRows, r: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let q = nb.start[r]!; q < nb.start[r + 1]!; q++) out.push([nb.item[q]!, nb.score[q]!, nb.support[q]!]);
  return out;
}

async function full(rows: Row[]) {
  const data = interactions(rows);
  return buildModels(
    data,
    data.itemIds.map(() => NO_FACTS),
  );
}

/** The update with `fresh` on top of a model of `old` (counts as of `count`). */
function update(model: UpdatedModel, old: Row[], fresh: Row[], count: Int32Array): RowPatch {
  const touched = new Set(fresh.map((r) => ITEMS.indexOf(r.item)));
  const changed = new Set(fresh.map((r) => r.visitor));
  const all = [...old, ...fresh];
  const buyers = new Set(all.filter((r) => touched.has(ITEMS.indexOf(r.item))).map((r) => r.visitor));
  return updateRows(
    model,
    {
      buyers: interactions(all.filter((r) => buyers.has(r.visitor))),
      before: interactions(old.filter((r) => changed.has(r.visitor))),
      after: interactions(all.filter((r) => changed.has(r.visitor))),
      count,
      nBase: ITEMS.length,
    },
    Int32Array.from([...touched].sort((a, b) => a - b)),
  );
}

describe("incremental row updates", () => {
  const e1 = [...shop(1, 0, 400), ...bulk(0, 205, 40)];
  // New orders, lines added to an order of E1, and the bulk buyer past the 200 cap.
  const e2 = [...shop(2, 1000, 25), { ...e1[3]!, ms: e1[3]!.ms + 60_000, item: "i29" }, ...bulk(2000, 4, 250)];
  const e3 = shop(3, 3000, 15);

  for (const model of ["community", "related"] as const) {
    it(`${model}: a touched item's row equals a full build's on the same events`, async () => {
      const base = await full(e1);
      const truth = await full([...e1, ...e2]);
      const patch = update(model, e1, e2, base[model].count!);
      expect(patch.rows.length).toBeGreaterThan(10);
      for (let r = 0; r < patch.rows.length; r++) {
        expect(rowOf(patch, r), `row of ${ITEMS[patch.rows[r]!]}`).toEqual(rowOf(truth[model], patch.rows[r]!));
      }
      // Every count the full build has (the cap pushed some of the bulk buyer's items out).
      const applied = await applyRows(base[model], patch, () => undefined);
      expect(Array.from(applied.count!)).toEqual(Array.from(truth[model].count!));
      // The rows not touched are the base's, as they were.
      const touched = new Set(patch.rows);
      let differ = 0;
      for (let i = 0; i < ITEMS.length; i++) {
        if (touched.has(i)) expect(rowOf(applied, i)).toEqual(rowOf(truth[model], i));
        else {
          expect(rowOf(applied, i)).toEqual(rowOf(base[model], i));
          if (JSON.stringify(rowOf(base[model], i)) !== JSON.stringify(rowOf(truth[model], i))) differ++;
        }
      }
      // Untouched rows a full build would change: what stays stale until it runs.
      expect(differ).toBeGreaterThan(0);
    });

    it(`${model}: two updates in a row equal a full build for every item either touched`, async () => {
      const base = await full(e1);
      const truth = await full([...e1, ...e2, ...e3]);
      const first = update(model, e1, e2, base[model].count!);
      const afterFirst = await applyRows(base[model], first, () => undefined);
      const second = update(model, [...e1, ...e2], e3, afterFirst.count!);
      const merged = mergePatches(first, second);
      const applied = await applyRows(base[model], merged, () => undefined);
      expect(Array.from(applied.count!)).toEqual(Array.from(truth[model].count!));
      for (const i of second.rows) expect(rowOf(applied, i)).toEqual(rowOf(truth[model], i));
      // Rows touched only by the first update are as it made them.
      const secondRows = new Set(second.rows);
      for (let r = 0; r < first.rows.length; r++) {
        if (!secondRows.has(first.rows[r]!)) expect(rowOf(applied, first.rows[r]!)).toEqual(rowOf(first, r));
      }
    });
  }
});
