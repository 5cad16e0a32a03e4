/**
 * One batch of the public events route (POST /track/events): a visitor's events from the shop's
 * pages. Each event becomes an intake event of the visitor (cookie, and customer once identified)
 * and goes through the intake's own validation and write (lib/data/ingest-batch.ts), so the bad
 * ones are answered by index and a batch sent again stores nothing twice (the snippet's event ids,
 * kept apart per cookie so one visitor cannot claim another's or the shop's ids). Timestamps
 * follow the browser's clock corrected by its offset (sent_at). Stored events feed the engine's
 * live overlay (lib/recommend/live-overlay.ts): the next content request already reflects them.
 * Nothing but events and the cookie's link (./link-cookie.ts) is written.
 */

import { writeBatch } from "@/lib/data/ingest-batch";
import { getDatabase } from "@/lib/db/client";
import type { KindName } from "@/lib/recommend/engine/interactions";
import { liveVisitor } from "@/lib/recommend/live-overlay";
import { recordLiveShared } from "@/lib/recommend/live-share";
import { linkCookie } from "./link-cookie";
import { MAX_EVENT_AGE_MS, MAX_EVENT_AHEAD_MS, type TTrackBody, type TTrackResult, ZTrackEvent } from "./schemas";

const LIVE_KINDS = new Set<string>(["view", "add_to_cart", "purchase", "click"] satisfies KindName[]);

/** The event's instant on the server's clock, or why it is refused. */
function eventTime(given: string | undefined, offsetMs: number, now: number): Date | string {
  if (given === undefined) return new Date(now);
  const ms = new Date(given).getTime() + offsetMs;
  if (ms > now + MAX_EVENT_AHEAD_MS) return "timestamp: must not be in the future";
  if (ms < now - MAX_EVENT_AGE_MS) return `timestamp: must be within the last ${MAX_EVENT_AGE_MS / 86_400_000} days`;
  return new Date(ms);
}

export async function recordTrackedEvents(options: { body: TTrackBody; now?: number }): Promise<TTrackResult> {
  const { body } = options;
  const now = options.now ?? Date.now();
  const database = await getDatabase();
  // The browser's clock may be off: its offset, from when it says it sent the batch.
  const offsetMs = body.sent_at ? now - new Date(body.sent_at).getTime() : 0;
  const errors: TTrackResult["errors"] = [];
  const records: { item_id?: string; event_type: string; timestamp: string; [field: string]: unknown }[] = [];
  const indexOf: number[] = [];
  for (const [index, raw] of body.events.entries()) {
    const parsed = ZTrackEvent.safeParse(raw);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "event"}: ${i.message}`).join("; ");
      errors.push({ index, detail });
      continue;
    }
    const e = parsed.data;
    const at = eventTime(e.timestamp, offsetMs, now);
    if (typeof at === "string") {
      errors.push({ index, detail: at });
      continue;
    }
    indexOf.push(index);
    records.push({
      ...e,
      ...(e.event_id ? { event_id: `web:${body.cookie_id}:${e.event_id}` } : {}),
      cookie_id: body.cookie_id,
      ...(body.customer_id ? { customer_id: body.customer_id } : {}),
      // Checked again by the intake's schema (a local date-time or an instant with Z).
      timestamp: at.toISOString(),
    });
  }
  // The link first: events of this batch are then written with the customer already.
  const linked = body.customer_id
    ? await linkCookie({ database, cookieId: body.cookie_id, customerId: body.customer_id })
    : false;
  let upserted = 0;
  if (records.length > 0) {
    const { result } = await writeBatch({ kind: "events", records, database });
    upserted = result.upserted;
    const refused = new Set<number>();
    for (const error of result.errors) {
      refused.add(error.index);
      errors.push({ index: indexOf[error.index]!, detail: error.detail });
    }
    const visitor = liveVisitor({ customerId: body.customer_id, cookieId: body.cookie_id })!;
    records.forEach((r, i) => {
      if (refused.has(i) || !r.item_id || !LIVE_KINDS.has(r.event_type)) return;
      recordLiveShared(
        database,
        { v: visitor, i: r.item_id, k: r.event_type as KindName, ms: Date.parse(r.timestamp) },
        now,
      );
    });
  }
  errors.sort((a, b) => a.index - b.index);
  return { received: body.events.length, upserted, errors, linked };
}
