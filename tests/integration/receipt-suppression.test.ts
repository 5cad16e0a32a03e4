/**
 * A bounce's suppression is kept with the receipt or report that calls for it, in one
 * transaction: when the suppression's write fails, neither the receipt (a Twilio status callback
 * to the real webhook route, against the local fake of Twilio's API) nor the DSN's feedback is
 * kept, the caller is answered with an error (Twilio retries a 5xx), and the receipt or report
 * delivered again records everything, suppression included; a third delivery is a replay. The
 * failure is injected by wrapping the suppression module (lib/campaigns/suppressions/suppress.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend, messageIdOf } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { handleInboundReport } from "@/lib/campaigns/suppressions/handle-inbound-report";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db, getDatabase } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { resetThrottle } from "@/lib/messaging/rate-limit";
import { call, tokenFor } from "./http";
import { approvedEmailCampaign } from "./support/approved-campaign";
import { type FakeTwilio, startFakeTwilio } from "./support/fake-twilio";
import { postTwilioStatus } from "./support/provider-receipts";

const SID = `AC${"2".repeat(32)}`;
const TOKEN = "receipt-suppression-token";
const ENV = [
  "SMS_PROVIDER",
  "TWILIO_BASE_URL",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "SMS_SENDER",
  "SMS_RATE_PER_SECOND",
] as const;

/** While set, every suppression write throws (after the receipt's and the feedback's writes). */
const failing = { on: false, calls: 0 };

vi.mock("@/lib/campaigns/suppressions/suppress", async (original) => {
  const real = await original<typeof import("@/lib/campaigns/suppressions/suppress")>();
  return {
    ...real,
    suppress: async (...args: Parameters<typeof real.suppress>) => {
      failing.calls++;
      if (failing.on) throw new Error("the suppression could not be written (injected)");
      return real.suppress(...args);
    },
  };
});

let twilio: FakeTwilio;

async function startAndPrepare(id: string): Promise<string> {
  const started = await call(sendInstant.POST, { token: await tokenFor("advanced"), body: { campaign_id: id } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const prisma = await db();
  const send = await prisma.campaignSend.findFirstOrThrow({
    where: { campaign_key: await campaignKeyOf(id) },
    orderBy: { date_created: "desc" },
  });
  expect((await prepareSend({ sendId: send.send_id })).status).toBe("Sending");
  return send.send_id;
}

async function kept(sendId: string, customerId: string, address: string, channel: string) {
  const database = await getDatabase();
  const count = async (sql: string, params: unknown[]) =>
    (await database.sql.query<{ n: number }>(sql, params))[0]?.n ?? -1;
  return {
    events: await count("SELECT COUNT(*)::int AS n FROM campaign_events WHERE send_id = $1 AND customer_id = $2", [
      sendId,
      customerId,
    ]),
    feedback: await count("SELECT COUNT(*)::int AS n FROM message_feedback WHERE send_id = $1 AND customer_id = $2", [
      sendId,
      customerId,
    ]),
    suppressions: await count("SELECT COUNT(*)::int AS n FROM suppressions WHERE channel = $1 AND address = $2", [
      channel,
      address,
    ]),
  };
}

beforeAll(async () => {
  twilio = await startFakeTwilio({ sid: SID, token: TOKEN });
  setEnv("SMS_PROVIDER", "twilio");
  setEnv("TWILIO_BASE_URL", twilio.url);
  setEnv("TWILIO_ACCOUNT_SID", SID);
  setEnv("TWILIO_AUTH_TOKEN", TOKEN);
  setEnv("SMS_SENDER", "+15005550006");
  setEnv("SMS_RATE_PER_SECOND", "0");
  resetThrottle();
  const result = await ingestBatch({
    kind: "customers",
    synthetic: true,
    records: [
      {
        customer_id: "rs-sms-1",
        first_name: "Ria",
        segment_id: "rs-sms",
        segment_name: "rs-sms",
        sms_consent: true,
        phone_number: "+420730000071",
      },
      {
        customer_id: "rs-mail-1",
        first_name: "Rob",
        segment_id: "rs-mail",
        segment_name: "rs-mail",
        email: "rs-mail-1@example.test",
        email_consent: true,
      },
    ],
  });
  expect(result.errors).toEqual([]);
});

afterAll(async () => {
  failing.on = false;
  for (const name of ENV) delete process.env[name];
  resetEnvCache();
  await twilio.close();
});

describe("a bounce's suppression is kept with its receipt", () => {
  it("Twilio: a failed suppression keeps no receipt (5xx); the retried callback records it all, then is a replay", async () => {
    const created = await call(campaignings.POST, {
      path: "/campaigning-studio/campaignings/",
      token: await tokenFor("user"),
      body: {
        campaign_name: "Receipt suppression SMS",
        audiences: ["rs-sms"],
        audiences_type: "GENERIC",
        channel_type: "sms",
        is_abc: false,
        sender: "",
        recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
        campaign_details: [
          {
            channel_message_text: "Hi {ph_customer.first_name}",
            start_time: "2026-12-01T10:00:00",
            end_time: "2026-12-01T18:00:00",
            abc_audience_percent: 100,
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.campaign_details[0].campaign_id as string;
    const ok = await call(approve.PUT, {
      method: "PUT",
      params: { campaign_id: id },
      token: await tokenFor("advanced"),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const sendId = await startAndPrepare(id);
    expect((await deliverSend({ sendId })).sent).toBe(1);
    const request = twilio.requests.find((r) => r.params.To === "+420730000071");
    expect(request).toBeDefined();
    // 21211: an invalid 'To' number, a hard failure: the number is suppressed on SMS at once.
    const hardFailure = { sid: SID, token: TOKEN, status: "undelivered", errorCode: "21211" };

    failing.on = true;
    const calls = failing.calls;
    const refused = await postTwilioStatus(request!, hardFailure);
    expect(refused.status).toBeGreaterThanOrEqual(500);
    // The suppression was reached (the receipt, its event and the feedback were written before it) ...
    expect(failing.calls).toBe(calls + 1);
    // ... and none of them was kept.
    expect(await kept(sendId, "rs-sms-1", "+420730000071", "sms")).toEqual({ events: 0, feedback: 0, suppressions: 0 });
    const database = await getDatabase();
    const receipts = () =>
      database.sql.query("SELECT 1 FROM provider_receipts WHERE provider = 'twilio' AND message_id = $1", [
        request!.sid,
      ]);
    expect(await receipts()).toHaveLength(0);
    const prisma = await db();
    const row = () =>
      prisma.campaignMessage.findUniqueOrThrow({
        where: { send_id_customer_id: { send_id: sendId, customer_id: "rs-sms-1" } },
      });
    expect((await row()).receipt_status).toBeNull();

    failing.on = false;
    const retried = await postTwilioStatus(request!, hardFailure);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.outcomes[0].outcome).toBe("recorded");
    expect(await kept(sendId, "rs-sms-1", "+420730000071", "sms")).toEqual({ events: 2, feedback: 1, suppressions: 1 });
    expect(await receipts()).toHaveLength(1);
    expect((await row()).receipt_status).toBe("failed");
    const [suppression] = await database.sql.query<{ reason: string; source: string; customer_id: string }>(
      "SELECT reason, source, customer_id FROM suppressions WHERE channel = 'sms' AND address = '+420730000071'",
    );
    expect(suppression).toEqual({ reason: "hard_bounce", source: "twilio", customer_id: "rs-sms-1" });

    const replay = await postTwilioStatus(request!, hardFailure);
    expect(replay.body.outcomes[0].outcome).toBe("replay");
    expect(await kept(sendId, "rs-sms-1", "+420730000071", "sms")).toEqual({ events: 2, feedback: 1, suppressions: 1 });
  });

  it("DSN: a failed suppression keeps no feedback; the report handled again records it all", async () => {
    const id = await approvedEmailCampaign("Receipt suppression mail", "rs-mail");
    const sendId = await startAndPrepare(id);
    expect((await deliverSend({ sendId })).sent).toBe(1);
    const report = {
      kind: "dsn" as const,
      tokens: [],
      messageIds: [messageIdOf(sendId, "rs-mail-1")],
      recipients: [
        {
          recipient: "rs-mail-1@example.test",
          action: "failed",
          status: "5.1.1",
          diagnostic: "smtp; 550 5.1.1 user unknown",
          bounce: "hard" as const,
        },
      ],
    };
    failing.on = true;
    await expect(handleInboundReport(report)).rejects.toThrow(/injected/);
    expect(await kept(sendId, "rs-mail-1", "rs-mail-1@example.test", "email")).toEqual({
      events: 0,
      feedback: 0,
      suppressions: 0,
    });
    failing.on = false;
    expect(await handleInboundReport(report)).toBe("recorded");
    expect(await kept(sendId, "rs-mail-1", "rs-mail-1@example.test", "email")).toEqual({
      events: 1,
      feedback: 1,
      suppressions: 1,
    });
    expect(await handleInboundReport(report)).toBe("replay");
  });
});
