/**
 * The suppression list: its API (create by address or customer, list with filters, delete by
 * super users only, field errors), an unsubscribe that holds against the next import (customer
 * list, audience funnel and campaign preparation all leave the customer out), and the send-time
 * check: recipients deleted, suppressed or without consent since preparation are skipped,
 * counted in the report, and never handed to the provider (the outbox here).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as report from "@/app/api/latest/campaigning-studio/insights/delivery-report/route";
import * as oneSuppression from "@/app/api/latest/campaigning-studio/suppressions/[suppression_id]/route";
import * as suppressions from "@/app/api/latest/campaigning-studio/suppressions/route";
import * as estimate from "@/app/api/latest/customer-studio/audiences/estimate/route";
import * as customers from "@/app/api/latest/data/customers/route";
import * as unsubscribe from "@/app/u/[token]/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { unsubscribeToken } from "@/lib/campaigns/tracking/tokens";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { call, tokenFor } from "./http";
import { approvedEmailCampaign } from "./support/approved-campaign";

let user: string;
let advanced: string;
let superUser: string;

const customer = (i: number, extra: Record<string, unknown> = {}) => ({
  customer_id: `sp-${i}`,
  first_name: `Sp${i}`,
  segment_id: "sp-seg",
  segment_name: "sp-seg",
  email: `Sp-${i}@Example.test`,
  phone_number: `+44 7911 123${String(100 + i)}`,
  email_consent: true,
  sms_consent: true,
  ...extra,
});

const post = (body: unknown, token = user) =>
  call(suppressions.POST, { path: "/campaigning-studio/suppressions", token, body });
const list = (query: Record<string, string | number> = {}) =>
  call(suppressions.GET, { path: "/campaigning-studio/suppressions", token: user, query });

async function emailCampaign(name: string, segment: string): Promise<{ id: string; key: string }> {
  const id = await approvedEmailCampaign(name, segment);
  return { id, key: await campaignKeyOf(id) };
}

/** Starts the send and prepares it (no workers run in tests); delivery is left to the test. */
async function startAndPrepare(campaign: { id: string; key: string }) {
  const res = await call(sendInstant.POST, {
    path: "/campaigning-studio/campaignings/send-instant",
    token: advanced,
    body: { campaign_id: campaign.id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const prisma = await db();
  const send = await prisma.campaignSend.findFirstOrThrow({
    where: { campaign_key: campaign.key },
    orderBy: { date_created: "desc" },
  });
  const prepared = await prepareSend({ sendId: send.send_id });
  return { sendId: send.send_id, prepared };
}

beforeAll(async () => {
  [user, advanced, superUser] = await Promise.all([tokenFor("user"), tokenFor("advanced"), tokenFor("super")]);
  const records = [
    ...Array.from({ length: 6 }, (_, i) => customer(i)),
    customer(6, { email: null, phone_number: null }),
    ...Array.from({ length: 5 }, (_, i) => customer(10 + i, { segment_id: "sp-late", segment_name: "sp-late" })),
  ];
  expect((await ingestBatch({ kind: "customers", records, synthetic: true })).errors).toEqual([]);
});

describe("the suppression API", () => {
  it("creates by address or customer, lists with filters, and deletes for super users only", async () => {
    const byAddress = await post({ channel: "email", address: "  Someone@Example.TEST ", note: "asked by phone" });
    expect(byAddress.status, JSON.stringify(byAddress.body)).toBe(201);
    expect(byAddress.body).toEqual({
      suppression_id: expect.stringMatching(/^suppression-id-[0-9a-f]{32}$/),
      channel: "email",
      address: "someone@example.test",
      customer_id: null,
      reason: "manual",
      source: "api:marketer@example.com",
      note: "asked by phone",
      date_created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    // The same again answers the same row.
    const again = await post({ channel: "email", address: "someone@example.test" });
    expect(again.status).toBe(201);
    expect(again.body.suppression_id).toBe(byAddress.body.suppression_id);

    const byCustomer = await post({ channel: "sms", customer_id: "sp-5", reason: "stop_reply" });
    expect(byCustomer.status, JSON.stringify(byCustomer.body)).toBe(201);
    expect(byCustomer.body).toMatchObject({
      channel: "sms",
      address: "+447911123105",
      customer_id: "sp-5",
      reason: "stop_reply",
    });

    // Field errors: both, neither, a bad address, a bad reason; unknown and address-less customers.
    const both = await post({ channel: "email", address: "a@b.c", customer_id: "sp-1" });
    expect(both.status).toBe(422);
    expect(both.body.errors[0]).toMatchObject({ loc: ["body", "address"] });
    const neither = await post({ channel: "email" });
    expect(neither.status).toBe(422);
    expect(neither.body.errors[0]).toMatchObject({ loc: ["body", "customer_id"] });
    const badEmail = await post({ channel: "email", address: "not an address" });
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors[0].loc).toEqual(["body", "address"]);
    const badPhone = await post({ channel: "viber", address: "call me" });
    expect(badPhone.status).toBe(422);
    expect((await post({ channel: "email", address: "a@b.c", reason: "bored" })).status).toBe(422);
    expect((await post({ channel: "fax", address: "a@b.c" })).status).toBe(422);
    const unknown = await post({ channel: "email", customer_id: "sp-nobody" });
    expect(unknown.status).toBe(409);
    expect(unknown.body.code).toBe("unknown_reference");
    const noAddress = await post({ channel: "email", customer_id: "sp-6" });
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.errors[0]).toMatchObject({ loc: ["body", "customer_id"] });

    // Lists: every filter, the address compared normalised.
    const all = await list({ limit: 100 });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ offset: 0, limit: 100, count: 2 });
    expect(all.body.suppressions).toHaveLength(2);
    expect(
      (await list({ channel: "sms" })).body.suppressions.map((s: { customer_id: string }) => s.customer_id),
    ).toEqual(["sp-5"]);
    expect((await list({ address: "+44 7911 123105" })).body.count).toBe(1);
    expect((await list({ address: "SOMEONE@example.test" })).body.count).toBe(1);
    expect((await list({ customer_id: "sp-5" })).body.count).toBe(1);
    expect((await list({ channel: "viber", customer_id: "sp-5" })).body.count).toBe(0);
    const paged = await list({ limit: 1, offset: 1 });
    expect(paged.body).toMatchObject({ offset: 1, limit: 1, count: 2 });
    expect(paged.body.suppressions).toHaveLength(1);

    // Delete: super only; then gone (404 again).
    const path = `/campaigning-studio/suppressions/${byAddress.body.suppression_id}`;
    const params = { suppression_id: byAddress.body.suppression_id };
    for (const token of [user, advanced]) {
      expect((await call(oneSuppression.DELETE, { method: "DELETE", path, params, token })).status).toBe(403);
    }
    const gone = await call(oneSuppression.DELETE, { method: "DELETE", path, params, token: superUser });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await call(oneSuppression.DELETE, { method: "DELETE", path, params, token: superUser })).status).toBe(404);
    expect((await list()).body.count).toBe(1);
  });
});

describe("effective consent", () => {
  it("an unsubscribe holds against the next import: list, funnel and preparation leave the customer out", async () => {
    const first = await emailCampaign("Suppression first", "sp-seg");
    const sent = await startAndPrepare(first);
    expect(sent.prepared.counts).toMatchObject({ audience: 7, excluded_no_address: 1, targeted: 6 });
    await deliverSend({ sendId: sent.sendId });
    const token = unsubscribeToken({ sendId: sent.sendId, customerId: "sp-2" });
    const res = await unsubscribe.POST(new Request(`http://localhost/u/${token}`, { method: "POST" }), {
      params: Promise.resolve({ token }),
    });
    expect(res.status).toBe(200);
    const mine = await list({ customer_id: "sp-2" });
    expect(mine.body.suppressions).toEqual([
      expect.objectContaining({ channel: "email", address: "sp-2@example.test", reason: "unsubscribe" }),
    ]);
    expect(mine.body.suppressions[0].source).toBe("unsubscribe_link");

    // The shop's feed says email_consent true again.
    expect((await ingestBatch({ kind: "customers", records: [customer(2)] })).errors).toEqual([]);
    const prisma = await db();
    expect((await prisma.customer.findUniqueOrThrow({ where: { customer_id: "sp-2" } })).email_consent).toBe(true);

    // The customer list shows the effective consent and why.
    const listed = await call(customers.GET, { path: "/data/customers", token: user, query: { search: "sp-2" } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const row = listed.body.customers.find((c: { customer_id: string }) => c.customer_id === "sp-2");
    expect(row).toMatchObject({
      customer_id: "sp-2",
      email: "Sp-2@Example.test",
      email_consent: false,
      sms_consent: true,
      suppressions: [{ channel: "email", reason: "unsubscribe", date_created: expect.any(String) }],
    });
    const other = listed.body.customers.find((c: { customer_id: string }) => c.customer_id !== "sp-2");
    if (other) expect(other.suppressions).toEqual([]);
    const five = await call(customers.GET, { path: "/data/customers", token: user, query: { search: "sp-5" } });
    expect(five.body.customers[0]).toMatchObject({
      email_consent: true,
      sms_consent: false,
      suppressions: [{ channel: "sms", reason: "stop_reply" }],
    });

    // The funnel: email_consent True does not count the customer; False does.
    const consent = (value: string) => ({
      filters: [
        {
          filter_group: "demographics",
          filter_group_order: 0,
          next_group_connector: "AND",
          values: [
            {
              filter_name: "segment",
              filter_entity: "customer",
              filter_type: "IN",
              filter_order: 0,
              filter_values: ["sp-seg"],
            },
            {
              filter_name: "email_consent",
              filter_entity: "customer",
              filter_type: "EQ",
              filter_order: 1,
              filter_values: value,
            },
          ],
        },
      ],
    });
    const yes = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token: user,
      body: consent("True"),
    });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body.audience_size).toBe(6);
    const no = await call(estimate.POST, {
      path: "/customer-studio/audiences/estimate",
      token: user,
      body: consent("False"),
    });
    expect(no.body.audience_size).toBe(1);

    // Preparation: the customer is not mailed.
    const second = await emailCampaign("Suppression second", "sp-seg");
    const again = await startAndPrepare(second);
    expect(again.prepared.counts).toMatchObject({ audience: 7, excluded_no_consent: 1, targeted: 5 });
    expect(await prisma.campaignMessage.count({ where: { send_id: again.sendId, customer_id: "sp-2" } })).toBe(0);
    await deliverSend({ sendId: again.sendId });
    const outbox = await prisma.outboxMessage.findMany({ where: { recipient: "Sp-2@Example.test" } });
    expect(outbox).toHaveLength(1); // the first campaign's only
  });
});

describe("the send-time check", () => {
  it("skips recipients deleted, suppressed or without consent since preparation, and counts them", async () => {
    const campaign = await emailCampaign("Suppression late", "sp-late");
    const { sendId, prepared } = await startAndPrepare(campaign);
    expect(prepared.counts).toMatchObject({ audience: 5, targeted: 5 });
    const prisma = await db();
    // After preparation: sp-10 deleted, sp-11 suppressed (the address, another spelling), sp-12 consent withdrawn.
    await prisma.customer.delete({ where: { customer_id: "sp-10" } });
    expect((await post({ channel: "email", address: "SP-11@example.test", reason: "complaint" })).status).toBe(201);
    await ingestBatch({ kind: "customers", records: [customer(12, { email_consent: false, segment_id: "sp-late" })] });

    const totals = await deliverSend({ sendId });
    expect(totals).toMatchObject({ sent: 2, finished: true });
    const rows = await prisma.campaignMessage.findMany({ where: { send_id: sendId }, orderBy: { customer_id: "asc" } });
    expect(rows.map((r) => [r.customer_id, r.status])).toEqual([
      ["sp-10", "skipped"],
      ["sp-11", "skipped"],
      ["sp-12", "skipped"],
      ["sp-13", "sent"],
      ["sp-14", "sent"],
    ]);
    expect(rows[0]!.error).toContain("deleted");
    expect(rows[1]!.error).toContain("suppressed");
    expect(rows[1]!.error).toContain("complaint");
    expect(rows[2]!.error).toContain("consent");
    const handed = await prisma.outboxMessage.findMany({
      where: { recipient: { in: ["Sp-10@Example.test", "Sp-11@Example.test", "Sp-12@Example.test"] } },
    });
    expect(handed).toEqual([]);

    const res = await call(report.GET, {
      path: "/campaigning-studio/insights/delivery-report",
      token: user,
      query: { campaign_id: campaign.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.campaigns[0].metrics).toMatchObject({ targeted: "5", delivered: 2, skipped: 3 });
  });
});
