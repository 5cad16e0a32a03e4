/**
 * The fields of a campaign that decide when and what is sent, through the real send path (routes,
 * the scheduler, preparation and delivery called directly; Twilio and Infobip fakes that hold
 * their documented request shapes, and a real SMTP server): each group at its own time
 * (send_promotion_time), schedules in TIMEZONE across both daylight-saving changes of
 * Europe/Ljubljana, the sender in each provider's request, urls_to_short, is_personalized and
 * recommended_products, and the 422s of values that could have no effect.
 */
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as oneCampaign from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { startDueCampaigns } from "@/lib/campaigns/sending/start-due";
import { resolveLink } from "@/lib/campaigns/tracking/links";
import { shiftClockForTests } from "@/lib/clock";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { env, setEnv } from "@/lib/env";
import { resetThrottle } from "@/lib/messaging/rate-limit";
import { closeSmtp } from "@/lib/messaging/smtp";
import { recommendedItems } from "@/lib/recommend/recommend-for-customers";
import { call, tokenFor } from "./http";
import { type FakeInfobip, startFakeInfobip } from "./support/fake-infobip";
import { type FakeTwilio, startFakeTwilio } from "./support/fake-twilio";
import { type MailSink, startMailSink } from "./support/mail-sink";

const SID = `AC${"f".repeat(32)}`;
const TOKEN = "fields-token";
const API_KEY = "fields-key";
const mails: ParsedMail[] = [];
let twilio: FakeTwilio;
let infobip: FakeInfobip;
let smtp: MailSink;
let user: string;
let advanced: string;

const SETTINGS = [
  "SMS_PROVIDER",
  "TWILIO_BASE_URL",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "SMS_SENDER",
  "VIBER_PROVIDER",
  "INFOBIP_BASE_URL",
  "INFOBIP_API_KEY",
  "VIBER_SENDER",
  "SMS_RATE_PER_SECOND",
  "VIBER_RATE_PER_SECOND",
  "SMTP_URL",
] as const;

beforeAll(async () => {
  twilio = await startFakeTwilio({ sid: SID, token: TOKEN });
  infobip = await startFakeInfobip({ apiKey: API_KEY });
  smtp = await startMailSink(mails);
  setEnv("SMS_PROVIDER", "twilio");
  setEnv("TWILIO_BASE_URL", twilio.url);
  setEnv("TWILIO_ACCOUNT_SID", SID);
  setEnv("TWILIO_AUTH_TOKEN", TOKEN);
  setEnv("SMS_SENDER", "+15005550006");
  setEnv("VIBER_PROVIDER", "infobip");
  setEnv("INFOBIP_BASE_URL", infobip.url);
  setEnv("INFOBIP_API_KEY", API_KEY);
  setEnv("VIBER_SENDER", "SettingsViber");
  setEnv("SMS_RATE_PER_SECOND", "0");
  setEnv("VIBER_RATE_PER_SECOND", "0");
  setEnv("SMTP_URL", smtp.url);
  [user, advanced] = await Promise.all([tokenFor("user"), tokenFor("advanced")]);
  const items = Array.from({ length: 8 }, (_, i) => ({
    item_id: `cf-item-${i}`,
    item_name: `Fields product ${i}`,
    product_url: `https://shop.example/p/${i}`,
    product_price: 10 + i,
    main_image: `https://shop.example/p/${i}.jpg`,
  }));
  expect((await ingestBatch({ kind: "items", records: items, synthetic: true })).errors).toEqual([]);
  // Purchases make the best sellers (items 1, then 2, then 0...).
  await ingestBatch({
    kind: "events",
    records: [1, 1, 1, 2, 2, 0].map((n, i) => ({
      event_type: "purchase",
      customer_id: `cf-buyer-${i}`,
      item_id: `cf-item-${n}`,
      price: 10,
      timestamp: new Date(Date.now() - 86_400_000).toISOString().slice(0, 19),
    })),
  });
});

beforeEach(() => resetThrottle());

afterEach(() => {
  shiftClockForTests(0);
  expect(twilio.malformed).toEqual([]);
  expect(infobip.malformed).toEqual([]);
});

afterAll(async () => {
  closeSmtp();
  for (const name of SETTINGS) delete process.env[name];
  setEnv("TIMEZONE", "UTC");
  await Promise.all([twilio.close(), infobip.close(), smtp.close()]);
});

/** A local date-time of TIMEZONE UTC (the tests' zone unless a test sets another). */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);

const group = (percent: number, extra: Record<string, unknown> = {}) => ({
  channel_message_text: "Hi {ph_customer.first_name}",
  channel_subject: "News",
  start_time: local(Date.now() - 60_000),
  end_time: local(Date.now() + 5 * 3_600_000),
  abc_audience_percent: percent,
  ...extra,
});

const campaign = (extra: Record<string, unknown> = {}) => ({
  campaign_name: "Fields test",
  audiences_type: "GENERIC",
  channel_type: "sms",
  is_abc: false,
  sender: "",
  recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
  campaign_details: [group(100)],
  ...extra,
});

const create = (body: Record<string, unknown>) =>
  call(campaignings.POST, { path: "/campaigning-studio/campaignings/", token: user, body });

async function approved(body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const created = await create(body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.campaign_details[0].campaign_id as string;
  const ok = await call(approve.PUT, {
    method: "PUT",
    path: `/campaigning-studio/campaignings/${id}/approve`,
    params: { campaign_id: id },
    token: advanced,
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return { id, key: await campaignKeyOf(id) };
}

async function read(id: string) {
  const res = await call(oneCampaign.GET, { params: { campaign_id: id }, token: user });
  expect(res.status).toBe(200);
  return res.body;
}

/** send-instant, then the preparation and the delivery: the send's id. */
async function sendNow(id: string, key: string): Promise<string> {
  const res = await call(sendInstant.POST, {
    path: "/campaigning-studio/campaignings/send-instant",
    token: advanced,
    body: { campaign_id: id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const send = await latestSend(key);
  await prepareSend({ sendId: send.send_id });
  await deliverSend({ sendId: send.send_id });
  return send.send_id;
}

async function latestSend(key: string) {
  const prisma = await db();
  return prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: key }, orderBy: { date_created: "desc" } });
}

/** Synthetic customers with SMS, e-mail and Viber consent, each its own phone and address. */
async function customers(prefix: string, n: number, base: number): Promise<string[]> {
  const records = Array.from({ length: n }, (_, i) => ({
    customer_id: `${prefix}-${String(i).padStart(3, "0")}`,
    first_name: `First${i}`,
    segment_id: prefix,
    segment_name: prefix,
    sms_consent: true,
    email_consent: true,
    viber_consent: true,
    phone_number: `+4207${String(base + i).padStart(8, "0")}`,
    email: `${prefix}-${i}@example.test`,
  }));
  expect((await ingestBatch({ kind: "customers", records, synthetic: true })).errors).toEqual([]);
  return records.map((r) => r.phone_number);
}

const smsTo = (phones: string[]) => twilio.requests.filter((r) => phones.includes(r.params.To ?? ""));

describe("each group at its own time", () => {
  it("a later group's messages wait for its send_promotion_time, then go; the campaign is Sent after both", async () => {
    const phones = await customers("cf-time", 20, 100);
    const later = Date.now() + 2 * 3_600_000;
    const { id, key } = await approved(
      campaign({
        audiences: ["cf-time"],
        is_abc: true,
        campaign_details: [group(50), group(50, { send_promotion_time: local(later) })],
      }),
    );
    expect((await startDueCampaigns()).started).toContain(key);
    const send = await latestSend(key);
    await prepareSend({ sendId: send.send_id });
    await deliverSend({ sendId: send.send_id });
    const prisma = await db();
    const rows = await prisma.campaignMessage.findMany({ where: { send_id: send.send_id } });
    const a = rows.filter((r) => r.group_number === 1);
    const b = rows.filter((r) => r.group_number === 2);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.every((r) => r.status === "sent")).toBe(true);
    expect(b.every((r) => r.status === "queued" && r.retry_at?.getTime() === Math.floor(later / 1000) * 1000)).toBe(
      true,
    );
    expect(smsTo(phones)).toHaveLength(a.length);
    let view = await read(id);
    expect(view.status).toBe("Sending");
    expect(view.campaign_details.map((g: { sending_status: string }) => g.sending_status)).toEqual([
      "Sending",
      "Not Sent",
    ]);
    // Another run before B's time sends nothing more.
    await deliverSend({ sendId: send.send_id });
    expect(smsTo(phones)).toHaveLength(a.length);

    shiftClockForTests(later - Date.now() + 1000);
    await deliverSend({ sendId: send.send_id });
    expect(smsTo(phones)).toHaveLength(20);
    view = await read(id);
    expect(view.status).toBe("Sent");
  });

  it("a campaign whose groups all send later is started at its first group's time, not its start_time", async () => {
    await customers("cf-first", 2, 200);
    const first = Date.now() + 3_600_000;
    const { key } = await approved(
      campaign({ audiences: ["cf-first"], campaign_details: [group(100, { send_promotion_time: local(first) })] }),
    );
    expect((await startDueCampaigns()).started).not.toContain(key);
    shiftClockForTests(first - Date.now() + 1000);
    expect((await startDueCampaigns()).started).toContain(key);
  });

  it("send_promotion_time outside the group's window is a 422 at the field", async () => {
    const res = await create(
      campaign({
        audiences: ["cf-time"],
        campaign_details: [group(100, { send_promotion_time: local(Date.now() + 9 * 3_600_000) })],
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      {
        loc: ["body", "campaign_details", 0, "send_promotion_time"],
        msg: "must be at or after start_time and before end_time",
      },
    ]);
  });
});

describe("schedules in TIMEZONE (Europe/Ljubljana) across both daylight-saving changes", () => {
  /** Moves this process's clock to the instant. */
  const clockAt = (iso: string) => {
    shiftClockForTests(0);
    shiftClockForTests(new Date(iso).getTime() - Date.now());
  };

  async function runDue(key: string): Promise<Date | undefined> {
    const { started } = await startDueCampaigns();
    if (!started.includes(key)) return undefined;
    const send = await latestSend(key);
    await prepareSend({ sendId: send.send_id });
    await deliverSend({ sendId: send.send_id });
    return send.occurrence_at;
  }

  it("a daily 10:00 send goes at 10:00 local on the days clocks go forward (28 March 2027) and back (31 October 2027)", async () => {
    setEnv("TIMEZONE", "Europe/Ljubljana");
    try {
      await customers("cf-dst", 1, 300);
      const daily = (day: string, until: string) =>
        campaign({
          audiences: ["cf-dst"],
          campaign_details: [group(100, { start_time: `${day}T10:00:00`, end_time: `${day}T12:00:00` })],
          recurring: { recurring_frequency: "daily", recurring_until: until, is_recurring: true },
        });
      const spring = await approved(daily("2027-03-27", "2027-03-29T23:00:00"));
      clockAt("2027-03-27T09:00:30Z"); // Saturday 10:00:30 CET
      expect(await runDue(spring.key)).toEqual(new Date("2027-03-27T09:00:00Z"));
      clockAt("2027-03-28T09:00:30Z"); // Sunday 11:00:30 CEST: the occurrence was at 10:00 CEST
      expect(await runDue(spring.key)).toEqual(new Date("2027-03-28T08:00:00Z"));
      clockAt("2027-03-29T08:00:30Z");
      expect(await runDue(spring.key)).toEqual(new Date("2027-03-29T08:00:00Z"));
      expect((await read(spring.id)).status).toBe("Sent");

      const autumn = await approved(daily("2027-10-30", "2027-10-31T23:00:00"));
      clockAt("2027-10-30T08:00:30Z"); // Saturday 10:00:30 CEST
      expect(await runDue(autumn.key)).toEqual(new Date("2027-10-30T08:00:00Z"));
      clockAt("2027-10-31T08:00:30Z"); // Sunday 09:00:30 CET: 24 hours later, but not 10:00 yet
      expect(await runDue(autumn.key)).toBeUndefined();
      clockAt("2027-10-31T09:00:30Z"); // 10:00:30 CET
      expect(await runDue(autumn.key)).toEqual(new Date("2027-10-31T09:00:00Z"));
      expect((await read(autumn.id)).status).toBe("Sent");
    } finally {
      setEnv("TIMEZONE", "UTC");
    }
  });
});

describe("the sender reaches each provider", () => {
  it("SMS: Twilio's From; Viber: Infobip's sender; e-mail: the From's name on EMAIL_FROM's address", async () => {
    const [phone] = await customers("cf-sender", 1, 400);
    const sms = await approved(campaign({ audiences: ["cf-sender"], sender: "Shop24" }));
    await sendNow(sms.id, sms.key);
    expect(smsTo([phone!]).map((r) => r.params.From)).toEqual(["Shop24"]);

    const viber = await approved(
      campaign({
        audiences: ["cf-sender"],
        channel_type: "viber",
        sender: "Shop Viber",
        campaign_details: [
          group(100, {
            channel_button: "Shop",
            channel_button_link: "https://shop.example/",
            channel_image_url: "https://shop.example/banner.jpg",
            channel_validity_period: 2,
            channel_validity_unit: "HOURS",
          }),
        ],
      }),
    );
    await sendNow(viber.id, viber.key);
    const sent = infobip.requests.filter((r) => r.message.destinations[0]?.to === phone!.slice(1));
    expect(sent.map((r) => r.message.sender)).toEqual(["Shop Viber"]);

    const mail = await approved(campaign({ audiences: ["cf-sender"], channel_type: "email", sender: "Shop News" }));
    const before = mails.length;
    await sendNow(mail.id, mail.key);
    const deadline = Date.now() + 10_000;
    while (mails.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const from = mails.at(-1)?.from?.value[0];
    expect(from).toEqual({ name: "Shop News", address: "no-reply@lumen.local" });
  });

  it("a sender the channel cannot send from is a 422 at sender", async () => {
    const sms = await create(campaign({ audiences: ["cf-sender"], sender: "Shop-News!" }));
    expect(sms.status).toBe(422);
    expect(sms.body.errors[0].loc).toEqual(["body", "sender"]);
    const mail = await create(
      campaign({ audiences: ["cf-sender"], channel_type: "email", sender: "Shop <news@other.example>" }),
    );
    expect(mail.status).toBe(422);
    expect(mail.body.errors).toEqual([
      {
        loc: ["body", "sender"],
        msg: "must be on the sending domain lumen.local (EMAIL_FROM): mail from other.example would fail DKIM and DMARC alignment; a display name alone keeps no-reply@lumen.local",
      },
    ]);
    const ok = await create(
      campaign({ audiences: ["cf-sender"], channel_type: "email", sender: "Shop <news@lumen.local>" }),
    );
    expect(ok.status).toBe(201);
  });
});

describe("urls_to_short, is_personalized and recommended_products", () => {
  it("only the listed links are shortened and tracked; the others go as written", async () => {
    const [phone] = await customers("cf-links", 1, 500);
    const { id, key } = await approved(
      campaign({
        audiences: ["cf-links"],
        campaign_details: [
          group(100, {
            channel_message_text: "Sale https://shop.example/sale and https://blog.example/post",
            urls_to_short: ["https://shop.example/"],
          }),
        ],
      }),
    );
    await sendNow(id, key);
    const [request] = smsTo([phone!]);
    const body = request?.params.Body ?? "";
    const base = env().PUBLIC_URL.replace(/\/+$/, "");
    expect(body).toContain("https://blog.example/post");
    expect(body).not.toContain("https://shop.example/sale");
    const code = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/r/(\\S+)`).exec(body)?.[1];
    expect((await resolveLink(code ?? ""))?.url).toBe("https://shop.example/sale");
  });

  it("not personalised: every recipient the same products (recommended_products, then best sellers); personalised: the pinned ones, then each customer's own", async () => {
    const phones = await customers("cf-products", 3, 600);
    const text = "{ph_product_1.name}|{ph_product_2.name}|{ph_product_3.name}";
    const same = await approved(
      campaign({
        audiences: ["cf-products"],
        campaign_details: [
          group(100, { channel_message_text: text, is_personalized: false, recommended_products: ["cf-item-7"] }),
        ],
      }),
    );
    await sendNow(same.id, same.key);
    const bodies = smsTo(phones).map((r) => r.params.Body);
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toBe("Fields product 7|Fields product 1|Fields product 2");

    const pinned = await approved(
      campaign({
        audiences: ["cf-products"],
        campaign_details: [group(100, { channel_message_text: text, recommended_products: ["cf-item-6"] })],
      }),
    );
    const before = twilio.requests.length;
    await sendNow(pinned.id, pinned.key);
    const ids = phones.map((_, i) => `cf-products-${String(i).padStart(3, "0")}`);
    const own = await recommendedItems(ids, 10, env().DEFAULT_RECOMMENDATION_KIND);
    const prisma = await db();
    const names = new Map((await prisma.item.findMany()).map((i) => [i.item_id, i.item_name]));
    for (const [i, phone] of phones.entries()) {
      const body = twilio.requests.slice(before).find((r) => r.params.To === phone)?.params.Body;
      const rest = (own.get(ids[i]!) ?? []).filter((item) => item !== "cf-item-6").slice(0, 2);
      expect(body).toBe(["Fields product 6", ...rest.map((item) => names.get(item))].join("|"));
    }
  });

  it("values that could have no effect are 422s at their field", async () => {
    const refused = async (extra: Record<string, unknown>) => {
      const res = await create(campaign({ audiences: ["cf-products"], campaign_details: [group(100, extra)] }));
      expect(res.status).toBe(422);
      return res.body.errors.map((e: { loc: (string | number)[] }) => e.loc.slice(1).join("."));
    };
    expect(
      await refused({ channel_message_text: "{ph_product_1.name}", recommended_products: ["no-such-item"] }),
    ).toEqual(["campaign_details.0.recommended_products.0"]);
    expect(await refused({ is_personalized: false })).toEqual(["campaign_details.0.is_personalized"]);
    expect(await refused({ recommended_products: ["cf-item-1"] })).toEqual(["campaign_details.0.recommended_products"]);
    expect(
      await refused({ channel_message_text: "See https://shop.example/a", urls_to_short: ["https://else.example/"] }),
    ).toEqual(["campaign_details.0.urls_to_short.0"]);
  });
});
