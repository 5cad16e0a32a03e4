/**
 * The demo store's wheel: a link of the wheel-of-fortune touchpoint's SMS promotion, like the one
 * a test send texts (lib/touchpoints/promotions.ts), made without an SMS. One per touchpoint and
 * day, so the store shows a wheel that can be spun (once, as every link) and a fresh one the next
 * day; its token is derived from both (`demo-<day>-<touchpoint hash>`), so concurrent first
 * requests insert the same row (ON CONFLICT DO NOTHING) and nothing needs remembering. A win is
 * texted, as any win is, to a number of the UK's range reserved for drama (+447700900000), so it
 * lands in the outbox (or nowhere, with a real SMS provider).
 */
import { createHash } from "node:crypto";
import { getDatabase } from "@/lib/db/client";

export const DEMO_WHEEL_PHONE = "+447700900000";

export function demoWheelToken(touchpointId: string, day: string): string {
  return `demo-${day.replaceAll("-", "")}-${createHash("sha256").update(touchpointId).digest("hex").slice(0, 16)}`;
}

/** Today's demo link of the first live wheel with a promotion; undefined when there is none. */
export async function ensureDemoWheelLink(now = new Date()): Promise<string | undefined> {
  const { sql } = await getDatabase();
  const [wheel] = await sql.query<{ touchpoint_id: string; promotion_id: string }>(
    `SELECT t.touchpoint_id, p.promotion_id FROM touchpoints t JOIN promotions p ON p.touchpoint_id = t.touchpoint_id
     WHERE t.touchpoint_type = 'wheel-of-fortune' AND t.is_active AND t.is_ready
     ORDER BY t.date_created, t.touchpoint_id LIMIT 1`,
  );
  if (!wheel) return undefined;
  const token = demoWheelToken(wheel.touchpoint_id, now.toISOString().slice(0, 10));
  await sql.query(
    `INSERT INTO wheel_links (token, promotion_id, touchpoint_id, phone_number, concept_id)
     VALUES ($1, $2, $3, $4, 'demo-store') ON CONFLICT (token) DO NOTHING`,
    [token, wheel.promotion_id, wheel.touchpoint_id, DEMO_WHEEL_PHONE],
  );
  return token;
}
