/**
 * Conversions and uplift in the delivery report, on figures a person can check by hand: an e-mail
 * campaign of two groups, A (messaged) and a control group, of exactly 10 customers each (chosen
 * here by the split's own rule), sent through the real path to an SMTP sink. Purchases are then
 * seeded around each recipient's reference time:
 *   A: a0 +1 day 2 x 10.00, a1 +2 days 25.50, a2 +4 days 5.00 and 4.50 (one conversion),
 *      a3 +6 days 100.00 (after the 5-day window), a4 1 hour before the send (before delivery);
 *   control: c0 +3 days 30.00 after the send's start, c1 +7 days 40.00 (after the window).
 * So with the default window A converts 3 of 10 (30 %, revenue 55.00, 5.50 a member) and the
 * control 1 of 10 (10 %, 30.00, 3.00): uplift +20 points, Newcombe's 95% interval -15.98 to
 * +51.41 (Wilson 3/10: 0.1078-0.6032, 1/10: 0.0179-0.4042). A 7-day window takes in a3 and c1.
 * One A recipient bounces and two open: opens 20 % of targeted, 22.22 % of delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as report from "@/app/api/latest/campaigning-studio/insights/delivery-report/route";
import * as settingsRoute from "@/app/api/latest/campaigning-studio/settings/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { recordCampaignEvent } from "@/lib/campaigns/events";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { bucketOf, groupOf } from "@/lib/campaigns/sending/split";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { closeSmtp } from "@/lib/messaging/smtp";
import { call, tokenFor } from "./http";
import { type MailSink, startMailSink } from "./support/mail-sink";

let smtp: MailSink;
let user: string;
let advanced: string;
let superUser: string;

const DAY = 86_400_000;
const HOUR = 3_600_000;

const group = (percent: number, extra: Record<string, unknown> = {}) => ({
  channel_message_text: "Hi {ph_customer.first_name}, new arrivals at https://shop.example/new.",
  channel_subject: "New arrivals",
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: percent,
  ...extra,
});

beforeAll(async () => {
  smtp = await startMailSink([]);
  setEnv("SMTP_URL", smtp.url);
  [user, advanced, superUser] = await Promise.all([tokenFor("user"), tokenFor("advanced"), tokenFor("super")]);
});

afterAll(async () => {
  closeSmtp();
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
});

const getReport = (id: string) =>
  call(report.GET, {
    path: `/campaigning-studio/insights/delivery-report?${new URLSearchParams({ campaign_id: id })}`,
    token: user,
  });

async function putSettings(change: Record<string, unknown>) {
  const current = await call(settingsRoute.GET, { path: "/campaigning-studio/settings", token: superUser });
  return call(settingsRoute.PUT, {
    method: "PUT",
    path: "/campaigning-studio/settings",
    token: superUser,
    body: { ...current.body, ...change },
  });
}

describe("conversions, revenue and uplift over the control group", () => {
  it("attributes purchases within the window after delivery, per group and for the control group", async () => {
    // The segment exists before the campaign names it; this customer has no consent, so it is left out.
    const placeholder = { customer_id: "cv-none", segment_id: "cv-seg", segment_name: "cv-seg", email_consent: false };
    expect((await ingestBatch({ kind: "customers", records: [placeholder], synthetic: true })).errors).toEqual([]);
    const created = await call(campaignings.POST, {
      path: "/campaigning-studio/campaignings/",
      token: user,
      body: {
        campaign_name: "Attribution test",
        audiences: ["cv-seg"],
        audiences_type: "GENERIC",
        channel_type: "email",
        is_abc: true,
        sender: "Shop",
        recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
        campaign_details: [
          group(50),
          group(50, { tags: ["skip-content"], channel_message_text: "", channel_subject: "" }),
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ids = (created.body.campaign_details as { campaign_id: string }[]).map((g) => g.campaign_id);
    const id = ids[0]!;
    const key = await campaignKeyOf(id);

    // Ten customers for each group, picked by the split's rule for this campaign.
    const shares = [
      { group_number: 1, abc_audience_percent: 50 },
      { group_number: 2, abc_audience_percent: 50 },
    ];
    const inGroup: Record<number, string[]> = { 1: [], 2: [] };
    for (let i = 0; inGroup[1]!.length < 10 || inGroup[2]!.length < 10; i++) {
      const customerId = `cv-${i}`;
      const g = groupOf(shares, bucketOf(key, customerId));
      if (inGroup[g]!.length < 10) inGroup[g]!.push(customerId);
    }
    const a = inGroup[1]!;
    const c = inGroup[2]!;
    const customers = [...a, ...c].map((customer_id) => ({
      customer_id,
      first_name: customer_id,
      segment_id: "cv-seg",
      segment_name: "cv-seg",
      email: `${customer_id}@example.test`,
      email_consent: true,
    }));
    expect((await ingestBatch({ kind: "customers", records: customers, synthetic: true })).errors).toEqual([]);

    const ok = await call(approve.PUT, {
      method: "PUT",
      path: `/campaigning-studio/campaignings/${id}/approve`,
      params: { campaign_id: id },
      token: advanced,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const sent = await call(sendInstant.POST, {
      path: "/campaigning-studio/campaignings/send-instant",
      token: advanced,
      body: { campaign_id: id },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const prisma = await db();
    const send = await prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: key } });
    expect((await prepareSend({ sendId: send.send_id })).counts).toMatchObject({ targeted: 10, control: 10 });
    await deliverSend({ sendId: send.send_id });

    const rows = await prisma.campaignMessage.findMany({ where: { send_id: send.send_id } });
    const sentAt = new Map(rows.map((r) => [r.customer_id, r.sent_at]));
    expect(rows.filter((r) => r.status === "sent").map((r) => r.customer_id)).toEqual(expect.arrayContaining(a));
    const started = (await prisma.campaignSend.findUniqueOrThrow({ where: { send_id: send.send_id } })).date_started!;

    // One bounce and two opens in A.
    await recordCampaignEvent({ sendId: send.send_id, customerId: a[9]!, kind: "bounced", leg: "email" });
    for (const customerId of [a[0]!, a[1]!]) {
      await recordCampaignEvent({ sendId: send.send_id, customerId, kind: "opened", leg: "email" });
    }

    const at = (customerId: string, offset: number) =>
      new Date((sentAt.get(customerId) ?? started).getTime() + offset).toISOString();
    const purchase = (n: string, customerId: string, when: string, price: number, quantity = 1) => ({
      event_id: `cv-purchase-${n}`,
      event_type: "purchase",
      customer_id: customerId,
      item_id: "cv-item",
      quantity,
      price,
      timestamp: when,
    });
    const events = [
      purchase("a0", a[0]!, at(a[0]!, 1 * DAY), 10, 2),
      purchase("a1", a[1]!, at(a[1]!, 2 * DAY), 25.5),
      purchase("a2-1", a[2]!, at(a[2]!, 4 * DAY), 5),
      purchase("a2-2", a[2]!, at(a[2]!, 4 * DAY + HOUR), 4.5),
      purchase("a3", a[3]!, at(a[3]!, 6 * DAY), 100),
      purchase("a4", a[4]!, at(a[4]!, -HOUR), 70),
      purchase("c0", c[0]!, new Date(started.getTime() + 3 * DAY).toISOString(), 30),
      purchase("c1", c[1]!, new Date(started.getTime() + 7 * DAY).toISOString(), 40),
    ];
    await ingestBatch({ kind: "items", records: [{ item_id: "cv-item", item_name: "Item", product_price: 10 }] });
    expect((await ingestBatch({ kind: "events", records: events, synthetic: true })).errors).toEqual([]);

    const res = await getReport(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const campaign = res.body.campaigns[0];
    expect(campaign.attribution_window_days).toBe(5);
    const [groupA, control] = campaign.groups;
    expect(groupA.conversion).toEqual({
      recipients: 10,
      conversions: 3,
      conversion_rate: 30,
      revenue: 55,
      revenue_per_recipient: 5.5,
      uplift: { difference: 20, ci_low: -15.98, ci_high: 51.41, method: "newcombe", significant: false },
    });
    expect(control.is_control).toBe(true);
    expect(control.conversion).toEqual({
      recipients: 10,
      conversions: 1,
      conversion_rate: 10,
      revenue: 30,
      revenue_per_recipient: 3,
      uplift: null,
    });
    // The messaged groups together (here A alone) against the control group.
    expect(campaign.conversion).toEqual(groupA.conversion);

    // Open and click rates over targeted and over delivered.
    expect(groupA.metrics).toMatchObject({
      targeted: "10",
      delivered: 9,
      opened: 2,
      clicked: 0,
      percent_open: 20,
      percent_open_of_delivered: 22.22,
      percent_clicked_of_delivered: 0,
    });
    expect(control.metrics).toMatchObject({ targeted: "0", percent_open_of_delivered: 0 });

    // A 7-day window takes in a3 (100.00) and c1 (40.00): 4 of 10 against 2 of 10.
    const wider = await putSettings({ attribution_window_days: 7 });
    expect(wider.status, JSON.stringify(wider.body)).toBe(200);
    const again = (await getReport(id)).body.campaigns[0];
    expect(again.attribution_window_days).toBe(7);
    expect(again.groups[0].conversion).toMatchObject({ conversions: 4, revenue: 155, revenue_per_recipient: 15.5 });
    expect(again.groups[0].conversion.uplift).toMatchObject({ difference: 20 });
    expect(again.groups[1].conversion).toMatchObject({ conversions: 2, revenue: 70, conversion_rate: 20 });
  });

  it("refuses a window outside 1-90 days at the field, and keeps the default when it is left out", async () => {
    const bad = await putSettings({ attribution_window_days: 0 });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("attribution_window_days");
    const current = await call(settingsRoute.GET, { path: "/campaigning-studio/settings", token: superUser });
    const { attribution_window_days: _, ...rest } = current.body;
    const omitted = await call(settingsRoute.PUT, {
      method: "PUT",
      path: "/campaigning-studio/settings",
      token: superUser,
      body: rest,
    });
    expect(omitted.status, JSON.stringify(omitted.body)).toBe(200);
    expect(omitted.body.attribution_window_days).toBe(5);
  });
});
