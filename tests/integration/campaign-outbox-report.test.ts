/**
 * The delivery report's delivered count is true for every provider: SMS, Viber and viber_sms
 * campaigns sent through the outbox (which sends no receipts: the message is delivered when it is
 * in the Outbox) count every message delivered, in the groups, the totals and the day's timeline,
 * and a viber_sms message delivered to the outbox gets no SMS fallback after its validity; an
 * e-mail through the outbox is delivered unless a bounce follows; an SMS through Twilio (a fake of
 * its API, started here) is not delivered until its receipt says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as report from "@/app/api/latest/campaigning-studio/insights/delivery-report/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { RECEIPT_GRACE_MS, sendDueFallbacks } from "@/lib/campaigns/sending/fallback";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { shiftClockForTests } from "@/lib/clock";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db, getDatabase } from "@/lib/db/client";
import { env, resetEnvCache, setEnv } from "@/lib/env";
import { resetThrottle } from "@/lib/messaging/rate-limit";
import { call, tokenFor } from "./http";
import { type FakeTwilio, startFakeTwilio } from "./support/fake-twilio";
import { postTwilioStatus } from "./support/provider-receipts";

const SID = `AC${"3".repeat(32)}`;
const TOKEN = "outbox-report-token";
const N = 3;

let user: string;
let advanced: string;

const base = {
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: 100,
};
const viber = {
  ...base,
  channel_message_text: "Hi {ph_customer.first_name}",
  channel_button: "Shop now",
  channel_button_link: "https://shop.example/sale",
  channel_image_url: "https://shop.example/banner.jpg",
  channel_validity_period: 5,
  channel_validity_unit: "MINUTES",
};
const DETAILS: Record<string, Record<string, unknown>> = {
  sms: { ...base, channel_message_text: "Hi {ph_customer.first_name}" },
  viber,
  viber_sms: { ...viber, channel_fallback_message_text: "SMS for {ph_customer.first_name}" },
  email: { ...base, channel_subject: "News", channel_message_text: "Hello {ph_customer.first_name}" },
};

/** Created, approved, started, prepared and delivered: its campaign id and send id. */
async function sent(segment: string, channel: string): Promise<{ id: string; sendId: string }> {
  const created = await call(campaignings.POST, {
    path: "/campaigning-studio/campaignings/",
    token: user,
    body: {
      campaign_name: `Outbox report ${segment}`,
      audiences: [segment],
      audiences_type: "GENERIC",
      channel_type: channel,
      is_abc: false,
      sender: "",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [DETAILS[channel]],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.campaign_details[0].campaign_id as string;
  const ok = await call(approve.PUT, { method: "PUT", params: { campaign_id: id }, token: advanced });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  const started = await call(sendInstant.POST, { token: advanced, body: { campaign_id: id } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const prisma = await db();
  const send = await prisma.campaignSend.findFirstOrThrow({
    where: { campaign_key: await campaignKeyOf(id) },
    orderBy: { date_created: "desc" },
  });
  expect((await prepareSend({ sendId: send.send_id })).counts?.targeted).toBe(N);
  expect((await deliverSend({ sendId: send.send_id })).sent).toBe(N);
  return { id, sendId: send.send_id };
}

async function metricsOf(id: string) {
  const res = await call(report.GET, {
    path: `/campaigning-studio/insights/delivery-report?${new URLSearchParams({ campaign_id: id })}`,
    token: user,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [campaign] = res.body.campaigns;
  return campaign as {
    metrics: { targeted: string; delivered: number; percent_delivered: number };
    groups: { metrics: { delivered: number } }[];
    timeline: { date: string; delivered: number }[];
  };
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: env().TIMEZONE }).format(new Date());

beforeAll(async () => {
  [user, advanced] = await Promise.all([tokenFor("user"), tokenFor("advanced")]);
  const records = ["sms", "viber", "vs", "mail", "tw"].flatMap((segment, s) =>
    Array.from({ length: N }, (_, i) => ({
      customer_id: `or-${segment}-${i}`,
      first_name: `Or${i}`,
      segment_id: `or-${segment}`,
      segment_name: `or-${segment}`,
      phone_number: `+4207400${s}${String(i).padStart(4, "0")}`,
      email: `or-${segment}-${i}@example.test`,
      sms_consent: true,
      viber_consent: true,
      email_consent: true,
    })),
  );
  expect((await ingestBatch({ kind: "customers", records, synthetic: true })).errors).toEqual([]);
});

afterAll(() => shiftClockForTests(0));

describe("delivered in the report, through the outbox", () => {
  it.each([
    ["sms", "or-sms"],
    ["viber", "or-viber"],
    ["viber_sms", "or-vs"],
    ["email", "or-mail"],
  ])("a %s campaign counts every message delivered, in its group and on today's timeline", async (channel, segment) => {
    const { id } = await sent(segment, channel);
    const campaign = await metricsOf(id);
    expect(campaign.metrics).toMatchObject({ targeted: String(N), delivered: N, percent_delivered: 100 });
    expect(campaign.groups[0]?.metrics.delivered).toBe(N);
    expect(campaign.timeline).toEqual([expect.objectContaining({ date: today(), delivered: N })]);
  });

  it("records each outbox SMS or Viber message's delivery once, on its leg; e-mail's is the report's rule", async () => {
    const database = await getDatabase();
    const rows = await database.sql.query<{ channel: string; leg: string; n: number; receipts: number }>(
      `SELECT m.channel, e.leg, COUNT(*)::int AS n,
              COUNT(*) FILTER (WHERE m.receipt_status = 'delivered')::int AS receipts
       FROM campaign_events e JOIN campaign_messages m ON m.send_id = e.send_id AND m.customer_id = e.customer_id
       WHERE e.kind = 'delivered' AND m.customer_id LIKE 'or-%'
       GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { channel: "sms", leg: "sms", n: N, receipts: N },
      { channel: "viber", leg: "viber", n: N, receipts: N },
      { channel: "viber_sms", leg: "viber", n: N, receipts: N },
    ]);
  });

  it("a viber_sms message delivered to the outbox gets no SMS fallback after its validity", async () => {
    shiftClockForTests(5 * 60_000 + RECEIPT_GRACE_MS + 60_000);
    try {
      expect(await sendDueFallbacks()).toBe(0);
    } finally {
      shiftClockForTests(0);
    }
    const database = await getDatabase();
    const [legs] = await database.sql.query<{ n: number }>(
      "SELECT COUNT(*)::int AS n FROM outbox_messages WHERE context->>'leg' = 'sms' AND context->>'customer_id' LIKE 'or-vs-%'",
    );
    expect(legs?.n).toBe(0);
  });
});

describe("delivered in the report, through Twilio", () => {
  let twilio: FakeTwilio;
  const names = ["SMS_PROVIDER", "TWILIO_BASE_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "SMS_SENDER"] as const;

  beforeAll(async () => {
    twilio = await startFakeTwilio({ sid: SID, token: TOKEN });
    setEnv("SMS_PROVIDER", "twilio");
    setEnv("TWILIO_BASE_URL", twilio.url);
    setEnv("TWILIO_ACCOUNT_SID", SID);
    setEnv("TWILIO_AUTH_TOKEN", TOKEN);
    setEnv("SMS_SENDER", "+15005550006");
    resetThrottle();
  });

  afterAll(async () => {
    for (const name of names) delete process.env[name];
    resetEnvCache();
    await twilio.close();
  });

  it("counts an SMS delivered only once Twilio's receipt says so", async () => {
    const { id } = await sent("or-tw", "sms");
    expect((await metricsOf(id)).metrics.delivered).toBe(0);
    const request = twilio.requests.find((r) => r.params.To === "+420740040000");
    expect(request).toBeDefined();
    const receipt = await postTwilioStatus(request!, { sid: SID, token: TOKEN, status: "delivered" });
    expect(receipt.body.outcomes[0].outcome).toBe("recorded");
    expect((await metricsOf(id)).metrics).toMatchObject({ targeted: String(N), delivered: 1 });
  });
});
