/**
 * Bounces and complaints from real sources: campaign e-mail goes out over SMTP with a VERP return
 * path (checked on the envelope a real SMTP server receives), and DSN (RFC 3464) and ARF
 * (RFC 5965) reports are sent over SMTP (nodemailer) to Lumen's own inbound listener, started as
 * the workers start it (INBOUND_SMTP_PORT). A hard bounce and a complaint suppress at once, soft
 * bounces after soft_bounce_limit in a row; delays, reports naming no message of ours, a report
 * sent twice and other domains change nothing; the delivery report counts bounces and complaints.
 */
import { createServer } from "node:net";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as report from "@/app/api/latest/campaigning-studio/insights/delivery-report/route";
import * as suppressions from "@/app/api/latest/campaigning-studio/suppressions/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { DEFAULT_CAMPAIGN_SETTINGS, updateCampaignSettings } from "@/lib/campaigns/settings";
import { startInboundMail } from "@/lib/campaigns/suppressions/start-inbound";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import type { InboundListener } from "@/lib/messaging/inbound/server";
import { closeSmtp } from "@/lib/messaging/smtp";
import { call, tokenFor } from "./http";
import { approvedEmailCampaign } from "./support/approved-campaign";

let user: string;
let advanced: string;
let inbound: InboundListener;
let sink: SMTPServer;
/** Envelope sender per recipient, as the outgoing SMTP server saw it. */
const envelopes = new Map<string, string>();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let reporter: nodemailer.Transporter;

/** A message sent over SMTP to the inbound listener; resolves with the server's reply or rejects with it. */
const deliver = (to: string, raw: string) =>
  reporter.sendMail({ envelope: { from: "mailer-daemon@mx.remote.test", to: [to] }, raw });

function dsn(opts: { to: string; recipient: string; action: string; status: string; messageId?: string }): string {
  return [
    "From: Mail Delivery System <mailer-daemon@mx.remote.test>",
    `To: ${opts.to}`,
    "Subject: Undelivered Mail Returned to Sender",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"',
    "",
    "This is a MIME-encapsulated message.",
    "",
    "--dsn-boundary",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "I'm sorry to have to inform you that your message could not be delivered.",
    "",
    "--dsn-boundary",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.remote.test",
    "Arrival-Date: Mon, 23 Nov 2026 10:00:00 +0000",
    "",
    `Final-Recipient: rfc822; ${opts.recipient}`,
    `Original-Recipient: rfc822;${opts.recipient}`,
    `Action: ${opts.action}`,
    `Status: ${opts.status}`,
    `Diagnostic-Code: smtp; ${opts.status.startsWith("5") ? "550" : "452"} ${opts.status} mailbox`,
    "  problem reported",
    "",
    "--dsn-boundary",
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: <${opts.messageId ?? "unknown-id"}@lumen.test>`,
    "Subject: News",
    "",
    "--dsn-boundary--",
    "",
  ].join("\r\n");
}

function arf(opts: { messageId: string; recipient: string; type?: string }): string {
  return [
    "From: feedback-loop@isp.test",
    "To: fbl@bounces.test",
    "Subject: Abuse report",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf-boundary"',
    "",
    "--arf-boundary",
    "Content-Type: text/plain; charset=us-ascii",
    "Content-Transfer-Encoding: 7bit",
    "",
    "This is an email abuse report for an email message received from IP 192.0.2.1.",
    "",
    "--arf-boundary",
    "Content-Type: message/feedback-report",
    "",
    `Feedback-Type: ${opts.type ?? "abuse"}`,
    "User-Agent: ExampleFBL/1.0",
    "Version: 1",
    `Original-Rcpt-To: ${opts.recipient}`,
    "Source-IP: 192.0.2.1",
    "",
    "--arf-boundary",
    "Content-Type: message/rfc822",
    "Content-Disposition: inline",
    "",
    "From: Shop <news@shop.test>",
    `To: ${opts.recipient}`,
    `Message-ID: <${opts.messageId}@lumen.test>`,
    "Subject: News",
    "",
    "Hello",
    "",
    "--arf-boundary--",
    "",
  ].join("\r\n");
}

async function sendCampaign(name: string, segment: string) {
  const id = await approvedEmailCampaign(name, segment);
  const started = await call(sendInstant.POST, {
    path: "/campaigning-studio/campaignings/send-instant",
    token: advanced,
    body: { campaign_id: id },
  });
  expect(started.status).toBe(202);
  const key = await campaignKeyOf(id);
  const prisma = await db();
  const send = await prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: key } });
  const prepared = await prepareSend({ sendId: send.send_id });
  await deliverSend({ sendId: send.send_id });
  const rows = await prisma.campaignMessage.findMany({ where: { send_id: send.send_id } });
  return { id, sendId: send.send_id, prepared, rows };
}

const listFor = (customerId: string) =>
  call(suppressions.GET, { path: "/campaigning-studio/suppressions", token: user, query: { customer_id: customerId } });

/** The VERP token of the e-mail a recipient was sent, from the envelope the SMTP server got. */
function tokenOf(address: string): string {
  const from = envelopes.get(address);
  expect(from).toMatch(/^bounce\+cm-[0-9a-f]{40}@bounces\.test$/);
  return from!.slice("bounce+".length, from!.indexOf("@"));
}

beforeAll(async () => {
  [user, advanced] = await Promise.all([tokenFor("user"), tokenFor("advanced")]);
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, done) {
      stream.resume();
      stream.on("end", () => {
        for (const to of session.envelope.rcptTo) {
          envelopes.set(to.address, session.envelope.mailFrom ? session.envelope.mailFrom.address : "");
        }
        done();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  setEnv("SMTP_URL", `smtp://127.0.0.1:${(sink.server.address() as { port: number }).port}`);
  setEnv("BOUNCE_DOMAIN", "bounces.test");
  const port = await freePort();
  setEnv("INBOUND_SMTP_PORT", String(port));
  setEnv("INBOUND_SMTP_HOST", "127.0.0.1");
  inbound = (await startInboundMail())!;
  expect(inbound.port).toBe(port);
  reporter = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  const records = ["hard", "arf", "soft", "late", "twice"].map((name) => ({
    customer_id: `bn-${name}`,
    first_name: name,
    segment_id: "bn-seg",
    segment_name: "bn-seg",
    email: `${name}@inbox.test`,
    email_consent: true,
  }));
  expect((await ingestBatch({ kind: "customers", records, synthetic: true })).errors).toEqual([]);
  await updateCampaignSettings({ ...DEFAULT_CAMPAIGN_SETTINGS, soft_bounce_limit: 2 });
});

afterAll(async () => {
  reporter?.close();
  await inbound?.close();
  closeSmtp();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  for (const name of ["SMTP_URL", "BOUNCE_DOMAIN", "INBOUND_SMTP_PORT", "INBOUND_SMTP_HOST"]) delete process.env[name];
  resetEnvCache();
});

describe("bounces and complaints over SMTP", () => {
  it("reads DSNs and ARF reports sent to the listener, suppresses, and reports them", async () => {
    const first = await sendCampaign("Bounce first", "bn-seg");
    expect(first.prepared.counts).toMatchObject({ targeted: 5 });
    const messageId = (address: string) => tokenOf(address);

    // A hard bounce to the VERP address; the same DSN again records nothing more.
    const hard = dsn({
      to: `bounce+${messageId("hard@inbox.test")}@bounces.test`,
      recipient: "hard@inbox.test",
      action: "failed",
      status: "5.1.1",
    });
    const accepted = await deliver(`bounce+${messageId("hard@inbox.test")}@bounces.test`, hard);
    expect(accepted.response).toMatch(/^250/);
    await deliver(`bounce+${messageId("hard@inbox.test")}@bounces.test`, hard);
    // A complaint to the feedback address, naming the message by its Message-ID.
    await deliver("fbl@bounces.test", arf({ messageId: messageId("arf@inbox.test"), recipient: "arf@inbox.test" }));
    // A soft bounce (limit 2: not yet suppressed); a delay; a DSN naming no message of ours;
    // an ARF report that is not a complaint.
    await deliver(
      `bounce+${messageId("soft@inbox.test")}@bounces.test`,
      dsn({ to: "x", recipient: "soft@inbox.test", action: "failed", status: "4.2.2" }),
    );
    await deliver(
      `bounce+${messageId("late@inbox.test")}@bounces.test`,
      dsn({ to: "x", recipient: "late@inbox.test", action: "delayed", status: "4.4.7" }),
    );
    await deliver(
      `bounce+cm-${"0".repeat(40)}@bounces.test`,
      dsn({ to: "x", recipient: "twice@inbox.test", action: "failed", status: "5.1.1" }),
    );
    await deliver(
      "fbl@bounces.test",
      arf({ messageId: messageId("twice@inbox.test"), recipient: "twice@inbox.test", type: "not-spam" }),
    );
    // Another domain is refused.
    await expect(deliver("postmaster@elsewhere.test", hard)).rejects.toThrow(/550/);

    const prisma = await db();
    const feedback = await prisma.messageFeedback.findMany({ orderBy: { customer_id: "asc" } });
    expect(feedback.map((f) => [f.customer_id, f.kind, f.source, f.status])).toEqual([
      ["bn-arf", "complaint", "arf", "abuse"],
      ["bn-hard", "hard_bounce", "dsn", "5.1.1"],
      ["bn-soft", "soft_bounce", "dsn", "4.2.2"],
    ]);
    expect((await listFor("bn-hard")).body.suppressions).toEqual([
      expect.objectContaining({ channel: "email", address: "hard@inbox.test", reason: "hard_bounce", source: "dsn" }),
    ]);
    expect((await listFor("bn-arf")).body.suppressions).toEqual([
      expect.objectContaining({ channel: "email", address: "arf@inbox.test", reason: "complaint", source: "arf" }),
    ]);
    for (const id of ["bn-soft", "bn-late", "bn-twice"]) expect((await listFor(id)).body.count).toBe(0);
    expect(
      await prisma.campaignEvent.count({ where: { send_id: first.sendId, kind: { in: ["bounced", "complained"] } } }),
    ).toBe(3);

    const res = await call(report.GET, {
      path: "/campaigning-studio/insights/delivery-report",
      token: user,
      query: { campaign_id: first.id },
    });
    expect(res.body.campaigns[0].metrics).toMatchObject({
      targeted: "5",
      delivered: 3,
      bounce: 2,
      complaint: 1,
      percent_bounce: 40,
      percent_complaint: 20,
    });

    // The next campaign leaves the hard bounce and the complaint out; a second soft bounce in a row suppresses.
    const second = await sendCampaign("Bounce second", "bn-seg");
    expect(second.prepared.counts).toMatchObject({ audience: 5, excluded_no_consent: 2, targeted: 3 });
    await deliver(
      `bounce+${messageId("soft@inbox.test")}@bounces.test`,
      dsn({ to: "x", recipient: "soft@inbox.test", action: "failed", status: "4.2.2" }),
    );
    const soft = await listFor("bn-soft");
    expect(soft.body.suppressions).toEqual([
      expect.objectContaining({ channel: "email", address: "soft@inbox.test", reason: "hard_bounce", source: "dsn" }),
    ]);
    expect(soft.body.suppressions[0].note).toContain("2 soft bounces in a row");
  });
});
