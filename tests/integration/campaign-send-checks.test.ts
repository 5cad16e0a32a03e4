/**
 * The send path's checks, through the real routes and the providers' fakes (Twilio, Infobip):
 * - viber_sms reads effective consent for each leg: a number suppressed on Viber but not on SMS
 *   gets the SMS at once and no Viber; the SMS leg is checked again when it is due (suppressed,
 *   consent withdrawn: skipped with the reason);
 * - interruptions are counted apart from the provider's retries: a message refused three times
 *   with 429 and then interrupted is sent, not given up as "interrupted in flight 3 times";
 * - the SMS leg follows the first leg's retry policy (Retry-After, permanent refusals, an hour);
 * - a send whose every message was skipped says so (Not sent, with the counts), not "failed (0)";
 * - a Twilio status callback and an Infobip delivery report with a hard-failure code, signed as
 *   the providers sign them, suppress the number (both legs of one viber_sms message too).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as oneCampaign from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as suppressions from "@/app/api/latest/campaigning-studio/suppressions/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend, LEASE_MS } from "@/lib/campaigns/sending/deliver";
import { sendDueFallbacks } from "@/lib/campaigns/sending/fallback";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { now, shiftClockForTests } from "@/lib/clock";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db, getDatabase } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { resetThrottle } from "@/lib/messaging/rate-limit";
import { call, tokenFor } from "./http";
import { type FakeInfobip, startFakeInfobip } from "./support/fake-infobip";
import { type FakeTwilio, startFakeTwilio, twilioError } from "./support/fake-twilio";
import { postInfobipReport, postTwilioStatus } from "./support/provider-receipts";

const SID = `AC${"2".repeat(32)}`;
const TOKEN = "twilio-checks-auth-token";
const API_KEY = "infobip-checks-key";
const ENV = [
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
];

let twilio: FakeTwilio;
let infobip: FakeInfobip;
let user: string;
let advanced: string;

const smsTo = (phone: string) => twilio.requests.filter((r) => r.params.To === phone);
const viberTo = (phone: string) =>
  infobip.requests.filter((r) => r.message.destinations[0]?.to === phone.replace(/^\+/, ""));

async function customers(records: Record<string, unknown>[]) {
  const result = await ingestBatch({
    kind: "customers",
    synthetic: true,
    records: records.map((r, i) => ({ first_name: `Name${i}`, last_name: "Check", ...r })),
  });
  expect(result.errors).toEqual([]);
}

const group = (extra: Record<string, unknown> = {}) => ({
  channel_message_text: "Hi {ph_customer.first_name}",
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: 100,
  ...extra,
});

const viberGroup = () =>
  group({
    channel_button: "Open",
    channel_button_link: "https://shop.example/sale",
    channel_image_url: "https://shop.example/banner.jpg",
    channel_validity_period: 5,
    channel_validity_unit: "MINUTES",
    channel_fallback_message_text: "SMS for {ph_customer.first_name}",
  });

/** Creates, approves, starts and prepares a campaign; its first group's id and its send id. */
async function prepared(segment: string, channel: string, details: Record<string, unknown>) {
  const created = await call(campaignings.POST, {
    path: "/campaigning-studio/campaignings/",
    token: user,
    body: {
      campaign_name: `Checks ${segment}`,
      audiences: [segment],
      audiences_type: "GENERIC",
      channel_type: channel,
      is_abc: false,
      sender: "Shop",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [details],
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
  expect((await prepareSend({ sendId: send.send_id })).status).toBe("Sending");
  return { id, sendId: send.send_id };
}

async function message(sendId: string, customerId: string) {
  const prisma = await db();
  return prisma.campaignMessage.findUniqueOrThrow({
    where: { send_id_customer_id: { send_id: sendId, customer_id: customerId } },
  });
}

const suppress = (body: Record<string, unknown>) =>
  call(suppressions.POST, { path: "/campaigning-studio/suppressions", token: user, body });

async function suppressionsOf(customerId: string) {
  const res = await call(suppressions.GET, {
    path: "/campaigning-studio/suppressions",
    token: user,
    query: { customer_id: customerId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.suppressions as { channel: string; address: string; reason: string; source: string }[])
    .map((s) => ({ channel: s.channel, address: s.address, reason: s.reason, source: s.source }))
    .sort((a, b) => a.channel.localeCompare(b.channel));
}

beforeAll(async () => {
  twilio = await startFakeTwilio({ sid: SID, token: TOKEN });
  infobip = await startFakeInfobip({ apiKey: API_KEY });
  setEnv("SMS_PROVIDER", "twilio");
  setEnv("TWILIO_BASE_URL", twilio.url);
  setEnv("TWILIO_ACCOUNT_SID", SID);
  setEnv("TWILIO_AUTH_TOKEN", TOKEN);
  setEnv("SMS_SENDER", "+15005550006");
  setEnv("VIBER_PROVIDER", "infobip");
  setEnv("INFOBIP_BASE_URL", infobip.url);
  setEnv("INFOBIP_API_KEY", API_KEY);
  setEnv("VIBER_SENDER", "ShopViber");
  setEnv("SMS_RATE_PER_SECOND", "0");
  setEnv("VIBER_RATE_PER_SECOND", "0");
  [user, advanced] = await Promise.all([tokenFor("user"), tokenFor("advanced")]);
});

beforeEach(() => resetThrottle());

afterEach(() => {
  shiftClockForTests(0);
  expect(twilio.malformed).toEqual([]);
  expect(infobip.malformed).toEqual([]);
});

afterAll(async () => {
  for (const name of ENV) delete process.env[name];
  resetEnvCache();
  shiftClockForTests(0);
  await Promise.all([twilio.close(), infobip.close()]);
});

describe("viber_sms and effective consent", () => {
  it("a number suppressed on Viber only gets the SMS at once; the SMS leg is checked again when due", async () => {
    const phone = (n: number) => `+42079100000${n}`;
    await customers(
      [1, 2, 3, 4].map((n) => ({
        customer_id: `sc-vs-${n}`,
        segment_id: "sc-vs",
        viber_consent: true,
        sms_consent: true,
        phone_number: phone(n),
      })),
    );
    // Before the send: 1 unsubscribed from Viber (not from SMS), 2 from SMS (not from Viber).
    expect((await suppress({ channel: "viber", customer_id: "sc-vs-1", reason: "unsubscribe" })).status).toBe(201);
    expect((await suppress({ channel: "sms", customer_id: "sc-vs-2", reason: "stop_reply" })).status).toBe(201);
    const { sendId } = await prepared("sc-vs", "viber_sms", viberGroup());
    expect(await deliverSend({ sendId })).toEqual({ sent: 4, failed: 0, finished: true });

    // 1: no Viber, the SMS with the fallback text at once, and never a second SMS.
    expect(viberTo(phone(1))).toHaveLength(0);
    expect(smsTo(phone(1)).map((r) => r.params.Body)).toEqual(["SMS for Name0"]);
    expect((await message(sendId, "sc-vs-1")).fallback_status).toBe("direct");
    for (const n of [2, 3, 4]) expect(viberTo(phone(n))).toHaveLength(1);

    // After the Viber legs went out: 3 withdraws SMS consent in the feed.
    await customers([
      {
        customer_id: "sc-vs-3",
        segment_id: "sc-vs",
        viber_consent: true,
        sms_consent: false,
        phone_number: phone(3),
      },
    ]);
    // No Viber leg is delivered within its validity: only 4 gets the SMS leg.
    shiftClockForTests(10 * 60 * 1000);
    expect(await sendDueFallbacks()).toBe(1);
    expect(await sendDueFallbacks()).toBe(0);
    expect(smsTo(phone(1))).toHaveLength(1);
    expect(smsTo(phone(2))).toHaveLength(0);
    expect(smsTo(phone(3))).toHaveLength(0);
    expect(smsTo(phone(4)).map((r) => r.params.Body)).toEqual(["SMS for Name3"]);
    const two = await message(sendId, "sc-vs-2");
    expect(two.fallback_status).toBe("skipped");
    expect(two.fallback_error).toBe("skipped: the number is suppressed on SMS (stop_reply)");
    const three = await message(sendId, "sc-vs-3");
    expect(three.fallback_status).toBe("skipped");
    expect(three.fallback_error).toBe("skipped: the customer has no SMS consent");
    expect((await message(sendId, "sc-vs-4")).fallback_status).toBe("sent");
  });
});

describe("interruptions are not provider retries", () => {
  it("a message refused three times with 429 and then interrupted is sent after the lease", async () => {
    const phone = "+420792000001";
    await customers([{ customer_id: "sc-int-1", segment_id: "sc-int", sms_consent: true, phone_number: phone }]);
    const { sendId } = await prepared("sc-int", "sms", group());
    const tooMany = { ...twilioError(429, 20429, "Too Many Requests"), headers: { "retry-after": "1" } };
    twilio.script(phone, tooMany, tooMany, tooMany);
    // Three runs, each refused with 429 and leaving the message queued for its retry (the
    // clock moves past each backoff: 1, 2, 4 s with jitter).
    for (let run = 1; run <= 3; run++) {
      shiftClockForTests(10_000);
      expect(await deliverSend({ sendId, maxBatches: 1 })).toMatchObject({ sent: 0, failed: 0, finished: false });
      expect(await message(sendId, "sc-int-1")).toMatchObject({ status: "queued", attempts: run, interruptions: 0 });
    }
    // A fourth run claims it and dies before Twilio answers.
    const database = await getDatabase();
    shiftClockForTests(10_000);
    await database.sql.query(
      `UPDATE campaign_messages SET status = 'sending', attempts = attempts + 1, claimed_at = $2
       WHERE send_id = $1 AND customer_id = 'sc-int-1'`,
      [sendId, now()],
    );
    // Within its lease nobody takes it; after the lease it is sent (one interruption, not three).
    expect(await deliverSend({ sendId })).toEqual({ sent: 0, failed: 0, finished: false });
    expect(smsTo(phone)).toHaveLength(0);
    shiftClockForTests(LEASE_MS + 1000);
    expect(await deliverSend({ sendId })).toEqual({ sent: 1, failed: 0, finished: true });
    const row = await message(sendId, "sc-int-1");
    expect(row).toMatchObject({ status: "sent", attempts: 5, interruptions: 1 });
    expect(row.error).toBeNull();
    expect(smsTo(phone)).toHaveLength(1);
  });

  it("a message interrupted in flight three times is failed with that reason", async () => {
    const phone = "+420792000011";
    await customers([{ customer_id: "sc-int3-1", segment_id: "sc-int3", sms_consent: true, phone_number: phone }]);
    const { sendId } = await prepared("sc-int3", "sms", group());
    const database = await getDatabase();
    // Two earlier runs died with it in flight; a third claimed it and died too.
    await database.sql.query(
      `UPDATE campaign_messages SET status = 'sending', attempts = 3, interruptions = 2, claimed_at = $2
       WHERE send_id = $1`,
      [sendId, now()],
    );
    shiftClockForTests(LEASE_MS + 1000);
    expect(await deliverSend({ sendId })).toMatchObject({ sent: 0, finished: true });
    const row = await message(sendId, "sc-int3-1");
    expect(row).toMatchObject({ status: "failed", interruptions: 3 });
    expect(row.error).toContain("interrupted in flight 3 times");
    expect(smsTo(phone)).toHaveLength(0);
  });
});

describe("the SMS leg's retries follow the first leg's policy", () => {
  it("honours Retry-After, fails a permanent refusal at once, and gives up an hour after the first refusal", async () => {
    const phone = (n: number) => `+42079300000${n}`;
    await customers(
      [1, 2, 3].map((n) => ({
        customer_id: `sc-fbr-${n}`,
        segment_id: "sc-fbr",
        viber_consent: true,
        sms_consent: true,
        phone_number: phone(n),
      })),
    );
    const { sendId } = await prepared("sc-fbr", "viber_sms", viberGroup());
    await deliverSend({ sendId });
    // 1: a 429 asking for two minutes; 2: Twilio's permanent 21211; 3: a 500 that does not pass.
    twilio.script(phone(1), { ...twilioError(429, 20429, "Too Many Requests"), headers: { "retry-after": "120" } });
    twilio.refuse(phone(2), twilioError(400, 21211, `The 'To' number ${phone(2)} is not a valid phone number.`));
    twilio.refuse(phone(3), twilioError(500, 20500, "Internal Server Error"));
    for (const n of [1, 2, 3]) {
      const report = await postInfobipReport(viberTo(phone(n))[0]!, {
        groupName: "UNDELIVERABLE",
        name: "UNDELIVERABLE_NOT_DELIVERED",
      });
      expect(report.status, JSON.stringify(report.body)).toBe(200);
    }
    const one = await message(sendId, "sc-fbr-1");
    expect(one.fallback_status).toBeNull();
    expect(one.fallback_error).toContain("429");
    const wait = new Date(one.fallback_retry_at ?? 0).getTime() - Date.now();
    expect(wait).toBeGreaterThan(115_000);
    expect(wait).toBeLessThanOrEqual(121_000);
    const two = await message(sendId, "sc-fbr-2");
    expect(two).toMatchObject({ fallback_status: "failed", fallback_attempts: 1 });
    expect(two.fallback_error).toContain("21211");
    expect((await message(sendId, "sc-fbr-3")).fallback_status).toBeNull();

    // Before its Retry-After, 1 is not tried again (3's short backoff has passed: refused again).
    shiftClockForTests(60_000);
    expect(await sendDueFallbacks()).toBe(0);
    expect(smsTo(phone(1))).toHaveLength(0);
    shiftClockForTests(65_000);
    expect(await sendDueFallbacks()).toBe(1);
    expect(smsTo(phone(1))).toHaveLength(1);
    expect((await message(sendId, "sc-fbr-1")).fallback_status).toBe("sent");
    expect(smsTo(phone(2))).toHaveLength(0);

    // 3 keeps being refused: still retried at 59 minutes, failed past the hour.
    shiftClockForTests(59 * 60_000 - 125_000);
    await sendDueFallbacks();
    expect((await message(sendId, "sc-fbr-3")).fallback_status).toBeNull();
    shiftClockForTests(3 * 60_000);
    await sendDueFallbacks();
    const three = await message(sendId, "sc-fbr-3");
    expect(three.fallback_status).toBe("failed");
    expect(three.fallback_error).toContain("500");
    expect(three.fallback_error).toContain("retried for an hour");
    expect(three.fallback_interruptions).toBe(0);
  });
});

describe("a send whose every message was skipped", () => {
  it("is Not sent with what happened and the counts, not 'every message failed (0)'", async () => {
    await customers(
      [1, 2].map((n) => ({
        customer_id: `sc-skip-${n}`,
        segment_id: "sc-skip",
        sms_consent: true,
        phone_number: `+42079400000${n}`,
      })),
    );
    const { id, sendId } = await prepared("sc-skip", "sms", group());
    // After preparation both numbers are suppressed.
    for (const n of [1, 2]) {
      expect((await suppress({ channel: "sms", customer_id: `sc-skip-${n}`, reason: "manual" })).status).toBe(201);
    }
    expect(await deliverSend({ sendId })).toEqual({ sent: 0, failed: 0, finished: true });
    expect(twilio.requests.filter((r) => r.params.To?.startsWith("+42079400000"))).toEqual([]);
    const prisma = await db();
    const send = await prisma.campaignSend.findUniqueOrThrow({ where: { send_id: sendId } });
    expect(send).toMatchObject({ status: "Not sent", sent: 0, failed: 0 });
    expect(send.fail_reason).toBe(
      "all 2 messages were skipped at send time, none was sent; 2 because the address was suppressed after the send was prepared (manual)",
    );
    const campaign = await call(oneCampaign.GET, { params: { campaign_id: id }, token: user });
    expect(campaign.body.status).toBe("Not sent");
    expect(campaign.body.campaign_details[0].fail_reason).toBe(send.fail_reason);
    expect(campaign.body.campaign_details[0].fail_reason).not.toContain("failed");
  });
});

describe("hard failures in the providers' delivery statuses suppress the number", () => {
  it("a signed Twilio status callback with ErrorCode 30005 suppresses the number on SMS; a soft 30003 does not", async () => {
    await customers([
      { customer_id: "sc-tw-hard", segment_id: "sc-tw", sms_consent: true, phone_number: "+420795000001" },
      { customer_id: "sc-tw-soft", segment_id: "sc-tw", sms_consent: true, phone_number: "+420795000002" },
    ]);
    const { sendId } = await prepared("sc-tw", "sms", group());
    await deliverSend({ sendId });
    const hard = await postTwilioStatus(smsTo("+420795000001")[0]!, {
      sid: SID,
      token: TOKEN,
      status: "undelivered",
      errorCode: "30005",
    });
    expect(hard.status, JSON.stringify(hard.body)).toBe(200);
    expect(hard.body.outcomes[0].outcome).toBe("recorded");
    const soft = await postTwilioStatus(smsTo("+420795000002")[0]!, {
      sid: SID,
      token: TOKEN,
      status: "undelivered",
      errorCode: "30003",
    });
    expect(soft.status).toBe(200);
    expect(await suppressionsOf("sc-tw-hard")).toEqual([
      { channel: "sms", address: "+420795000001", reason: "hard_bounce", source: "twilio" },
    ]);
    expect(await suppressionsOf("sc-tw-soft")).toEqual([]);
    // A forged callback (wrong token) suppresses nothing.
    const forged = await postTwilioStatus(smsTo("+420795000002")[0]!, {
      sid: SID,
      token: "not-the-token",
      status: "failed",
      errorCode: "30005",
    });
    expect(forged.status).toBe(403);
    expect(await suppressionsOf("sc-tw-soft")).toEqual([]);
  });

  it("an Infobip report of an unknown subscriber suppresses the number on Viber; with viber_sms the SMS leg's own hard failure suppresses it on SMS too", async () => {
    await customers([
      {
        customer_id: "sc-ib-1",
        segment_id: "sc-ib",
        viber_consent: true,
        sms_consent: true,
        phone_number: "+420796000001",
      },
    ]);
    const { sendId } = await prepared("sc-ib", "viber_sms", viberGroup());
    await deliverSend({ sendId });
    const report = await postInfobipReport(viberTo("+420796000001")[0]!, {
      groupName: "UNDELIVERABLE",
      name: "UNDELIVERABLE_NOT_DELIVERED",
      error: {
        groupId: 1,
        groupName: "HANDSET_ERRORS",
        id: 1,
        name: "EC_UNKNOWN_SUBSCRIBER",
        description: "The number does not exist or is not assigned to an active subscriber.",
        permanent: true,
      },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.outcomes[0].outcome).toBe("recorded");
    expect(await suppressionsOf("sc-ib-1")).toEqual([
      { channel: "viber", address: "+420796000001", reason: "hard_bounce", source: "infobip" },
    ]);
    // The failed Viber leg sent the SMS leg at once; Twilio reports it undeliverable as well.
    const sms = smsTo("+420796000001");
    expect(sms).toHaveLength(1);
    const status = await postTwilioStatus(sms[0]!, { sid: SID, token: TOKEN, status: "failed", errorCode: "30005" });
    expect(status.body.outcomes[0].outcome).toBe("recorded");
    expect(await suppressionsOf("sc-ib-1")).toEqual([
      { channel: "sms", address: "+420796000001", reason: "hard_bounce", source: "twilio" },
      { channel: "viber", address: "+420796000001", reason: "hard_bounce", source: "infobip" },
    ]);
  });
});
