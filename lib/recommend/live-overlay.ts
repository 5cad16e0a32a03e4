/**
 * The engine's live overlay: what visitors did since the models were built. The models
 * (./model-store.ts) are rebuilt nightly and after RECS_REBUILD_EVENTS new events, so a view
 * recorded now would not change a carousel for hours. The public events route (lib/track) puts
 * each tracked view, add-to-cart, click and purchase here as well, and the learned kinds
 * (./learned-kinds.ts) merge a visitor's live items into their history from the models by time
 * (./engine/recommend.ts), so the next content request already starts from them.
 *
 * Per web process, in memory, bounded: the latest LIVE_ITEMS distinct items per visitor, for
 * LIVE_TTL_MS (a rebuild has read them by then), at most MAX_VISITORS visitors (the least recently
 * active go first). A live item the models know already is merged with it, not counted twice.
 * On PostgreSQL the other web processes learn them within FLUSH_MS by NOTIFY (./live-share.ts).
 */
import { wallMs } from "@/lib/clock";
import { processWide } from "@/lib/process-wide";
import { COOKIE_VISITOR, KIND, type KindName } from "./engine/interactions";

export const LIVE_ITEMS = 20;
export const LIVE_TTL_MS = 24 * 3_600_000;
const MAX_VISITORS = 200_000;

export interface LiveItem {
  itemId: string;
  /** Bit mask of KIND (./engine/interactions.ts). */
  kinds: number;
  /** Minute (since the Unix epoch) of the latest interaction. */
  minute: number;
  /** When the process learnt of it (ms): for expiry. */
  at: number;
}

const state = processWide("recommend.live-overlay", () => ({ visitors: new Map<string, LiveItem[]>() }));

/** The overlay's key of a visitor: the customer, else `cookie:<cookie_id>` (as the models name them). */
export function liveVisitor(who: { customerId?: string; cookieId?: string }): string | undefined {
  if (who.customerId) return who.customerId;
  return who.cookieId ? `${COOKIE_VISITOR}${who.cookieId}` : undefined;
}

function fresh(items: LiveItem[] | undefined, now: number): LiveItem[] | undefined {
  if (!items) return undefined;
  const kept = items.filter((i) => now - i.at < LIVE_TTL_MS);
  return kept.length ? kept : undefined;
}

function put(visitor: string, items: LiveItem[]): void {
  const { visitors } = state;
  visitors.delete(visitor); // re-inserted last: Map order is the order of activity
  visitors.set(visitor, items);
  if (visitors.size > MAX_VISITORS) {
    let drop = visitors.size - MAX_VISITORS;
    for (const key of visitors.keys()) {
      if (drop-- <= 0) break;
      visitors.delete(key);
    }
  }
}

/** Records a visitor's interaction with an item (a tracked event). */
export function recordLive(options: {
  visitor: string;
  itemId: string;
  kind: KindName;
  ms: number;
  now?: number;
}): void {
  const now = options.now ?? wallMs();
  const minute = Math.floor(options.ms / 60_000);
  const items = fresh(state.visitors.get(options.visitor), now) ?? [];
  const bit = 1 << KIND[options.kind];
  const at = items.findIndex((i) => i.itemId === options.itemId);
  if (at >= 0) {
    const seen = items[at]!;
    seen.kinds |= bit;
    seen.minute = Math.max(seen.minute, minute);
    seen.at = now;
  } else items.push({ itemId: options.itemId, kinds: bit, minute, at: now });
  items.sort((a, b) => b.minute - a.minute);
  put(options.visitor, items.slice(0, LIVE_ITEMS));
}

/** A visitor's live items, latest first (undefined: none). */
export function liveItems(visitor: string, now = wallMs()): readonly LiveItem[] | undefined {
  if (state.visitors.size === 0) return undefined;
  const items = state.visitors.get(visitor);
  if (!items) return undefined;
  const kept = fresh(items, now);
  if (kept?.length !== items.length) {
    if (kept) state.visitors.set(visitor, kept);
    else state.visitors.delete(visitor);
  }
  return kept;
}

/** A cookie became a customer's (identify): its live items are the customer's from now on. */
export function moveLive(from: string, to: string, now = wallMs()): void {
  const items = fresh(state.visitors.get(from), now);
  state.visitors.delete(from);
  if (!items) return;
  for (const item of items) {
    for (let k = 0; k < 4; k++) {
      if (item.kinds & (1 << k)) {
        const kind = (Object.keys(KIND) as KindName[]).find((name) => KIND[name] === k)!;
        recordLive({ visitor: to, itemId: item.itemId, kind, ms: item.minute * 60_000, now });
      }
    }
  }
}

/** Tests: forget everything. */
export function clearLive(): void {
  state.visitors.clear();
}
