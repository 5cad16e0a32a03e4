/**
 * Synthetic recipient behaviour for the demo's sent campaign, fed through the real paths so its
 * delivery report is built exactly as a live one: one recipient's mail bounces (a DSN read by the
 * inbound parser and handled as the SMTP listener does), one complains (an ARF report, likewise),
 * the others get a delivered receipt (recordReceipt, provider "outbox", detail "synthetic demo");
 * opens go through the pixel's action, clicks through the short links' action, one unsubscribe
 * through the unsubscribe action, and some recipients (the control group's too) buy afterwards
 * (purchase events with event_id synthetic-campaign-purchase-*, through intake, marked synthetic).
 * Each recipient's choices come from a PRNG seeded by its id (lib/data/prng.ts): the same shop gives
 * the same behaviour. Message-level actions record each thing once, so a second run adds nothing
 * except clicks, which it is not asked to repeat (see demo-campaigns.ts).
 */
import { recordReceipt } from "@/lib/campaigns/sending/record-receipt";
import { handleInboundReport } from "@/lib/campaigns/suppressions/handle-inbound-report";
import { click, open, unsubscribe } from "@/lib/campaigns/tracking/actions";
import { linkCode, pixelToken, unsubscribeToken } from "@/lib/campaigns/tracking/tokens";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { mulberry32, pick, seedOf } from "@/lib/data/prng";
import { getDatabase } from "@/lib/db/client";
import { parseReport } from "@/lib/messaging/inbound/parse-report";
import { demoArf, demoDsn } from "./demo-reports";

/** Open and click rates of the demo's groups: A's subject line does better than B's. */
const RATES: Record<number, { open: number; click: number }> = {
  1: { open: 0.46, click: 0.32 },
  2: { open: 0.34, click: 0.2 },
};
/** Chance of a purchase within the window: after a click, without one, in the control group. */
const BUY = { clicked: 0.3, messaged: 0.06, control: 0.04 };

export interface BehaviourSummary {
  delivered: number;
  bounced: number;
  complained: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  purchases: number;
}

interface Recipient {
  customer_id: string;
  group_number: number;
  address: string;
  status: string;
  provider_message_id: string | null;
}

export async function simulateRecipients(opts: { sendId: string }): Promise<BehaviourSummary> {
  const { sendId } = opts;
  const database = await getDatabase();
  const recipients = await database.sql.query<Recipient>(
    `SELECT customer_id, group_number, address, status, provider_message_id FROM campaign_messages
     WHERE send_id = $1 ORDER BY customer_id`,
    [sendId],
  );
  const links = await database.sql.query<{ id: string }>(
    "SELECT id::text AS id FROM campaign_links WHERE send_id = $1 ORDER BY id",
    [sendId],
  );
  const items = await database.sql.query<{ item_id: string; price: number }>(
    `SELECT item_id, product_price::float8 AS price FROM items WHERE product_price > 0
     ORDER BY stock DESC NULLS LAST, item_id LIMIT 30`,
  );
  const sent = recipients.filter((r) => r.status === "sent" && r.provider_message_id);
  const [bouncer, complainer, leaver] = sent;
  const summary: BehaviourSummary = {
    delivered: 0,
    bounced: 0,
    complained: 0,
    opened: 0,
    clicked: 0,
    unsubscribed: 0,
    purchases: 0,
  };

  const report = async (raw: string) => {
    const parsed = parseReport(raw);
    if (!parsed) throw new Error("the demo's report did not parse");
    return handleInboundReport(parsed);
  };
  if (bouncer?.provider_message_id) {
    await report(demoDsn({ messageId: bouncer.provider_message_id, recipient: bouncer.address }));
    summary.bounced++;
  }

  const clickers = new Set<string>();
  for (const r of sent) {
    if (r === bouncer || !r.provider_message_id) continue;
    await recordReceipt({
      provider: "outbox",
      providerMessageId: r.provider_message_id,
      providerStatus: "delivered",
      kind: "delivered",
      sendId,
      customerId: r.customer_id,
      leg: "email",
      detail: "synthetic demo receipt",
    });
    summary.delivered++;
    const random = mulberry32(seedOf(`demo-campaign:${r.customer_id}`));
    const rates = RATES[r.group_number] ?? { open: 0.3, click: 0.2 };
    const opens = r === complainer || r === leaver || random() < rates.open;
    if (!opens) continue;
    await open(pixelToken({ sendId, customerId: r.customer_id }));
    summary.opened++;
    if (r === complainer) {
      await report(demoArf({ messageId: r.provider_message_id, recipient: r.address }));
      summary.complained++;
    } else if (r === leaver) {
      await unsubscribe(unsubscribeToken({ sendId, customerId: r.customer_id }));
      summary.unsubscribed++;
    } else if (links.length > 0 && random() < rates.click) {
      const link = pick(random, links);
      await click(linkCode(BigInt(link.id), r.customer_id));
      clickers.add(r.customer_id);
      summary.clicked++;
    }
  }

  // Purchases after delivery: stamped a second after the last receipt, so within every window.
  const at = new Date(Date.now() + 1000).toISOString();
  const purchases: Record<string, unknown>[] = [];
  for (const r of recipients) {
    if (items.length === 0 || r === bouncer || r === complainer || r === leaver) continue;
    const random = mulberry32(seedOf(`demo-purchase:${r.customer_id}`));
    const chance = clickers.has(r.customer_id) ? BUY.clicked : r.status === "control" ? BUY.control : BUY.messaged;
    if (random() >= chance) continue;
    const item = pick(random, items);
    purchases.push({
      event_id: `synthetic-campaign-purchase-${sendId}-${r.customer_id}`,
      event_type: "purchase",
      customer_id: r.customer_id,
      item_id: item.item_id,
      quantity: 1 + Math.floor(random() * 3),
      price: item.price,
      order_id: `synthetic-campaign-order-${r.customer_id}`,
      timestamp: at,
    });
  }
  if (purchases.length > 0) {
    const result = await ingestBatch({ kind: "events", records: purchases, synthetic: true });
    summary.purchases = result.received - result.errors.length;
  }
  return summary;
}
