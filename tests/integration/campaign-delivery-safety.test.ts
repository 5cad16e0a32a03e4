/**
 * Every message once: a message that fails to compose, or whose outcome the database refuses,
 * fails alone (its batch is sent and recorded, nothing is sent twice); a long batch keeps its
 * lease, so a second run does not take its rows; the viber_sms SMS leg claimed by a run that died
 * is sent after the lease, once; the frequency cap counts prepared messages, so two campaigns
 * prepared together cannot both pass it, and it still counts an archived campaign's messages.
 * Faults are injected by wrapping the composer and the provider hand-over of this file's modules.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as archive from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/archive/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as settings from "@/app/api/latest/campaigning-studio/settings/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend, LEASE_MS } from "@/lib/campaigns/sending/deliver";
import { fallbackIdOf, sendDueFallbacks } from "@/lib/campaigns/sending/fallback";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { shiftClockForTests } from "@/lib/clock";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db, getDatabase } from "@/lib/db/client";
import { call, tokenFor } from "./http";
import { VIBER_SMS_DETAILS } from "./support/approved-campaign";
import { until } from "./support/until";

/**
 * Faults by customer id: compose throws; the hand-over answers an outbox row the database refuses;
 * a hand-over held until its gate opens. `onFilter` runs once, when the next claimed batch is
 * checked for consent (between a run's claim and its claim ahead).
 */
const faults = {
  compose: new Set<string>(),
  unrecordable: new Set<string>(),
  gated: new Map<string, Promise<void>>(),
  onFilter: null as null | (() => void),
};
const handed = new Map<string, number>();

vi.mock("@/lib/campaigns/suppressions/filter-sendable", async (original) => {
  const real = await original<typeof import("@/lib/campaigns/suppressions/filter-sendable")>();
  return {
    ...real,
    filterSendable: async (...args: Parameters<typeof real.filterSendable>) => {
      const hook = faults.onFilter;
      faults.onFilter = null;
      hook?.();
      return real.filterSendable(...args);
    },
  };
});

vi.mock("@/lib/campaigns/sending/compose-message", async (original) => {
  const real = await original<typeof import("@/lib/campaigns/sending/compose-message")>();
  return {
    ...real,
    messageFor: async (...args: Parameters<typeof real.messageFor>) => {
      const customer = String((args[4] as { customer_id?: unknown } | undefined)?.customer_id ?? "");
      if (faults.compose.has(customer)) throw new Error(`template engine failed for ${customer}`);
      return real.messageFor(...args);
    },
  };
});

vi.mock("@/lib/messaging/send-message", async (original) => {
  const real = await original<typeof import("@/lib/messaging/send-message")>();
  return {
    ...real,
    // An SMS leg (./fallback.ts) goes through sendMessage: held while its gate `sms:<customer>` is shut.
    sendMessage: async (message: Parameters<typeof real.sendMessage>[0]) => {
      await faults.gated.get(`sms:${String(message.context?.customer_id ?? "")}`);
      return real.sendMessage(message);
    },
    handOver: async (message: Parameters<typeof real.handOver>[0]) => {
      const customer = String(message.context?.customer_id ?? "");
      handed.set(customer, (handed.get(customer) ?? 0) + 1);
      await faults.gated.get(customer);
      const out = await real.handOver(message);
      // A NUL byte: PostgreSQL refuses the text, so this outcome cannot be written.
      if (faults.unrecordable.has(customer)) out.row.body = `${out.row.body}\u0000`;
      return out;
    },
  };
});

let user: string;
let advanced: string;
let superUser: string;

afterEach(() => {
  faults.compose.clear();
  faults.unrecordable.clear();
  faults.gated.clear();
  faults.onFilter = null;
  handed.clear();
  shiftClockForTests(0);
});

async function makeCustomers(prefix: string, n: number, fields: Record<string, unknown>) {
  const records = Array.from({ length: n }, (_, i) => ({
    customer_id: `${prefix}-${String(i).padStart(4, "0")}`,
    first_name: `First${i}`,
    segment_id: prefix,
    segment_name: prefix,
    ...fields,
  }));
  const result = await ingestBatch({ kind: "customers", records, synthetic: true });
  expect(result.errors).toEqual([]);
  return records.map((r) => r.customer_id);
}

const group = (extra: Record<string, unknown> = {}) => ({
  channel_message_text: "Hi {ph_customer.first_name}",
  channel_subject: "News",
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: 100,
  ...extra,
});

async function approvedCampaign(name: string, segment: string, channel: string, extra: Record<string, unknown> = {}) {
  const created = await call(campaignings.POST, {
    path: "/campaigning-studio/campaignings/",
    token: user,
    body: {
      campaign_name: name,
      audiences: [segment],
      audiences_type: "GENERIC",
      channel_type: channel,
      is_abc: false,
      sender: "Shop",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [group(extra)],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.campaign_details[0].campaign_id as string;
  const ok = await call(approve.PUT, {
    method: "PUT",
    path: `/campaigning-studio/campaignings/${id}/approve`,
    params: { campaign_id: id },
    token: advanced,
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return id;
}

/** send-instant, then the send's id (Preparing). */
async function started(id: string): Promise<string> {
  const res = await call(sendInstant.POST, {
    path: "/campaigning-studio/campaignings/send-instant",
    token: advanced,
    body: { campaign_id: id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const prisma = await db();
  const send = await prisma.campaignSend.findFirstOrThrow({
    where: { campaign_key: await campaignKeyOf(id) },
    orderBy: { date_created: "desc" },
  });
  return send.send_id;
}

async function statuses(sendId: string) {
  const prisma = await db();
  return prisma.campaignMessage.findMany({ where: { send_id: sendId }, orderBy: { customer_id: "asc" } });
}

async function outboxPerCustomer(sendId: string): Promise<Map<string, number>> {
  const database = await getDatabase();
  const rows = await database.sql.query<{ customer_id: string; n: number }>(
    "SELECT context->>'customer_id' AS customer_id, COUNT(*)::int AS n FROM outbox_messages WHERE context->>'send_id' = $1 GROUP BY 1",
    [sendId],
  );
  return new Map(rows.map((r) => [r.customer_id, r.n]));
}

const setCap = (messages: number) =>
  call(settings.PUT, {
    method: "PUT",
    path: "/campaigning-studio/settings",
    token: superUser,
    body: {
      required_approvals: 1,
      large_audience_size: null,
      large_audience_required_approvals: null,
      frequency_cap_messages: messages,
      frequency_cap_days: 7,
    },
  });

beforeAll(async () => {
  [user, advanced, superUser] = await Promise.all([tokenFor("user"), tokenFor("advanced"), tokenFor("super")]);
  expect((await setCap(0)).status).toBe(200);
});

describe("one message's failure is its own", () => {
  it("a message that fails to compose fails with the reason; the rest of its batch is sent once", async () => {
    const ids = await makeCustomers("ds-compose", 30, { email: "x@example.test", email_consent: true });
    const sendId = await started(await approvedCampaign("ds compose", "ds-compose", "email"));
    expect((await prepareSend({ sendId })).counts?.targeted).toBe(30);
    faults.compose.add(ids[7]!);
    const run = await deliverSend({ sendId, batchSize: 10 });
    expect(run).toMatchObject({ sent: 29, failed: 1, finished: true });
    const rows = await statuses(sendId);
    const failed = rows.filter((r) => r.status === "failed");
    expect(failed.map((r) => r.customer_id)).toEqual([ids[7]]);
    expect(failed[0]?.error).toContain("could not be composed: Error: template engine failed");
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(29);
    const outbox = await outboxPerCustomer(sendId);
    expect(outbox.size).toBe(29);
    expect([...outbox.values()].every((n) => n === 1)).toBe(true);
    // Nothing was handed on twice: no batch was sent again.
    expect([...handed.values()].every((n) => n === 1)).toBe(true);
    expect((await (await db()).campaignSend.findUniqueOrThrow({ where: { send_id: sendId } })).status).toBe("Sent");
  });

  it("a message whose outcome the database refuses is failed alone; its neighbours are recorded", async () => {
    const ids = await makeCustomers("ds-record", 25, { phone_number: "+38591000000", sms_consent: true });
    const sendId = await started(await approvedCampaign("ds record", "ds-record", "sms"));
    await prepareSend({ sendId });
    faults.unrecordable.add(ids[3]!);
    const run = await deliverSend({ sendId, batchSize: 25 });
    expect(run.finished).toBe(true);
    const rows = await statuses(sendId);
    const bad = rows.find((r) => r.customer_id === ids[3]);
    expect(bad?.status).toBe("failed");
    expect(bad?.error).toContain("could not be recorded");
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(24);
    expect((await outboxPerCustomer(sendId)).size).toBe(24);
    expect([...handed.values()].every((n) => n === 1)).toBe(true);
  });

  it("a long batch keeps its lease: a second run meanwhile takes none of its rows", async () => {
    const ids = await makeCustomers("ds-lease", 6, { phone_number: "+38591000001", sms_consent: true });
    const sendId = await started(await approvedCampaign("ds lease", "ds-lease", "sms"));
    await prepareSend({ sendId });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    for (const id of ids) faults.gated.set(id, gate);
    const first = deliverSend({ sendId, batchSize: 10, renewEveryMs: 25 });
    try {
      await until(
        async () => handed.size,
        (n) => n === ids.length,
        10_000,
        "every hand-over started",
      );
      // Past the lease of the first claim: only the renewals keep the rows the first run holds.
      shiftClockForTests(LEASE_MS + 1000);
      const renewed = Date.now() + LEASE_MS;
      await until(
        async () => (await statuses(sendId)).map((r) => r.claimed_at?.getTime() ?? 0),
        (claimed) => claimed.every((at) => at > renewed),
        10_000,
        "leases renewed past the clock's shift",
      );
      const second = await deliverSend({ sendId, batchSize: 10 });
      expect(second.sent).toBe(0);
    } finally {
      open();
    }
    const done = await first;
    expect(done.sent).toBe(6);
    expect([...handed.values()]).toEqual(ids.map(() => 1));
    expect((await statuses(sendId)).every((r) => r.status === "sent")).toBe(true);
  });

  it("a run never claims again the rows it holds, even when their lease passed before a renewal", async () => {
    const ids = await makeCustomers("ds-own", 6, { phone_number: "+38591000003", sms_consent: true });
    const sendId = await started(await approvedCampaign("ds own", "ds-own", "sms"));
    await prepareSend({ sendId });
    // Between the run's first claim and its claim ahead, the clock passes the first claim's lease.
    faults.onFilter = () => shiftClockForTests(LEASE_MS + 1000);
    const done = await deliverSend({ sendId, batchSize: 10, renewEveryMs: 60_000 });
    expect(done.sent).toBe(6);
    expect([...handed.values()]).toEqual(ids.map(() => 1));
    expect((await statuses(sendId)).map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ["sent", 1]));
  });
});

/**
 * A viber_sms campaign to `n` new customers, sent, every Viber leg then reported failed: their SMS
 * legs are due.
 */
async function viberLegsFailed(prefix: string, n: number, phone: string) {
  const ids = await makeCustomers(prefix, n, { phone_number: phone, sms_consent: true, viber_consent: true });
  const sendId = await started(await approvedCampaign(prefix, prefix, "viber_sms", VIBER_SMS_DETAILS));
  await prepareSend({ sendId });
  expect((await deliverSend({ sendId })).sent).toBe(n);
  const database = await getDatabase();
  await database.sql.query("UPDATE campaign_messages SET receipt_status = 'failed' WHERE send_id = $1", [sendId]);
  return { ids, sendId, database };
}

describe("the viber_sms SMS leg", () => {
  it("claimed by a run that died is sent after the lease, once; one given up after three interruptions", async () => {
    const { ids, sendId, database } = await viberLegsFailed("ds-fallback", 4, "+38591000002");
    // A run died after claiming three legs (one of them interrupted twice before); one leg is not claimed.
    const claimedAt = new Date();
    await database.sql.query(
      `UPDATE campaign_messages SET fallback_status = 'sending', fallback_claimed_at = $2,
         fallback_attempts = CASE WHEN customer_id = $3 THEN 3 ELSE 1 END,
         fallback_interruptions = CASE WHEN customer_id = $3 THEN 2 ELSE 0 END
       WHERE send_id = $1 AND customer_id = ANY($4::text[])`,
      [sendId, claimedAt, ids[2], ids.slice(0, 3)],
    );
    // Within the lease: only the unclaimed leg goes.
    expect(await sendDueFallbacks()).toBe(1);
    shiftClockForTests(LEASE_MS + 1000);
    expect(await sendDueFallbacks()).toBe(2);
    expect(await sendDueFallbacks()).toBe(0);
    const rows = await statuses(sendId);
    expect(rows.map((r) => r.fallback_status)).toEqual(["sent", "sent", "failed", "sent"]);
    expect(rows[2]?.fallback_error).toContain("interrupted in flight 3 times");
    const sms = await database.sql.query<{ message_id: string }>(
      "SELECT message_id FROM outbox_messages WHERE message_id = ANY($1::text[])",
      [ids.map((id) => fallbackIdOf(sendId, id))],
    );
    expect(sms).toHaveLength(3);
    expect(handed.get(ids[2]!)).toBe(1);
  });
  it("a slow SMS leg keeps its batch's leases: a sweep meanwhile takes none of its legs", async () => {
    const { ids, sendId, database } = await viberLegsFailed("ds-fb-lease", 3, "+38591000004");
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    for (const id of ids) faults.gated.set(`sms:${id}`, gate);
    const first = sendDueFallbacks({ renewEveryMs: 25 });
    let second: Promise<number> | undefined;
    try {
      await until(
        async () => (await statuses(sendId)).map((r) => r.fallback_status),
        (legs) => legs.every((status) => status === "sending"),
        10_000,
        "the three legs claimed",
      );
      // Past the claim's lease: only the renewals keep the legs the first sweep holds.
      shiftClockForTests(LEASE_MS + 1000);
      const renewed = Date.now() + LEASE_MS;
      await until(
        async () => (await statuses(sendId)).map((r) => r.fallback_claimed_at?.getTime() ?? 0),
        (claimed) => claimed.every((at) => at > renewed),
        10_000,
        "leases renewed past the clock's shift",
      );
      // A sweep that claimed nothing ends at once; one that took the legs waits at the gate.
      second = sendDueFallbacks();
      const early = await Promise.race([second, new Promise((r) => setTimeout(() => r("still sending"), 3000))]);
      expect(early).toBe(0);
    } finally {
      open();
    }
    await second;
    expect(await first).toBe(3);
    const rows = await statuses(sendId);
    expect(rows.map((r) => r.fallback_status)).toEqual(["sent", "sent", "sent"]);
    const sms = await database.sql.query<{ n: number }>(
      "SELECT COUNT(*)::int AS n FROM outbox_messages WHERE message_id = ANY($1::text[])",
      [ids.map((id) => fallbackIdOf(sendId, id))],
    );
    expect(sms[0]?.n).toBe(3);
  });
});

describe("the frequency cap", () => {
  it("counts prepared messages: of two campaigns prepared together only one passes; archiving keeps the count", async () => {
    expect((await setCap(1)).status).toBe(200);
    try {
      await makeCustomers("ds-cap", 20, { phone_number: "+38591000003", sms_consent: true });
      const a = await started(await approvedCampaign("ds cap a", "ds-cap", "sms"));
      const b = await started(await approvedCampaign("ds cap b", "ds-cap", "sms"));
      const [pa, pb] = await Promise.all([prepareSend({ sendId: a }), prepareSend({ sendId: b })]);
      const targeted = [pa.counts?.targeted, pb.counts?.targeted].sort();
      expect(targeted).toEqual([0, 20]);
      expect([pa.counts?.excluded_frequency_cap, pb.counts?.excluded_frequency_cap].sort()).toEqual([0, 20]);
      // The first is sent and archived: its messages still count.
      const winner = pa.counts?.targeted === 20 ? a : b;
      await deliverSend({ sendId: winner });
      const prisma = await db();
      const campaign = await prisma.campaignSend.findUniqueOrThrow({
        where: { send_id: winner },
        include: { campaign: { include: { groups: true } } },
      });
      const groupId = campaign.campaign.groups[0]!.campaign_id;
      const archived = await call(archive.POST, {
        method: "POST",
        path: `/campaigning-studio/campaignings/${groupId}/archive`,
        params: { campaign_id: groupId },
        token: user,
      });
      expect(archived.status, JSON.stringify(archived.body)).toBe(200);
      const c = await started(await approvedCampaign("ds cap c", "ds-cap", "sms"));
      expect((await prepareSend({ sendId: c })).counts).toMatchObject({ targeted: 0, excluded_frequency_cap: 20 });
    } finally {
      await setCap(0);
    }
  });
});
