/**
 * A delivery worker killed with SIGKILL mid-send (PostgreSQL only: PGlite has one process). The
 * campaign (3,000 synthetic customers made here) is created, approved, started and prepared in
 * this process; a separate node process (./support/crash-sender.ts) delivers it and is killed once
 * some but not all messages are out; after the lease, deliverSend in this process finishes it.
 * Every recipient gets the message, under one Message-ID: only what was in flight at the kill (at
 * most the pool's concurrency, PARALLEL: each message is recorded before its worker takes the next)
 * may reach the SMTP server twice as the same message; the outbox keeps one row per recipient.
 * The same with the outbox provider: exactly one row each. The viber_sms SMS leg: a worker sending
 * the SMS legs is killed mid-way; after the lease the rest are sent, each SMS handed to the SMS
 * provider (a fake Twilio here) twice at most for the one in flight at the kill.
 */
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { BATCH_SIZE, deliverSend, LEASE_MS, messageIdOf, PARALLEL } from "@/lib/campaigns/sending/deliver";
import { sendDueFallbacks } from "@/lib/campaigns/sending/fallback";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { shiftClockForTests } from "@/lib/clock";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db, getDatabase } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { closeSmtp } from "@/lib/messaging/smtp";
import { withDatabaseName } from "./db";
import { call, tokenFor } from "./http";
import { VIBER_SMS_DETAILS } from "./support/approved-campaign";
import { spawnScript } from "./support/children";

const N = 3000;
const KILL_AFTER = 300;

interface Received {
  to: string;
  messageId: string;
}

/** An SMTP sink: accepts everything and records each message's recipient and Message-ID. */
async function startSink(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, done) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (!head.includes("\r\n\r\n")) head += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const headers = head.split("\r\n\r\n")[0] ?? "";
        const messageId = /^message-id:\s*(<[^>]+>)/im.exec(headers)?.[1] ?? "";
        for (const rcpt of session.envelope.rcptTo) received.push({ to: rcpt.address, messageId });
        done();
      });
    },
  });
  // A connection reset by a client that died (the killed worker) is no failure of the sink.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

let sink: Awaited<ReturnType<typeof startSink>> | undefined;

afterAll(async () => {
  closeSmtp();
  delete process.env.SMTP_URL;
  resetEnvCache();
  shiftClockForTests(0);
  if (sink) await new Promise<void>((resolve) => sink!.server.close(() => resolve()));
});

/** A prepared e-mail campaign to `N` synthetic customers of its own: the send id and the customers' ids and addresses. */
async function preparedCampaign(prefix: string) {
  const [user, advanced] = await Promise.all([tokenFor("user"), tokenFor("advanced")]);
  const records = Array.from({ length: N }, (_, i) => ({
    customer_id: `${prefix}-${String(i).padStart(5, "0")}`,
    first_name: `First${i}`,
    last_name: `Last${i}`,
    segment_id: prefix,
    segment_name: prefix,
    email_consent: true,
    email: `${prefix}-${i}@example.test`,
  }));
  const ingested = await ingestBatch({ kind: "customers", records, synthetic: true });
  expect(ingested.errors).toEqual([]);
  const created = await call(campaignings.POST, {
    path: "/campaigning-studio/campaignings/",
    token: user,
    body: {
      campaign_name: prefix,
      audiences: [prefix],
      audiences_type: "GENERIC",
      channel_type: "email",
      is_abc: false,
      sender: "Shop",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [
        {
          channel_message_text: "Hi {ph_customer.first_name}, see https://shop.example/sale",
          channel_subject: "News for {ph_customer.first_name}",
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
    path: `/campaigning-studio/campaignings/${id}/approve`,
    params: { campaign_id: id },
    token: advanced,
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  const started = await call(sendInstant.POST, {
    path: "/campaigning-studio/campaignings/send-instant",
    token: advanced,
    body: { campaign_id: id },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const prisma = await db();
  const key = await campaignKeyOf(id);
  const send = await prisma.campaignSend.findFirstOrThrow({
    where: { campaign_key: key },
    orderBy: { date_created: "desc" },
  });
  const prepared = await prepareSend({ sendId: send.send_id });
  expect(prepared.counts?.targeted).toBe(N);
  return { sendId: send.send_id, records };
}

/** Starts the worker process on this test's database; resolves once it has opened the database. */
async function startWorker(
  sendId: string,
  smtpUrl: string | undefined,
  extra: { mode?: "fallbacks"; env?: Record<string, string> } = {},
): Promise<ChildProcess> {
  const database = await getDatabase();
  const [row] = await database.sql.query<{ name: string }>("SELECT current_database() AS name");
  const url = withDatabaseName(process.env.TEST_DATABASE_URL!, row!.name);
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "error" };
  delete env.SMTP_URL;
  if (smtpUrl) env.SMTP_URL = smtpUrl;
  Object.assign(env, extra.env);
  // Ends with the test, pass or fail (./support/children.ts).
  const started = spawnScript(
    "tests/integration/support/crash-sender.ts",
    [url, sendId, ...(extra.mode ? [extra.mode] : [])],
    { env },
  );
  const worker = started.process;
  const { lines } = started;
  const deadline = Date.now() + 60_000;
  while (!lines.some((l) => l.includes("started"))) {
    if (Date.now() > deadline || worker.exitCode !== null) throw new Error(`the worker did not start: ${lines}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return worker;
}

/** Kills the worker with SIGKILL once `progress()` passes KILL_AFTER; the progress at the kill. */
async function killMidway(worker: ChildProcess, progress: () => Promise<number>): Promise<number> {
  const deadline = Date.now() + 90_000;
  let seen = await progress();
  while (seen <= KILL_AFTER) {
    if (Date.now() > deadline || worker.exitCode !== null) throw new Error(`the worker never got past ${seen}`);
    await new Promise((r) => setTimeout(r, 5));
    seen = await progress();
  }
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.kill("SIGKILL");
  await exited;
  expect(worker.signalCode).toBe("SIGKILL");
  return seen;
}

/** After the killed run's lease has passed, deliverSend here until the send is finished. */
async function finishAfterLease(sendId: string): Promise<number> {
  shiftClockForTests(LEASE_MS + 1000);
  let sent = 0;
  try {
    for (let run = 0; run < 5; run++) {
      const result = await deliverSend({ sendId });
      sent += result.sent;
      if (result.finished) break;
    }
  } finally {
    shiftClockForTests(0);
  }
  return sent;
}

async function expectDone(sendId: string) {
  const prisma = await db();
  const send = await prisma.campaignSend.findUniqueOrThrow({ where: { send_id: sendId } });
  expect(send.status).toBe("Sent");
  expect(send.sent).toBe(N);
  expect(send.failed).toBe(0);
  const database = await getDatabase();
  const statuses = await database.sql.query<{ status: string; n: number }>(
    "SELECT status, COUNT(*)::int AS n FROM campaign_messages WHERE send_id = $1 GROUP BY status",
    [sendId],
  );
  expect(statuses).toEqual([{ status: "sent", n: N }]);
  // One outbox row per recipient, under the recipient's message id.
  const outbox = await database.sql.query<{ customer_id: string; message_id: string; n: number }>(
    `SELECT context->>'customer_id' AS customer_id, MIN(message_id) AS message_id, COUNT(*)::int AS n
     FROM outbox_messages WHERE context->>'send_id' = $1 GROUP BY 1`,
    [sendId],
  );
  expect(outbox.length).toBe(N);
  for (const row of outbox) {
    expect(row.n).toBe(1);
    expect(row.message_id).toBe(messageIdOf(sendId, row.customer_id));
  }
}

describe.runIf(!!process.env.TEST_DATABASE_URL)("a delivery worker killed with SIGKILL mid-send", () => {
  it("over SMTP: every recipient gets the message under one Message-ID; repeats only of what was in flight", {
    timeout: 180_000,
  }, async () => {
    sink = await startSink();
    const smtpUrl = `smtp://127.0.0.1:${sink.port}`;
    const { sendId, records } = await preparedCampaign("cc-smtp");
    const received = sink.received;
    const t0 = Date.now();
    const worker = await startWorker(sendId, smtpUrl);
    const t1 = Date.now();
    const atKill = await killMidway(worker, async () => received.length);
    expect(atKill).toBeLessThan(N);
    const t2 = Date.now();
    setEnv("SMTP_URL", smtpUrl);
    await finishAfterLease(sendId);
    console.info(`worker start ${t1 - t0} ms, to the kill ${t2 - t1} ms, the rest ${Date.now() - t2} ms`);
    await expectDone(sendId);

    // Every message the sink got: per recipient exactly one distinct Message-ID, the expected one.
    const byAddress = new Map<string, Received[]>();
    for (const r of received) byAddress.set(r.to, [...(byAddress.get(r.to) ?? []), r]);
    for (const record of records) {
      const got = byAddress.get(record.email) ?? [];
      expect(got.length, `${record.email} got nothing`).toBeGreaterThanOrEqual(1);
      expect(new Set(got.map((r) => r.messageId))).toEqual(
        new Set([`<${messageIdOf(sendId, record.customer_id)}@lumen.local>`]),
      );
    }
    expect(byAddress.size).toBe(N);
    const repeated = [...byAddress.values()].filter((l) => l.length > 1);
    // Only what was in flight at the kill (at most the pool's PARALLEL messages, each recorded
    // before its worker takes the next) went twice, only twice: never whole batches.
    expect(repeated.length).toBeLessThanOrEqual(PARALLEL);
    expect(repeated.every((l) => l.length === 2)).toBe(true);
    expect(received.length).toBe(N + repeated.length);
    console.info(
      `SIGKILL over SMTP: ${atKill} of ${N} received at the kill; ${repeated.length} recipients got the same Message-ID twice (bound ${PARALLEL}, the pool's concurrency)`,
    );
  });

  it("over the outbox: exactly one outbox row per recipient, no repeats", async () => {
    closeSmtp();
    delete process.env.SMTP_URL;
    resetEnvCache();
    const { sendId } = await preparedCampaign("cc-outbox");
    const database = await getDatabase();
    const progress = async () => {
      const [row] = await database.sql.query<{ n: number }>(
        "SELECT COUNT(*)::int AS n FROM outbox_messages WHERE context->>'send_id' = $1",
        [sendId],
      );
      return row?.n ?? 0;
    };
    const worker = await startWorker(sendId, undefined);
    const atKill = await killMidway(worker, progress);
    expect(atKill).toBeLessThan(N);
    const [inFlight] = await database.sql.query<{ n: number }>(
      "SELECT COUNT(*)::int AS n FROM campaign_messages WHERE send_id = $1 AND status = 'sending'",
      [sendId],
    );
    // Claimed at the kill: the batch being sent and the next one (claimed ahead, unsent).
    expect(inFlight!.n).toBeLessThanOrEqual(2 * BATCH_SIZE);
    await finishAfterLease(sendId);
    await expectDone(sendId);
    console.info(
      `SIGKILL over the outbox: ${atKill} of ${N} in the outbox at the kill, ${inFlight!.n} rows left in sending; one row each after`,
    );
  });

  it("the viber_sms SMS leg: a worker killed mid-way; after the lease the rest go, once each but the one in flight", {
    timeout: 180_000,
  }, async () => {
    closeSmtp();
    delete process.env.SMTP_URL;
    resetEnvCache();
    const M = 400;
    const prefix = "cc-sms";
    const records = Array.from({ length: M }, (_, i) => ({
      customer_id: `${prefix}-${String(i).padStart(5, "0")}`,
      first_name: `First${i}`,
      segment_id: prefix,
      segment_name: prefix,
      sms_consent: true,
      viber_consent: true,
      phone_number: `+385910${String(i).padStart(5, "0")}`,
    }));
    expect((await ingestBatch({ kind: "customers", records, synthetic: true })).errors).toEqual([]);
    const [user, advanced] = await Promise.all([tokenFor("user"), tokenFor("advanced")]);
    const created = await call(campaignings.POST, {
      path: "/campaigning-studio/campaignings/",
      token: user,
      body: {
        campaign_name: prefix,
        audiences: [prefix],
        audiences_type: "GENERIC",
        channel_type: "viber_sms",
        is_abc: false,
        sender: "Shop",
        recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
        campaign_details: [
          {
            channel_message_text: "Hi {ph_customer.first_name}",
            ...VIBER_SMS_DETAILS,
            start_time: "2026-12-01T10:00:00",
            end_time: "2026-12-01T18:00:00",
            abc_audience_percent: 100,
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.campaign_details[0].campaign_id as string;
    const approved = await call(approve.PUT, {
      method: "PUT",
      path: `/campaigning-studio/campaignings/${id}/approve`,
      params: { campaign_id: id },
      token: advanced,
    });
    expect(approved.status).toBe(200);
    expect(
      (
        await call(sendInstant.POST, {
          path: "/campaigning-studio/campaignings/send-instant",
          token: advanced,
          body: { campaign_id: id },
        })
      ).status,
    ).toBe(202);
    const prisma = await db();
    const send = await prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: await campaignKeyOf(id) } });
    const sendId = send.send_id;
    expect((await prepareSend({ sendId })).counts?.targeted).toBe(M);
    // The Viber legs go to the outbox; every one is then reported failed, so every SMS leg is due.
    expect((await deliverSend({ sendId })).sent).toBe(M);
    const database = await getDatabase();
    await database.sql.query("UPDATE campaign_messages SET receipt_status = 'failed' WHERE send_id = $1", [sendId]);

    // A fake Twilio that counts each SMS it accepts, per recipient.
    const got = new Map<string, number>();
    let accepted = 0;
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString("utf8");
      });
      req.on("end", () => {
        const to = new URLSearchParams(body).get("To") ?? "";
        got.set(to, (got.get(to) ?? 0) + 1);
        accepted++;
        setTimeout(() => {
          res.writeHead(201, { "content-type": "application/json" });
          res.end(JSON.stringify({ sid: `SM${accepted}`, status: "queued" }));
        }, 2);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const twilio = {
      SMS_PROVIDER: "twilio",
      TWILIO_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      TWILIO_ACCOUNT_SID: "ACtest",
      TWILIO_AUTH_TOKEN: "token",
      SMS_SENDER: "+15005550006",
      SMS_RATE_PER_SECOND: "0",
    };
    try {
      const worker = await startWorker(sendId, undefined, { mode: "fallbacks", env: twilio });
      const atKill = await killMidway(worker, async () => accepted);
      expect(atKill).toBeLessThan(M);
      const [left] = await database.sql.query<{ n: number }>(
        "SELECT COUNT(*)::int AS n FROM campaign_messages WHERE send_id = $1 AND fallback_status = 'sending'",
        [sendId],
      );
      expect(left!.n).toBeGreaterThan(0);
      for (const [name, value] of Object.entries(twilio)) setEnv(name as Parameters<typeof setEnv>[0], value);
      shiftClockForTests(LEASE_MS + 1000);
      try {
        while ((await sendDueFallbacks()) > 0);
      } finally {
        shiftClockForTests(0);
      }
      const rows = await database.sql.query<{ status: string; n: number }>(
        "SELECT fallback_status AS status, COUNT(*)::int AS n FROM campaign_messages WHERE send_id = $1 GROUP BY 1",
        [sendId],
      );
      expect(rows).toEqual([{ status: "sent", n: M }]);
      expect(got.size).toBe(M);
      const repeated = [...got.values()].filter((n) => n > 1);
      // The legs are sent one at a time, each recorded before the next: one in flight at most.
      expect(repeated.length).toBeLessThanOrEqual(1);
      expect(repeated.every((n) => n === 2)).toBe(true);
      const [outbox] = await database.sql.query<{ n: number }>(
        "SELECT COUNT(*)::int AS n FROM outbox_messages WHERE context->>'send_id' = $1 AND context->>'leg' = 'sms'",
        [sendId],
      );
      expect(outbox!.n).toBe(M);
      console.info(
        `SIGKILL in the SMS legs: ${atKill} of ${M} accepted at the kill, ${left!.n} legs left claimed; after the lease all ${M} sent, ${repeated.length} twice (bound 1)`,
      );
    } finally {
      resetEnvCache();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
