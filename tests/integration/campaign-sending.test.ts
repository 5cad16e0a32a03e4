/**
 * Sending campaigns, through the routes (create, approve, send-instant) and the sending jobs
 * called directly (no workers run in tests): refusals of send-instant, the status sequence,
 * preparation's counts (consent, address, frequency cap), the A/B/C split of 1,000 synthetic
 * customers (made here) and its stability, the control group, placeholders with the customer's
 * recommended products, e-mail end to end read back from a real SMTP server started here, a crash
 * mid-send and two delivery runs at once (every recipient exactly one message), a recurring
 * campaign, nothing to send, and the scheduler.
 */
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as oneCampaign from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as settings from "@/app/api/latest/campaigning-studio/settings/route";
import * as oneAudience from "@/app/api/latest/customer-studio/audiences/[audience_id]/route";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend, LEASE_MS, messageIdOf } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { bucketOf, groupOf } from "@/lib/campaigns/sending/split";
import { startDueCampaigns } from "@/lib/campaigns/sending/start-due";
import { resolveLink } from "@/lib/campaigns/tracking/links";
import { shiftClockForTests } from "@/lib/clock";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db, getDatabase } from "@/lib/db/client";
import { env, resetEnvCache, setEnv } from "@/lib/env";
import { sendMessage } from "@/lib/messaging/send-message";
import { closeSmtp } from "@/lib/messaging/smtp";
import { recommendedItems } from "@/lib/recommend/recommend-for-customers";
import { call, tokenFor } from "./http";
import { type MailSink, startMailSink } from "./support/mail-sink";

const mails: ParsedMail[] = [];
const tempFailed = new Set<string>();
let smtp: MailSink;
let user: string;
let advanced: string;
let superUser: string;

/** reject-*: refused for good (550); tempfail-*: refused once (451), then accepted. */
const refuseSome: NonNullable<Parameters<typeof startMailSink>[1]>["onRcptTo"] = (address, _session, done) => {
  const to = address.address;
  const refuse = (code: number) => done(Object.assign(new Error(`refused ${to}`), { responseCode: code }));
  if (to.startsWith("reject-")) return refuse(550);
  if (to.startsWith("tempfail-") && !tempFailed.has(to)) {
    tempFailed.add(to);
    return refuse(451);
  }
  done();
};

/** A tracked text as written: short links back to their targets (no utm here), the unsubscribe footer dropped. */
async function untracked(text: string): Promise<string> {
  const base = env()
    .PUBLIC_URL.replace(/\/+$/, "")
    .replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  let out = text.replace(/\n\n--\nUnsubscribe: \S+\s*$/, "");
  for (const m of [...out.matchAll(new RegExp(`${base}/r/([\\w-]+\\.[\\w-]+\\.[\\w-]+)`, "g"))]) {
    out = out.replace(m[0], (await resolveLink(m[1]!))?.url ?? m[0]);
  }
  return out;
}

const toOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined);

/** Synthetic customers (labelled so): `n` of them in a segment, with the given fields. */
async function makeCustomers(prefix: string, n: number, fields: (i: number) => Record<string, unknown>) {
  const records = Array.from({ length: n }, (_, i) => ({
    customer_id: `${prefix}-${String(i).padStart(4, "0")}`,
    first_name: `First${i}`,
    last_name: `Last${i}`,
    segment_id: prefix,
    segment_name: prefix,
    ...fields(i),
  }));
  const result = await ingestBatch({ kind: "customers", records, synthetic: true });
  expect(result.errors).toEqual([]);
  return records.map((r) => r.customer_id);
}

const group = (percent: number, extra: Record<string, unknown> = {}) => ({
  channel_message_text: "Hi {ph_customer.first_name}",
  channel_subject: "News for {ph_customer.first_name}",
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: percent,
  ...extra,
});

const campaign = (extra: Record<string, unknown> = {}) => ({
  campaign_name: "Sending test",
  audiences: ["cs-none"],
  audiences_type: "GENERIC",
  channel_type: "sms",
  is_abc: false,
  sender: "Shop",
  recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
  campaign_details: [group(100)],
  ...extra,
});

/** A campaign created by the marketer and approved by an advanced user: its first group id and key. */
async function approved(body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const created = await call(campaignings.POST, { path: "/campaigning-studio/campaignings/", token: user, body });
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

const send = (campaignId: string, token = advanced) =>
  call(sendInstant.POST, {
    path: "/campaigning-studio/campaignings/send-instant",
    token,
    body: { campaign_id: campaignId },
  });

async function statusOf(id: string): Promise<string> {
  const res = await call(oneCampaign.GET, {
    path: `/campaigning-studio/campaignings/${id}`,
    params: { campaign_id: id },
    token: user,
  });
  return res.body.status;
}

async function latestSend(key: string) {
  const prisma = await db();
  return prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: key }, orderBy: { date_created: "desc" } });
}

async function messages(sendId: string) {
  const prisma = await db();
  return prisma.campaignMessage.findMany({ where: { send_id: sendId }, orderBy: { customer_id: "asc" } });
}

/** Outbox rows of a send per customer. */
async function outboxCounts(sendId: string): Promise<Map<string, number>> {
  const database = await getDatabase();
  const rows = await database.sql.query<{ customer_id: string; n: number }>(
    "SELECT context->>'customer_id' AS customer_id, COUNT(*)::int AS n FROM outbox_messages WHERE context->>'send_id' = $1 GROUP BY 1",
    [sendId],
  );
  return new Map(rows.map((r) => [r.customer_id, r.n]));
}

async function sendAndPrepare(id: string, key: string) {
  const res = await send(id);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const s = await latestSend(key);
  return { send: s, prepared: await prepareSend({ sendId: s.send_id }) };
}

const setCap = (messages: number, days = 7) =>
  call(settings.PUT, {
    method: "PUT",
    path: "/campaigning-studio/settings",
    token: superUser,
    body: {
      required_approvals: 1,
      large_audience_size: null,
      large_audience_required_approvals: null,
      frequency_cap_messages: messages,
      frequency_cap_days: days,
    },
  });

beforeAll(async () => {
  smtp = await startMailSink(mails, { onRcptTo: refuseSome });
  setEnv("SMTP_URL", smtp.url);
  [user, advanced, superUser] = await Promise.all([tokenFor("user"), tokenFor("advanced"), tokenFor("super")]);
  const items = Array.from({ length: 8 }, (_, i) => ({
    item_id: `cs-item-${i}`,
    item_name: `Synthetic product ${i}`,
    product_url: `https://shop.example/p/${i}`,
    product_price: 10 + i + 0.5,
    main_image: `https://shop.example/p/${i}.jpg`,
  }));
  expect((await ingestBatch({ kind: "items", records: items, synthetic: true })).errors).toEqual([]);
  // Purchases make the best sellers that top up every customer's recommendations.
  await ingestBatch({
    kind: "events",
    records: [0, 1, 2, 3, 4, 5, 1, 1, 2].map((n, i) => ({
      event_type: "purchase",
      customer_id: `cs-buyer-${i}`,
      item_id: `cs-item-${n}`,
      price: 10,
      timestamp: new Date(Date.now() - 86_400_000).toISOString().slice(0, 19),
    })),
  });
  await makeCustomers("cs-none", 2, () => ({ phone_number: "+420700000001" }));
});

afterAll(async () => {
  closeSmtp();
  delete process.env.SMTP_URL;
  resetEnvCache();
  shiftClockForTests(0);
  await smtp.close();
});

describe("send-instant", () => {
  it("is refused for role user (403), unless Approved (409 naming the status), and for an unknown id (404)", async () => {
    const created = await call(campaignings.POST, {
      path: "/campaigning-studio/campaignings/",
      token: user,
      body: campaign(),
    });
    const id = created.body.campaign_details[0].campaign_id;
    expect((await send(id, user)).status).toBe(403);
    const early = await send(id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: "invalid_status" });
    expect(early.body.detail).toContain("Not approved");
    expect((await send("no-such-campaign")).status).toBe(404);
  });

  it("a campaign with nothing to send (no one with consent) ends Not sent with the reason", async () => {
    const { id, key } = await approved(campaign());
    const res = await send(id);
    expect(res.body).toEqual({ status_code: 202, message: expect.stringContaining("triggered") });
    expect(await statusOf(id)).toBe("Preparing");
    expect((await send(id)).body.detail).toContain("Preparing");
    const s = await latestSend(key);
    expect((await prepareSend({ sendId: s.send_id })).status).toBe("Not sent");
    expect(await statusOf(id)).toBe("Not sent");
    const after = await latestSend(key);
    expect(after).toMatchObject({ status: "Not sent", audience: 2, excluded_no_consent: 2, targeted: 0 });
    expect(after.fail_reason).toContain("no sms consent");
    const view = await call(oneCampaign.GET, { params: { campaign_id: id }, token: user });
    expect(view.body.campaign_details[0]).toMatchObject({ sending_status: "Not Sent", is_sent: false });
    expect(view.body.campaign_details[0].fail_reason).toContain("no recipients");
  });
});

describe("preparation", () => {
  it("counts customers without consent, without an address and at the frequency cap; Approved -> Preparing -> Sending -> Sent", async () => {
    await makeCustomers("cs-capped", 1, () => ({ sms_consent: true, phone_number: "+420700000100" }));
    await ingestBatch({
      kind: "customers",
      synthetic: true,
      records: [
        { customer_id: "cs-cons-ok", segment_id: "cs-cons", sms_consent: true, phone_number: "+420700000200" },
        { customer_id: "cs-cons-none", segment_id: "cs-cons", email_consent: true, phone_number: "+420700000201" },
        { customer_id: "cs-cons-nophone", segment_id: "cs-cons", sms_consent: true, phone_number: null },
      ],
    });
    expect((await setCap(1, 7)).status).toBe(200);
    try {
      // The capped customer gets one message now...
      const first = await approved(campaign({ audiences: ["cs-capped"] }));
      const a = await sendAndPrepare(first.id, first.key);
      expect(a.prepared.status).toBe("Sending");
      await deliverSend({ sendId: a.send.send_id });
      expect(await statusOf(first.id)).toBe("Sent");

      // ... so the next campaign within 7 days leaves them out.
      const second = await approved(campaign({ audiences: ["cs-cons", "cs-capped"] }));
      expect(await statusOf(second.id)).toBe("Approved");
      const b = await sendAndPrepare(second.id, second.key);
      expect(b.prepared.counts).toEqual({
        audience: 4,
        excluded_no_consent: 1,
        excluded_no_address: 1,
        excluded_frequency_cap: 1,
        control: 0,
        targeted: 1,
      });
      expect(await statusOf(second.id)).toBe("Sending");
      expect((await messages(b.send.send_id)).map((m) => [m.customer_id, m.status, m.address])).toEqual([
        ["cs-cons-ok", "queued", "+420700000200"],
      ]);
      expect((await prepareSend({ sendId: b.send.send_id })).status).toBe("Sending"); // again: nothing changes
      expect(await messages(b.send.send_id)).toHaveLength(1);
      const done = await deliverSend({ sendId: b.send.send_id });
      expect(done).toEqual({ sent: 1, failed: 0, finished: true });
      expect(await statusOf(second.id)).toBe("Sent");
      expect(await latestSend(second.key)).toMatchObject({ status: "Sent", sent: 1, failed: 0 });

      // With the cap off, the capped customer is sent again.
      expect((await setCap(0)).status).toBe(200);
      const third = await approved(campaign({ audiences: ["cs-capped"], campaign_name: "Uncapped" }));
      expect((await sendAndPrepare(third.id, third.key)).prepared.counts?.targeted).toBe(1);
    } finally {
      await setCap(3, 7);
    }
  });

  it("viber_sms needs Viber or SMS consent and a phone; e-mail needs e-mail consent and an address", async () => {
    await ingestBatch({
      kind: "customers",
      synthetic: true,
      records: [
        { customer_id: "cs-ch-sms", segment_id: "cs-ch", sms_consent: true, phone_number: "+420700000300" },
        { customer_id: "cs-ch-viber", segment_id: "cs-ch", viber_consent: true, phone_number: "+420700000301" },
        { customer_id: "cs-ch-mail", segment_id: "cs-ch", email_consent: true, email: "cs-ch-mail@example.test" },
        { customer_id: "cs-ch-mail-noaddr", segment_id: "cs-ch", email_consent: true },
      ],
    });
    const viberGroup = group(100, {
      channel_button: "Shop {ph_product_1.name}",
      channel_button_link: "{ph_product_1.url}",
      channel_image_url: "https://shop.example/banner.jpg",
      channel_validity_period: 2,
      channel_validity_unit: "HOURS",
      channel_fallback_message_text: "SMS for {ph_customer.first_name}",
    });
    const viber = await approved(
      campaign({ audiences: ["cs-ch"], channel_type: "viber_sms", campaign_details: [viberGroup] }),
    );
    const v = await sendAndPrepare(viber.id, viber.key);
    expect(v.prepared.counts).toMatchObject({
      audience: 4,
      excluded_no_consent: 2,
      excluded_no_address: 0,
      targeted: 2,
    });
    await deliverSend({ sendId: v.send.send_id });
    const prisma = await db();
    const viberOut = await prisma.outboxMessage.findMany({ where: { channel: "viber", recipient: "+420700000301" } });
    expect(viberOut).toHaveLength(1);
    const buttonLink = String((viberOut[0]!.context as { button_link?: unknown }).button_link);
    expect(buttonLink).toContain("/r/"); // a tracked link (lib/campaigns/tracking) to the product
    expect(await untracked(buttonLink)).toMatch(/^https:\/\/shop\.example\/p\//);

    const mail = await approved(campaign({ audiences: ["cs-ch"], channel_type: "email" }));
    const m = await sendAndPrepare(mail.id, mail.key);
    expect(m.prepared.counts).toMatchObject({
      audience: 4,
      excluded_no_consent: 2,
      excluded_no_address: 1,
      targeted: 1,
    });
  });
});

describe("the A/B/C split", () => {
  it("splits 1,000 customers 50/30/20 by the documented hash, the same on the next occurrence; the control group gets nothing; a recurring campaign returns to Approved", async () => {
    const ids = await makeCustomers("cs-split", 1000, (i) => ({
      sms_consent: true,
      phone_number: `+4207${String(i).padStart(8, "0")}`,
    }));
    const { id, key } = await approved(
      campaign({
        audiences: ["cs-split"],
        is_abc: true,
        campaign_details: [group(50), group(30), group(20, { tags: ["skip-content"], channel_message_text: "" })],
        recurring: { recurring_frequency: "daily", recurring_until: "2027-12-31T10:00:00", is_recurring: true },
      }),
    );
    const first = await sendAndPrepare(id, key);
    expect(first.prepared.counts).toMatchObject({ audience: 1000, targeted: expect.any(Number) });
    const rows = await messages(first.send.send_id);
    expect(rows).toHaveLength(1000);
    const perGroup = [1, 2, 3].map((g) => rows.filter((r) => r.group_number === g).length);
    expect(Math.abs(perGroup[0]! - 500)).toBeLessThan(50);
    expect(Math.abs(perGroup[1]! - 300)).toBeLessThan(50);
    expect(Math.abs(perGroup[2]! - 200)).toBeLessThan(50);
    const shares = [1, 2, 3].map((n, i) => ({ group_number: n, abc_audience_percent: [50, 30, 20][i]! }));
    for (const r of rows) expect(r.group_number).toBe(groupOf(shares, bucketOf(key, r.customer_id)));
    expect(rows.filter((r) => r.status === "control")).toHaveLength(perGroup[2]!);
    expect(first.prepared.counts).toMatchObject({ control: perGroup[2], targeted: perGroup[0]! + perGroup[1]! });

    const done = await deliverSend({ sendId: first.send.send_id });
    expect(done).toMatchObject({ sent: perGroup[0]! + perGroup[1]!, failed: 0, finished: true });
    const out = await outboxCounts(first.send.send_id);
    const control = new Set(rows.filter((r) => r.group_number === 3).map((r) => r.customer_id));
    for (const c of ids) expect(out.get(c) ?? 0).toBe(control.has(c) ? 0 : 1);
    // Recurring with occurrences left: back to Approved, and the groups show the last send.
    expect(await statusOf(id)).toBe("Approved");

    const second = await sendAndPrepare(id, key);
    const again = await messages(second.send.send_id);
    expect(again.map((r) => [r.customer_id, r.group_number])).toEqual(rows.map((r) => [r.customer_id, r.group_number]));
  });
});

describe("personalisation and e-mail over SMTP", () => {
  it("renders names, the vocative and the customer's recommended products, read back from the SMTP server", async () => {
    await ingestBatch({
      kind: "customers",
      synthetic: true,
      records: [
        {
          customer_id: "cs-ph-jana",
          first_name: "Jana",
          last_name: "Nováková",
          vocative_name: "Jano",
          email: "jana@example.test",
          email_consent: true,
          segment_id: "cs-ph",
        },
        {
          customer_id: "cs-ph-petr",
          first_name: "Petr",
          last_name: "Novák",
          email: "petr@example.test",
          email_consent: true,
          segment_id: "cs-ph",
        },
      ],
    });
    const text =
      "Dear {ph_customer.vocative_name} {ph_customer.last_name}: {ph_product_1.name} for {ph_product_1.price} at {ph_product_1.url} ({ph_product_1.image}); also {ph_product_2.name}, {ph_product_5.name}.";
    const { id, key } = await approved(
      campaign({
        audiences: ["cs-ph"],
        channel_type: "email",
        campaign_details: [
          group(100, { channel_subject: "For you, {ph_customer.first_name}", channel_message_text: text }),
        ],
      }),
    );
    const { send: s } = await sendAndPrepare(id, key);
    const before = mails.length;
    await deliverSend({ sendId: s.send_id });
    expect(await statusOf(id)).toBe("Sent");

    const recommended = await recommendedItems(["cs-ph-jana", "cs-ph-petr"], 5, env().DEFAULT_RECOMMENDATION_KIND);
    const prisma = await db();
    for (const [customer, address, name, vocative, last] of [
      ["cs-ph-jana", "jana@example.test", "Jana", "Jano", "Nováková"],
      ["cs-ph-petr", "petr@example.test", "Petr", "Petr", "Novák"],
    ] as const) {
      const list = recommended.get(customer) ?? [];
      expect(list.length).toBe(5);
      const items = await prisma.item.findMany({ where: { item_id: { in: list } } });
      const byId = new Map(items.map((i) => [i.item_id, i]));
      const [p1, p2, , , p5] = list.map((i) => byId.get(i)!);
      const want = `Dear ${vocative} ${last}: ${p1!.item_name} for ${p1!.product_price.toFixed(2)} at ${p1!.product_url} (${p1!.main_image}); also ${p2!.item_name}, ${p5!.item_name}.`;
      const deadline = Date.now() + 10_000;
      const find = () => mails.slice(before).find((m) => toOf(m) === address);
      while (!find() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const mail = find();
      expect(mail, `mail to ${address}`).toBeDefined();
      expect(mail!.subject).toBe(`For you, ${name}`);
      expect((await untracked(mail!.text ?? "")).trim()).toBe(want);
      // On the sending domain (EMAIL_FROM's: no-reply@lumen.local by default).
      expect(mail!.messageId).toBe(`<${messageIdOf(s.send_id, customer)}@lumen.local>`);
      const recorded = await prisma.outboxMessage.findUnique({
        where: { message_id: messageIdOf(s.send_id, customer) },
      });
      expect(recorded).toMatchObject({ provider: "smtp", recipient: address });
      expect((await untracked(recorded!.body)).trim()).toBe(want);
    }
  });
});

describe("crash safety and concurrency", () => {
  async function emailCampaign(prefix: string, n: number) {
    const ids = await makeCustomers(prefix, n, (i) => ({ email_consent: true, email: `${prefix}-${i}@example.test` }));
    const { id, key } = await approved(campaign({ audiences: [prefix], channel_type: "email", campaign_name: prefix }));
    const { send: s, prepared } = await sendAndPrepare(id, key);
    expect(prepared.counts?.targeted).toBe(n);
    return { id, key, sendId: s.send_id, ids };
  }

  /** Every recipient: exactly one outbox row and one distinct Message-ID at the SMTP server. */
  async function expectOneEach(sendId: string, ids: string[], prefix: string) {
    const deadline = Date.now() + 10_000;
    const mine = () => mails.filter((m) => toOf(m)?.startsWith(`${prefix}-`));
    while (new Set(mine().map(toOf)).size < ids.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const byAddress = new Map<string, Set<string>>();
    for (const m of mine()) {
      const set = byAddress.get(toOf(m)!) ?? new Set<string>();
      set.add(m.messageId ?? "");
      byAddress.set(toOf(m)!, set);
    }
    expect(byAddress.size).toBe(ids.length);
    for (const set of byAddress.values()) expect(set.size).toBe(1);
    const out = await outboxCounts(sendId);
    expect(out.size).toBe(ids.length);
    for (const c of ids) expect(out.get(c)).toBe(1);
    const rows = await messages(sendId);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    return mine();
  }

  it("a run that dies mid-send is taken up again: rows left in sending go again under the same id, none twice in the outbox", async () => {
    const { id, sendId, ids } = await emailCampaign("cs-crash", 120);
    // A first run gets through one batch of 40, then "dies".
    expect(await deliverSend({ sendId, batchSize: 40, maxBatches: 1 })).toMatchObject({ sent: 40, finished: false });
    // The crash: the next 30 were claimed, 10 of them already accepted by the SMTP server.
    const database = await getDatabase();
    const inFlight = await database.sql.query<{ customer_id: string; address: string }>(
      `UPDATE campaign_messages SET status = 'sending', attempts = attempts + 1, claimed_at = now()
       WHERE send_id = $1 AND customer_id IN (
         SELECT customer_id FROM campaign_messages WHERE send_id = $1 AND status = 'queued' ORDER BY customer_id LIMIT 30)
       RETURNING customer_id, address`,
      [sendId],
    );
    for (const row of inFlight.slice(0, 10)) {
      await sendMessage({
        channel: "email",
        to: row.address,
        subject: "News",
        body: "in flight",
        messageId: messageIdOf(sendId, row.customer_id),
        context: { send_id: sendId, customer_id: row.customer_id },
      });
    }
    // A run while their lease holds sends the queued rest but leaves them (their run may be alive).
    expect(await deliverSend({ sendId })).toMatchObject({ sent: 50, finished: false });
    expect(await statusOf(id)).toBe("Sending");
    // After the lease, the retried job sends them again and finishes.
    shiftClockForTests(LEASE_MS + 1000);
    try {
      expect(await deliverSend({ sendId })).toMatchObject({ sent: 30, finished: true });
    } finally {
      shiftClockForTests(0);
    }
    expect(await statusOf(id)).toBe("Sent");
    const received = await expectOneEach(sendId, ids, "cs-crash");
    // The 10 in flight at the crash reached the server twice, as the same message.
    expect(received.length).toBe(130);
  });

  it("two delivery runs at once send every recipient exactly one message", async () => {
    const { id, sendId, ids } = await emailCampaign("cs-race", 150);
    const [a, b] = await Promise.all([deliverSend({ sendId, batchSize: 20 }), deliverSend({ sendId, batchSize: 20 })]);
    expect(a.sent + b.sent).toBe(150);
    expect(a.finished || b.finished).toBe(true);
    expect(await statusOf(id)).toBe("Sent");
    const received = await expectOneEach(sendId, ids, "cs-race");
    expect(received.length).toBe(150);
  });
});

describe("the scheduler", () => {
  const local = (ms: number) => new Date(ms).toISOString().slice(0, 19);

  it("starts an Approved campaign at its start time, once per occurrence, and the next occurrence a day later", async () => {
    await makeCustomers("cs-sched", 3, () => ({ sms_consent: true, phone_number: "+420700000400" }));
    const start = Date.now() - 60_000;
    const { id, key } = await approved(
      campaign({
        audiences: ["cs-sched"],
        campaign_details: [group(100, { start_time: local(start), end_time: local(start + 3_600_000) })],
        recurring: {
          recurring_frequency: "daily",
          recurring_until: local(start + 2.5 * 86_400_000),
          is_recurring: true,
        },
      }),
    );
    const first = await startDueCampaigns();
    expect(first.started).toContain(key);
    expect(await statusOf(id)).toBe("Preparing");
    expect((await startDueCampaigns()).started).not.toContain(key);
    const s1 = await latestSend(key);
    expect(s1.occurrence_at.getTime()).toBe(Math.floor(start / 1000) * 1000);
    await prepareSend({ sendId: s1.send_id });
    await deliverSend({ sendId: s1.send_id });
    expect(await statusOf(id)).toBe("Approved");
    // Approved again, but this occurrence is done.
    expect((await startDueCampaigns()).started).not.toContain(key);
    shiftClockForTests(86_400_000);
    try {
      expect((await startDueCampaigns()).started).toContain(key);
      const s2 = await latestSend(key);
      expect(s2.occurrence_at.getTime()).toBe(s1.occurrence_at.getTime() + 86_400_000);
      await prepareSend({ sendId: s2.send_id });
      await deliverSend({ sendId: s2.send_id });
      expect(await statusOf(id)).toBe("Approved");
      shiftClockForTests(86_400_000);
      await startDueCampaigns();
      const s3 = await latestSend(key);
      await prepareSend({ sendId: s3.send_id });
      await deliverSend({ sendId: s3.send_id });
      // The last occurrence before recurring_until: the campaign is Sent.
      expect(await statusOf(id)).toBe("Sent");
    } finally {
      shiftClockForTests(0);
    }
  });
});

describe("audiences and failures", () => {
  const brno = [
    {
      filter_group: "demographics",
      filter_group_order: 0,
      next_group_connector: "AND",
      values: [{ filter_name: "city", filter_type: "IN", filter_order: 0, filter_values: ["BRNO"] }],
    },
  ];

  async function audience(name: string, is_dynamic: boolean): Promise<string> {
    const res = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token: user,
      body: { audience_name: name, status: "created", is_dynamic, filters: brno },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.audience_id;
  }

  it("a dynamic audience is recalculated when its campaign is prepared; a deleted audience makes it Not sent", async () => {
    const brnoCustomer = (id: string, phone: string) => ({
      customer_id: id,
      city: "Brno",
      sms_consent: true,
      phone_number: phone,
    });
    await ingestBatch({ kind: "customers", synthetic: true, records: [brnoCustomer("cs-dyn-1", "+420700000500")] });
    const dynamic = await audience("Brno, dynamic", true);
    const gone = await audience("Brno, to be deleted", false);
    const a = await approved(campaign({ audiences_type: "AUDIENCE", audiences: [dynamic] }));
    const b = await approved(campaign({ audiences_type: "AUDIENCE", audiences: [gone] }));
    await ingestBatch({ kind: "customers", synthetic: true, records: [brnoCustomer("cs-dyn-2", "+420700000501")] });

    const prepared = await sendAndPrepare(a.id, a.key);
    expect(prepared.prepared.counts).toMatchObject({ audience: 2, targeted: 2 });
    const stored = await call(oneAudience.GET, { params: { audience_id: dynamic }, token: user });
    expect(stored.body.audience_size).toBe(2);

    // The route refuses to delete an audience an Approved campaign uses (409 in_use); one gone
    // anyway (removed in the database) makes the send Not sent with the reason.
    const refused = await call(oneAudience.DELETE, { method: "DELETE", params: { audience_id: gone }, token: user });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("in_use");
    await (await db()).audience.delete({ where: { audience_id: gone } });
    expect((await sendAndPrepare(b.id, b.key)).prepared.status).toBe("Not sent");
    expect(await statusOf(b.id)).toBe("Not sent");
    expect((await latestSend(b.key)).fail_reason).toContain(gone);
  });

  it("a refused e-mail fails its row; a temporary refusal is retried; every message failed: Not sent", async () => {
    await ingestBatch({
      kind: "customers",
      synthetic: true,
      records: [
        { customer_id: "cs-fail-ok", segment_id: "cs-fail", email_consent: true, email: "ok-1@example.test" },
        { customer_id: "cs-fail-bad", segment_id: "cs-fail", email_consent: true, email: "reject-1@example.test" },
        { customer_id: "cs-fail-temp", segment_id: "cs-fail", email_consent: true, email: "tempfail-1@example.test" },
        { customer_id: "cs-allbad-1", segment_id: "cs-allbad", email_consent: true, email: "reject-2@example.test" },
        { customer_id: "cs-allbad-2", segment_id: "cs-allbad", email_consent: true, email: "reject-3@example.test" },
      ],
    });
    const mixed = await approved(campaign({ audiences: ["cs-fail"], channel_type: "email" }));
    const m = await sendAndPrepare(mixed.id, mixed.key);
    expect(await deliverSend({ sendId: m.send.send_id })).toEqual({ sent: 2, failed: 1, finished: true });
    const rows = new Map((await messages(m.send.send_id)).map((r) => [r.customer_id, r]));
    expect(rows.get("cs-fail-bad")).toMatchObject({ status: "failed", attempts: 1 });
    expect(rows.get("cs-fail-bad")?.error).toContain("550");
    expect(rows.get("cs-fail-temp")).toMatchObject({ status: "sent", attempts: 2 });
    expect(await statusOf(mixed.id)).toBe("Sent");
    expect(await latestSend(mixed.key)).toMatchObject({ status: "Sent", sent: 2, failed: 1 });

    const allBad = await approved(campaign({ audiences: ["cs-allbad"], channel_type: "email" }));
    const b = await sendAndPrepare(allBad.id, allBad.key);
    expect(await deliverSend({ sendId: b.send.send_id })).toEqual({ sent: 0, failed: 2, finished: true });
    expect(await statusOf(allBad.id)).toBe("Not sent");
    expect((await latestSend(allBad.key)).fail_reason).toContain("every message failed");
  });

  it("send-instant holds an Idempotency-Key: a retry gets the first answer and starts nothing more", async () => {
    await makeCustomers("cs-idem", 1, () => ({ sms_consent: true, phone_number: "+420700000600" }));
    const { id, key } = await approved(campaign({ audiences: ["cs-idem"] }));
    const once = () =>
      call(sendInstant.POST, {
        path: "/campaigning-studio/campaignings/send-instant",
        token: advanced,
        body: { campaign_id: id },
        headers: { "Idempotency-Key": `send-${key}` },
      });
    const first = await once();
    const again = await once();
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    const prisma = await db();
    expect(await prisma.campaignSend.count({ where: { campaign_key: key } })).toBe(1);
  });
});

describe("races and lost jobs", () => {
  it("two starts at once: one 202, one 409; two preparations at once write each recipient once", async () => {
    await makeCustomers("cs-twice", 20, (i) => ({ sms_consent: true, phone_number: `+4207100000${i + 10}` }));
    const { id, key } = await approved(campaign({ audiences: ["cs-twice"] }));
    const answers = await Promise.all([send(id), send(id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    const s = await latestSend(key);
    const runs = await Promise.all([prepareSend({ sendId: s.send_id }), prepareSend({ sendId: s.send_id })]);
    expect(runs.filter((r) => r.status === "Sending")).toHaveLength(1);
    expect(await messages(s.send_id)).toHaveLength(20);
    expect(await latestSend(key)).toMatchObject({ status: "Sending", audience: 20, targeted: 20 });
  });

  it("the scheduler queues again the job of a send that has not moved for 10 minutes", async () => {
    await makeCustomers("cs-lost", 2, (i) => ({ sms_consent: true, phone_number: `+4207200000${i + 10}` }));
    const { id, key } = await approved(campaign({ audiences: ["cs-lost"] }));
    expect((await send(id)).status).toBe(202);
    const s = await latestSend(key);
    expect((await startDueCampaigns()).requeued).not.toContain(s.send_id);
    shiftClockForTests(11 * 60_000);
    try {
      expect((await startDueCampaigns()).requeued).toContain(s.send_id);
      // Just queued again: not again at the next tick.
      expect((await startDueCampaigns()).requeued).not.toContain(s.send_id);
    } finally {
      shiftClockForTests(0);
    }
  });
});
