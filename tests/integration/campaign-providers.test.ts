/**
 * SMS over Twilio and Viber over Infobip, against local HTTP servers started here that speak
 * those APIs (they check the credentials, record each request and answer as the real APIs do),
 * with delivery receipts posted back to the webhook routes (called directly): signatures checked,
 * replays recorded once; viber_sms's SMS leg after a failed receipt and after the validity
 * passed, exactly once; the per-provider rate; a temporary refusal retried.
 */
import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as infobipHook from "@/app/api/latest/webhooks/infobip/route";
import * as twilioHook from "@/app/api/latest/webhooks/twilio/status/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { sendDueFallbacks } from "@/lib/campaigns/sending/fallback";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { shiftClockForTests } from "@/lib/clock";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db, getDatabase } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { resetThrottle } from "@/lib/messaging/rate-limit";
import { call, tokenFor } from "./http";
import { type FakeInfobip, type InfobipRequest, startFakeInfobip } from "./support/fake-infobip";
import { type FakeTwilio, startFakeTwilio, type TwilioRequest, twilioError } from "./support/fake-twilio";

const SID = `AC${"1".repeat(32)}`;
const TOKEN = "twilio-test-auth-token";
const API_KEY = "infobip-test-key";

let twilio: FakeTwilio;
let infobip: FakeInfobip;
let advanced: string;
let user: string;

/** Twilio's X-Twilio-Signature, computed here independently of the service's code. */
function signTwilio(url: string, params: Record<string, string>, token = TOKEN): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac("sha1", token).update(data).digest("base64");
}

/** Posts a Twilio status callback for a request, as Twilio does (form body, signed URL). */
function twilioReceipt(
  request: TwilioRequest,
  status: string,
  opts: { extra?: Record<string, string>; token?: string; tamper?: boolean } = {},
) {
  const url = new URL(request.params.StatusCallback ?? "");
  const params = {
    AccountSid: SID,
    MessageSid: request.sid,
    SmsSid: request.sid,
    MessageStatus: status,
    To: request.params.To ?? "",
    ApiVersion: "2010-04-01",
    ...opts.extra,
  };
  const signature = signTwilio(url.toString(), params, opts.token);
  const sent = opts.tamper ? { ...params, MessageStatus: "failed" } : params;
  return call(twilioHook.POST, {
    path: url.pathname.replace(/^\/api\/latest/, ""),
    query: Object.fromEntries(url.searchParams),
    rawBody: new URLSearchParams(sent).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
  });
}

/** Posts an Infobip delivery report to the URL given in the request (`url` replaces it). */
function infobipReport(
  request: InfobipRequest,
  groupName: string,
  name: string,
  opts: { url?: string; messageId?: string } = {},
) {
  const url = new URL(opts.url ?? request.message.webhooks?.delivery?.url ?? "");
  return call(infobipHook.POST, {
    path: url.pathname.replace(/^\/api\/latest/, ""),
    query: Object.fromEntries(url.searchParams),
    body: {
      results: [
        {
          bulkId: "bulk-1",
          messageId: opts.messageId ?? request.messageId,
          to: request.message.destinations[0]?.to,
          sentAt: "2026-11-23T10:00:00.000+0000",
          doneAt: "2026-11-23T10:00:05.000+0000",
          status: { groupId: 3, groupName, id: 5, name, description: `${name} (test)` },
          error: { groupId: 0, groupName: "OK", id: 0, name: "NO_ERROR", description: "No Error", permanent: false },
        },
      ],
    },
  });
}

async function customers(records: Record<string, unknown>[]) {
  const result = await ingestBatch({
    kind: "customers",
    synthetic: true,
    records: records.map((r, i) => ({ first_name: `Name${i}`, last_name: "Test", ...r })),
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

const viberGroup = (extra: Record<string, unknown> = {}) =>
  group({
    channel_button: "Open",
    channel_button_link: "https://shop.example/sale",
    channel_image_url: "https://shop.example/banner.jpg",
    channel_validity_period: 5,
    channel_validity_unit: "MINUTES",
    channel_fallback_message_text: "SMS for {ph_customer.first_name}",
    ...extra,
  });

/** Creates, approves, starts and prepares a campaign; its send id. */
async function prepared(segment: string, channel: string, details: Record<string, unknown>): Promise<string> {
  const created = await call(campaignings.POST, {
    path: "/campaigning-studio/campaignings/",
    token: user,
    body: {
      campaign_name: `Providers ${segment}`,
      audiences: [segment],
      audiences_type: "GENERIC",
      channel_type: channel,
      is_abc: false,
      // No sender of its own: the settings' SMS_SENDER and VIBER_SENDER go (a campaign's own
      // sender wins: tests/integration/campaign-fields.test.ts).
      sender: "",
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
  return send.send_id;
}

async function message(sendId: string, customerId: string) {
  const prisma = await db();
  return prisma.campaignMessage.findUniqueOrThrow({
    where: { send_id_customer_id: { send_id: sendId, customer_id: customerId } },
  });
}

async function events(sendId: string) {
  const database = await getDatabase();
  return database.sql.query<{ customer_id: string; kind: string; leg: string; detail: string }>(
    "SELECT customer_id, kind, leg, detail FROM campaign_events WHERE send_id = $1 ORDER BY id",
    [sendId],
  );
}

const smsTo = (phone: string) => twilio.requests.filter((r) => r.params.To === phone);
const viberTo = (phone: string) =>
  infobip.requests.filter((r) => r.message.destinations[0]?.to === phone.replace(/^\+/, ""));

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

// Every request the service made matched the vendor's documented shape.
afterEach(() => {
  expect(twilio.malformed).toEqual([]);
  expect(infobip.malformed).toEqual([]);
});

afterAll(async () => {
  for (const name of [
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
  ]) {
    delete process.env[name];
  }
  resetEnvCache();
  shiftClockForTests(0);
  await Promise.all([twilio.close(), infobip.close()]);
});

describe("SMS over Twilio", () => {
  it("sends To, From, Body and a StatusCallback with basic auth; keeps Twilio's sid", async () => {
    await customers([
      { customer_id: "pv-sms-1", segment_id: "pv-sms", sms_consent: true, phone_number: "+420710000001" },
    ]);
    const sendId = await prepared("pv-sms", "sms", group());
    expect(await deliverSend({ sendId })).toEqual({ sent: 1, failed: 0, finished: true });
    const [request] = smsTo("+420710000001");
    expect(request?.params).toMatchObject({ To: "+420710000001", From: "+15005550006", Body: "Hi Name0" });
    expect(request?.params.StatusCallback).toMatch(
      /\/api\/latest\/webhooks\/twilio\/status\?send=.*&customer=pv-sms-1&leg=sms$/,
    );
    expect((await message(sendId, "pv-sms-1")).provider_message_id).toBe(request?.sid);
  });

  it("a signed delivered receipt records one delivered event; a wrong signature is 403; a replay is recorded once", async () => {
    await customers([
      { customer_id: "pv-rcpt-1", segment_id: "pv-rcpt", sms_consent: true, phone_number: "+420710000011" },
    ]);
    const sendId = await prepared("pv-rcpt", "sms", group());
    await deliverSend({ sendId });
    const request = smsTo("+420710000011")[0]!;

    const wrongToken = await twilioReceipt(request, "delivered", { token: "not-the-token" });
    expect(wrongToken.status).toBe(403);
    const tampered = await twilioReceipt(request, "delivered", { tamper: true });
    expect(tampered.status).toBe(403);
    expect(await events(sendId)).toEqual([]);

    const ok = await twilioReceipt(request, "delivered");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.outcomes[0]).toMatchObject({ message_id: request.sid, outcome: "recorded" });
    const again = await twilioReceipt(request, "delivered");
    expect(again.status).toBe(200);
    expect(again.body.outcomes[0].outcome).toBe("replay");
    // Intermediate statuses are not events.
    expect((await twilioReceipt(request, "sent")).body.outcomes[0].outcome).toBe("ignored");
    expect(await events(sendId)).toEqual([
      { customer_id: "pv-rcpt-1", kind: "delivered", leg: "sms", detail: "twilio delivered" },
    ]);
    expect((await message(sendId, "pv-rcpt-1")).receipt_status).toBe("delivered");
  });

  it("undelivered and failed receipts record failed events with the ErrorCode", async () => {
    await customers([
      { customer_id: "pv-undl-1", segment_id: "pv-undl", sms_consent: true, phone_number: "+420710000021" },
    ]);
    const sendId = await prepared("pv-undl", "sms", group());
    await deliverSend({ sendId });
    const request = smsTo("+420710000021")[0]!;
    expect((await twilioReceipt(request, "undelivered", { extra: { ErrorCode: "30003" } })).status).toBe(200);
    const [event] = await events(sendId);
    expect(event).toMatchObject({ kind: "failed", leg: "sms" });
    expect(event?.detail).toContain("30003");
    expect((await message(sendId, "pv-undl-1")).receipt_status).toBe("failed");
  });
});

describe("Viber over Infobip", () => {
  it("sends sender, destination, text, image, button, validity and a signed delivery URL with the App key", async () => {
    await customers([
      { customer_id: "pv-vb-1", segment_id: "pv-vb", viber_consent: true, phone_number: "+420720000001" },
    ]);
    const sendId = await prepared("pv-vb", "viber", viberGroup());
    expect(await deliverSend({ sendId })).toEqual({ sent: 1, failed: 0, finished: true });
    const [request] = viberTo("+420720000001");
    expect(request?.authorization).toBe(`App ${API_KEY}`);
    // Infobip's Viber Business Messages shape (the fake refuses anything else): the image, the
    // text and the button in an IMAGE content, the validity in options where Infobip reads it.
    expect(request?.message).toMatchObject({
      sender: "ShopViber",
      destinations: [{ to: "420720000001", messageId: request?.messageId }],
      content: {
        type: "IMAGE",
        mediaUrl: "https://shop.example/banner.jpg",
        text: "Hi Name0",
        button: { title: "Open" },
      },
      options: { validityPeriod: { amount: 5, timeUnit: "MINUTES" }, label: "PROMOTIONAL" },
    });
    // The button's link is tracked (a short link of this service).
    expect(request?.message.content.button?.action).toMatch(/\/r\/[A-Za-z0-9_.-]+$/);
    expect(request?.message.webhooks?.delivery?.url).toMatch(/\/api\/latest\/webhooks\/infobip\?.*&sig=/);
    expect((await message(sendId, "pv-vb-1")).provider_message_id).toBe(request?.messageId);

    const url = new URL(request!.message.webhooks?.delivery?.url ?? "");
    url.searchParams.set("sig", "forged");
    expect((await infobipReport(request!, "DELIVERED", "DELIVERED_TO_HANDSET", { url: url.toString() })).status).toBe(
      403,
    );
    // The URL is signed for one message id only.
    expect((await infobipReport(request!, "DELIVERED", "DELIVERED_TO_HANDSET", { messageId: "other" })).status).toBe(
      403,
    );
    expect(await events(sendId)).toEqual([]);

    const ok = await infobipReport(request!, "DELIVERED", "DELIVERED_TO_HANDSET");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.outcomes[0].outcome).toBe("recorded");
    expect((await infobipReport(request!, "DELIVERED", "DELIVERED_TO_HANDSET")).body.outcomes[0].outcome).toBe(
      "replay",
    );
    expect(await events(sendId)).toMatchObject([{ customer_id: "pv-vb-1", kind: "delivered", leg: "viber" }]);
  });
});

describe("viber_sms", () => {
  it("a failed Viber receipt sends the SMS leg at once with the fallback text, exactly once", async () => {
    await customers([
      {
        customer_id: "pv-fb-1",
        segment_id: "pv-fb",
        viber_consent: true,
        sms_consent: true,
        phone_number: "+420730000001",
      },
    ]);
    const sendId = await prepared("pv-fb", "viber_sms", viberGroup());
    await deliverSend({ sendId });
    const viber = viberTo("+420730000001");
    expect(viber).toHaveLength(1);
    expect(smsTo("+420730000001")).toHaveLength(0);

    const failed = await infobipReport(viber[0]!, "UNDELIVERABLE", "UNDELIVERABLE_NOT_DELIVERED");
    expect(failed.body.outcomes[0].outcome).toBe("recorded");
    expect(smsTo("+420730000001")).toHaveLength(1);
    expect(smsTo("+420730000001")[0]?.params.Body).toBe("SMS for Name0");

    // The same report again, the sweep, and the validity passing send nothing more.
    expect(
      (await infobipReport(viber[0]!, "UNDELIVERABLE", "UNDELIVERABLE_NOT_DELIVERED")).body.outcomes[0].outcome,
    ).toBe("replay");
    expect(await sendDueFallbacks()).toBe(0);
    shiftClockForTests(10 * 60 * 1000);
    try {
      expect(await sendDueFallbacks()).toBe(0);
    } finally {
      shiftClockForTests(0);
    }
    expect(smsTo("+420730000001")).toHaveLength(1);
    const row = await message(sendId, "pv-fb-1");
    expect(row).toMatchObject({
      fallback_status: "sent",
      fallback_provider_message_id: smsTo("+420730000001")[0]?.sid,
    });

    // The SMS leg's own receipt is recorded as the sms leg.
    expect((await twilioReceipt(smsTo("+420730000001")[0]!, "delivered")).body.outcomes[0].outcome).toBe("recorded");
    expect((await events(sendId)).map((e) => `${e.kind}/${e.leg}`)).toEqual(["failed/viber", "delivered/sms"]);
  });

  it("a Viber leg not delivered within its validity gets one SMS after the clock passes it; a delivered one none", async () => {
    await customers([
      {
        customer_id: "pv-exp-1",
        segment_id: "pv-exp",
        viber_consent: true,
        sms_consent: true,
        phone_number: "+420740000001",
      },
      {
        customer_id: "pv-exp-2",
        segment_id: "pv-exp",
        viber_consent: true,
        sms_consent: true,
        phone_number: "+420740000002",
      },
    ]);
    const sendId = await prepared("pv-exp", "viber_sms", viberGroup());
    await deliverSend({ sendId });
    await infobipReport(viberTo("+420740000002")[0]!, "DELIVERED", "DELIVERED_TO_HANDSET");
    expect(await sendDueFallbacks()).toBe(0);
    shiftClockForTests(4 * 60 * 1000);
    try {
      expect(await sendDueFallbacks()).toBe(0);
      // Past the validity (5 minutes) but within the grace for a late receipt (2 minutes): nothing yet.
      shiftClockForTests(2 * 60 * 1000);
      expect(await sendDueFallbacks()).toBe(0);
      shiftClockForTests(2 * 60 * 1000);
      // Two sweeps at once: one claims the message, the other finds nothing.
      const counts = await Promise.all([sendDueFallbacks(), sendDueFallbacks()]);
      expect(counts[0] + counts[1]).toBe(1);
      expect(await sendDueFallbacks()).toBe(0);
    } finally {
      shiftClockForTests(0);
    }
    expect(smsTo("+420740000001")).toHaveLength(1);
    expect(smsTo("+420740000001")[0]?.params.Body).toBe("SMS for Name0");
    expect(smsTo("+420740000002")).toHaveLength(0);
  });
});

describe("viber_sms and each customer's consents", () => {
  it("Viber only to who consented to Viber, the SMS at once to who consented to SMS only, no fallback SMS without SMS consent", async () => {
    await customers([
      {
        customer_id: "pv-cs-1",
        segment_id: "pv-cs",
        viber_consent: true,
        sms_consent: false,
        phone_number: "+420750000001",
      },
      {
        customer_id: "pv-cs-2",
        segment_id: "pv-cs",
        viber_consent: false,
        sms_consent: true,
        phone_number: "+420750000002",
      },
      {
        customer_id: "pv-cs-3",
        segment_id: "pv-cs",
        viber_consent: true,
        sms_consent: true,
        phone_number: "+420750000003",
      },
    ]);
    const sendId = await prepared("pv-cs", "viber_sms", viberGroup());
    await deliverSend({ sendId });
    expect(viberTo("+420750000001")).toHaveLength(1);
    expect(viberTo("+420750000002")).toHaveLength(0);
    expect(viberTo("+420750000003")).toHaveLength(1);
    expect(smsTo("+420750000002")).toHaveLength(1);
    expect(smsTo("+420750000002")[0]?.params.Body).toMatch(/^SMS for /);
    // Neither Viber leg is delivered within its validity: only the customer with SMS consent gets the SMS.
    shiftClockForTests(10 * 60 * 1000);
    try {
      expect(await sendDueFallbacks()).toBe(1);
      expect(await sendDueFallbacks()).toBe(0);
    } finally {
      shiftClockForTests(0);
    }
    expect(smsTo("+420750000001")).toHaveLength(0);
    expect(smsTo("+420750000002")).toHaveLength(1);
    expect(smsTo("+420750000003")).toHaveLength(1);
  });
});

describe("viber_sms when the SMS provider refuses for now", () => {
  it("hands the SMS leg back on a 503 and a sweep after its backoff sends it, once", async () => {
    await customers([
      {
        customer_id: "pv-fbt-1",
        segment_id: "pv-fbt",
        viber_consent: true,
        sms_consent: true,
        phone_number: "+420770000001",
      },
    ]);
    const sendId = await prepared("pv-fbt", "viber_sms", viberGroup());
    await deliverSend({ sendId });
    twilio.script("+420770000001", twilioError(503, 20500, "Service unavailable"));
    await infobipReport(viberTo("+420770000001")[0]!, "EXPIRED", "EXPIRED_EXPIRED");
    expect(smsTo("+420770000001")).toHaveLength(0);
    const row = await message(sendId, "pv-fbt-1");
    expect(row.fallback_status).toBeNull();
    expect(row.fallback_error).toContain("503");
    // Not before its backoff (1 s with jitter, as the first leg's retries).
    expect(await sendDueFallbacks()).toBe(0);
    shiftClockForTests(2000);
    expect(await sendDueFallbacks()).toBe(1);
    expect(await sendDueFallbacks()).toBe(0);
    shiftClockForTests(0);
    expect(smsTo("+420770000001")).toHaveLength(1);
    expect((await message(sendId, "pv-fbt-1")).fallback_status).toBe("sent");
  });
});

describe("rate and retries", () => {
  it("holds SMS to SMS_RATE_PER_SECOND (5/s: 15 messages take at least ~2.8 s)", async () => {
    await customers(
      Array.from({ length: 15 }, (_, i) => ({
        customer_id: `pv-rate-${String(i).padStart(2, "0")}`,
        segment_id: "pv-rate",
        sms_consent: true,
        phone_number: `+42075000${String(i).padStart(4, "0")}`,
      })),
    );
    const sendId = await prepared("pv-rate", "sms", group());
    setEnv("SMS_RATE_PER_SECOND", "5");
    try {
      const started = Date.now();
      expect(await deliverSend({ sendId })).toEqual({ sent: 15, failed: 0, finished: true });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1800);
    } finally {
      setEnv("SMS_RATE_PER_SECOND", "0");
    }
  });

  it("retries a temporary refusal (503) after a backoff and fails a permanent one (400) at once", async () => {
    await customers([
      { customer_id: "pv-retry-ok", segment_id: "pv-retry", sms_consent: true, phone_number: "+420760000001" },
      { customer_id: "pv-retry-temp", segment_id: "pv-retry", sms_consent: true, phone_number: "+420760000002" },
      { customer_id: "pv-retry-bad", segment_id: "pv-retry", sms_consent: true, phone_number: "+420760000003" },
    ]);
    twilio.script("+420760000002", twilioError(503, 20500, "Service unavailable"));
    twilio.refuse(
      "+420760000003",
      twilioError(400, 21211, "The 'To' number +420760000003 is not a valid phone number."),
    );
    const sendId = await prepared("pv-retry", "sms", group());
    const started = Date.now();
    expect(await deliverSend({ sendId })).toEqual({ sent: 2, failed: 1, finished: true });
    // The first backoff is 1 s with jitter (x0.75-1.25).
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(await message(sendId, "pv-retry-temp")).toMatchObject({ status: "sent", attempts: 2 });
    const bad = await message(sendId, "pv-retry-bad");
    expect(bad).toMatchObject({ status: "failed", attempts: 1 });
    expect(bad.error).toContain("400");
    expect(smsTo("+420760000002")).toHaveLength(1);
  });
});

describe("transient refusals: backoff, Retry-After, an hour at most", () => {
  it("a 429 with Retry-After: 2 is tried again no sooner than 2 s later, then sent", async () => {
    await customers([
      { customer_id: "pv-429-ok", segment_id: "pv-429", sms_consent: true, phone_number: "+420760000101" },
      { customer_id: "pv-429-wait", segment_id: "pv-429", sms_consent: true, phone_number: "+420760000102" },
    ]);
    const sendId = await prepared("pv-429", "sms", group());
    twilio.script("+420760000102", {
      ...twilioError(429, 20429, "Too Many Requests"),
      headers: { "retry-after": "2" },
    });
    const started = Date.now();
    expect(await deliverSend({ sendId })).toEqual({ sent: 2, failed: 0, finished: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(await message(sendId, "pv-429-wait")).toMatchObject({ status: "sent", attempts: 2 });
    expect(smsTo("+420760000102")).toHaveLength(1);
  });

  it("a long Retry-After (an HTTP date) does not hold the run: the message waits in the queue until then", async () => {
    await customers([
      { customer_id: "pv-ra-ok", segment_id: "pv-ra", sms_consent: true, phone_number: "+420760000111" },
      { customer_id: "pv-ra-wait", segment_id: "pv-ra", sms_consent: true, phone_number: "+420760000112" },
    ]);
    const sendId = await prepared("pv-ra", "sms", group());
    twilio.script("+420760000112", {
      ...twilioError(503, 20503, "Service unavailable"),
      headers: { "retry-after": new Date(Date.now() + 120_000).toUTCString() },
    });
    const started = Date.now();
    expect(await deliverSend({ sendId })).toEqual({ sent: 1, failed: 0, finished: false });
    expect(Date.now() - started).toBeLessThan(10_000);
    const waiting = await message(sendId, "pv-ra-wait");
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    const due = new Date(waiting.retry_at ?? 0).getTime() - Date.now();
    expect(due).toBeGreaterThan(100_000);
    expect(due).toBeLessThanOrEqual(121_000);
    // The send's job is queued again to start when the retry is due.
    const database = await getDatabase();
    const [job] = await database.sql.query<{ start_after: Date }>(
      "SELECT start_after FROM pgboss.job WHERE name = 'campaigns.deliver-send' AND data->>'sendId' = $1 ORDER BY created_on DESC LIMIT 1",
      [sendId],
    );
    expect(
      Math.abs(new Date(job?.start_after ?? 0).getTime() - new Date(waiting.retry_at ?? 0).getTime()),
    ).toBeLessThan(1000);
    shiftClockForTests(121_000);
    try {
      expect(await deliverSend({ sendId })).toEqual({ sent: 1, failed: 0, finished: true });
    } finally {
      shiftClockForTests(0);
    }
    expect(await message(sendId, "pv-ra-wait")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a provider that keeps failing is retried for an hour after the first failure, then the message fails", async () => {
    await customers([
      { customer_id: "pv-hour-ok", segment_id: "pv-hour", sms_consent: true, phone_number: "+420760000121" },
      { customer_id: "pv-hour-down", segment_id: "pv-hour", sms_consent: true, phone_number: "+420760000122" },
    ]);
    const sendId = await prepared("pv-hour", "sms", group());
    twilio.refuse("+420760000122", twilioError(500, 20500, "Internal Server Error"));
    try {
      expect(await deliverSend({ sendId, maxBatches: 1 })).toMatchObject({ sent: 1, failed: 0 });
      const first = await message(sendId, "pv-hour-down");
      expect(first).toMatchObject({ status: "queued", attempts: 1 });
      expect(first.first_failed_at).not.toBeNull();
      // 59 minutes on: still retried.
      shiftClockForTests(59 * 60_000);
      await deliverSend({ sendId, maxBatches: 1 });
      expect(await message(sendId, "pv-hour-down")).toMatchObject({ status: "queued", attempts: 2 });
      // Past the hour: failed with the provider's error.
      shiftClockForTests(2 * 60_000);
      expect(await deliverSend({ sendId })).toMatchObject({ failed: 1, finished: true });
      const failed = await message(sendId, "pv-hour-down");
      expect(failed).toMatchObject({ status: "failed", attempts: 3 });
      expect(failed.error).toContain("500");
      expect(failed.error).toContain("retried for an hour");
    } finally {
      shiftClockForTests(0);
    }
  });
});

describe("the fakes hold the vendors' documented request shapes", () => {
  it("Infobip refuses the image, button and validity where it does not read them; Twilio a misspelt parameter", async () => {
    const post = (url: string, headers: Record<string, string>, body: string) =>
      fetch(url, { method: "POST", headers, body });
    const legacy = await post(
      `${infobip.url}/viber/2/messages`,
      { authorization: `App ${API_KEY}`, "content-type": "application/json" },
      JSON.stringify({
        messages: [
          {
            sender: "ShopViber",
            destinations: [{ to: "420720000099" }],
            content: { type: "TEXT", text: "Hi", imageUrl: "https://shop.example/a.jpg", buttonText: "Open" },
            validityPeriod: 5,
            validityPeriodTimeUnit: "MINUTES",
          },
        ],
      }),
    );
    expect(legacy.status).toBe(400);
    expect(infobip.malformed.flatMap((m) => m.issues).join("\n")).toMatch(/imageUrl|validityPeriod/);
    const misspelt = await post(
      `${twilio.url}/2010-04-01/Accounts/${SID}/Messages.json`,
      {
        authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      new URLSearchParams({ To: "+420720000099", From: "+15005550006", Text: "Hi" }).toString(),
    );
    expect(misspelt.status).toBe(400);
    expect(twilio.malformed).toHaveLength(1);
    // Refused as they should be: not a failure of the service.
    infobip.malformed.length = 0;
    twilio.malformed.length = 0;
  });
});
