/**
 * send: a campaign e-mail to every customer of a synthetic shop (default 100,000 customers, each
 * with an e-mail address and e-mail consent, labelled synthetic, loaded through the intake code),
 * prepared and delivered by the real pipeline (prepareSend, then deliverSend until finished), on
 * PGlite (a fresh temporary data directory) and, with --databases both/postgres, PostgreSQL (a
 * scratch database on BENCH_DATABASE_URL, else the local server, dropped at the end). Delivered
 * (a) over SMTP to a local sink the benchmark starts in its own process, as a mail server is
 * (bench/support/smtp-sink.ts, smtp-server: accepts, counts, discards)
 * and (b) to the outbox. Figures: messages per second from Preparing to Sent, prepare and delivery
 * time apart, peak rss (sampled every 100 ms).
 *
 * Baselines, in the same run and round: two bare loops through the same pooled transport
 * (lib/messaging/smtp.ts: pool size, TCP_NODELAY), as many messages of the size the sink got from
 * the pipeline, as many at once as deliver.ts's PARALLEL: nodemailer's sendMail composing each
 * message (the library used plainly), and one pre-composed message handed over raw (the
 * transport's ceiling). The machine is shared and noisy: --rounds (default 3) repeats pipeline
 * and baselines; the figures are the medians. Target (issue 11): at least 1,000 messages/s
 * through SMTP.
 *
 * The campaign is created and approved through lib/campaigns (two made-up principals); the send
 * row is written as startSend writes it, without queueing the preparation job (no pg-boss here).
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import type { Principal } from "@/lib/auth/roles";
import { approveCampaign } from "@/lib/campaigns/approvals";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { ZCampaignInput } from "@/lib/campaigns/schemas";
import { BATCH_SIZE, deliverSend, PARALLEL } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { DEFAULT_CAMPAIGN_SETTINGS, updateCampaignSettings } from "@/lib/campaigns/settings";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { type Database, db, openPglite, openPostgres, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { resetEnvCache, setEnv } from "@/lib/env";
import { newId } from "@/lib/http/ids";
import { composeEmail } from "@/lib/messaging/mime";
import { closeSmtp, createSmtpTransport, SMTP_POOL_SIZE } from "@/lib/messaging/smtp";
import { benchSettings, parseOptions, RssSampler, type Scenario, type ScenarioReport, scratchPostgres } from "../lib";

const ZOptions = z.object({
  recipients: z.coerce.number().int().min(100).default(100_000),
  databases: z.enum(["both", "pglite", "postgres"]).default("pglite"),
  providers: z.enum(["both", "smtp", "outbox"]).default("both"),
  rounds: z.coerce.number().int().min(1).max(9).default(3),
});
type Options = z.infer<typeof ZOptions>;

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_PER_S = 1000;
const FROM = "Lumen <no-reply@lumen.local>";
const TEXT =
  "Hi {ph_customer.first_name}, our winter sale has started: up to 40% off coats, boots and knitwear. See https://shop.example/sale before Sunday. Thank you for shopping with us!";

const marketer: Principal = { kind: "user", id: "bench-marketer", subject: "m@bench", name: "M", role: "user" };
const approver: Principal = { kind: "user", id: "bench-approver", subject: "a@bench", name: "A", role: "advanced" };

interface Sink {
  url: string;
  stats(): Promise<{ count: number; bytes: number }>;
  close(): Promise<void>;
}

/** Starts the SMTP sink in its own process (bench/support/smtp-sink.ts). */
async function startSink(): Promise<Sink> {
  const child = fork(join(process.cwd(), "bench", "support", "smtp-sink.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <T>(): Promise<T> =>
    new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the SMTP sink exited (${code})`));
      child.once("exit", exited);
      child.once("message", (m) => {
        child.off("exit", exited);
        resolve(m as T);
      });
    });
  const { port } = await next<{ port: number }>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    stats: () => {
      const answer = next<{ count: number; bytes: number }>();
      child.send("stats");
      return answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.send("close");
      }),
  };
}

async function loadCustomers(prefix: string, n: number, database: Database): Promise<number> {
  const started = performance.now();
  for (let from = 0; from < n; from += 5000) {
    const records = Array.from({ length: Math.min(5000, n - from) }, (_, k) => {
      const i = from + k;
      return {
        customer_id: `${prefix}-${i}`,
        first_name: `First${i}`,
        last_name: `Last${i}`,
        segment_id: prefix,
        segment_name: prefix,
        email_consent: true,
        email: `${prefix}-${i}@example.test`,
      };
    });
    const result = await ingestBatch({ kind: "customers", records, synthetic: true, database });
    if (result.errors.length) throw new Error(JSON.stringify(result.errors.slice(0, 3)));
  }
  return Math.round(performance.now() - started) / 1000;
}

/** Creates, approves and starts a campaign to the segment: the send id (status Preparing). */
async function startedCampaign(segment: string, name: string): Promise<string> {
  const input = ZCampaignInput.parse({
    campaign_name: name,
    audiences: [segment],
    audiences_type: "GENERIC",
    channel_type: "email",
    is_abc: false,
    sender: "Shop",
    recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
    campaign_details: [
      {
        channel_message_text: TEXT,
        channel_subject: "Winter sale for {ph_customer.first_name}",
        start_time: "2026-12-01T10:00:00",
        end_time: "2026-12-01T18:00:00",
        abc_audience_percent: 100,
      },
    ],
  });
  const created = await createCampaign({ input, principal: marketer });
  const id = created.campaign_details[0]!.campaign_id;
  await approveCampaign({ campaignId: id, principal: approver });
  const key = await campaignKeyOf(id);
  const prisma = await db();
  const sendId = newId("send");
  const at = new Date();
  await prisma.$transaction([
    prisma.campaign.update({ where: { campaign_key: key }, data: { status: "Preparing", date_modified: at } }),
    prisma.campaignSend.create({
      data: { send_id: sendId, campaign_key: key, occurrence_at: at, date_created: at, date_modified: at },
    }),
  ]);
  return sendId;
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function measureSend(segment: string, label: string, rss: RssSampler) {
  const sendId = await startedCampaign(segment, `bench ${label}`);
  rss.reset();
  const t0 = performance.now();
  const prepared = await prepareSend({ sendId });
  const t1 = performance.now();
  const cpu0 = process.cpuUsage();
  let sent = 0;
  let runs = 0;
  for (; runs < 10; runs++) {
    const result = await deliverSend({ sendId });
    sent += result.sent;
    if (result.finished) break;
  }
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const peak = rss.reset();
  const prisma = await db();
  const send = await prisma.campaignSend.findUniqueOrThrow({ where: { send_id: sendId } });
  const n = prepared.counts?.targeted ?? 0;
  return {
    status: send.status,
    recipients: n,
    sent,
    prepare_s: round((t1 - t0) / 1000, 2),
    deliver_s: round((t2 - t1) / 1000, 2),
    total_s: round((t2 - t0) / 1000, 2),
    messages_per_s: Math.round(n / ((t2 - t0) / 1000)),
    delivery_messages_per_s: Math.round(n / ((t2 - t1) / 1000)),
    // CPU time of this process (the sender; the sink is another) per message while delivering.
    delivery_cpu_us_per_message: Math.round((cpu.user + cpu.system) / Math.max(1, n)),
    peak_rss_mb: peak,
  };
}

/**
 * A bare loop through the same pooled transport, PARALLEL at once, `n` messages of `bytes` bytes
 * as the sink counts them. "sendMail": nodemailer composing each message itself (a text part of
 * the right size), as an application using it plainly would. "raw": one message composed ahead
 * and handed over as is (sendMail's raw) with only the envelope changing, the transport's
 * ceiling: what the pipeline does per message minus everything but the SMTP exchange.
 */
async function bareLoop(url: string, n: number, bytes: number, mode: "sendMail" | "raw", rss: RssSampler) {
  const transport = createSmtpTransport(url);
  const headers = composeEmail({
    from: FROM,
    to: "bare-0@example.test",
    subject: "Winter sale for First0",
    text: "",
    messageId: "<bare-0@lumen>",
  });
  const text = "x".repeat(Math.max(0, bytes - headers.length - 60));
  const raw = composeEmail({
    from: FROM,
    to: "bare@example.test",
    subject: "Winter sale",
    text,
    messageId: "<bare@lumen>",
  });
  rss.reset();
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const to = `bare-${i}@example.test`;
      const messageId = `<bare-${i}@lumen>`;
      if (mode === "raw") {
        await transport.sendMail({ envelope: { from: "no-reply@lumen.local", to: [to] }, raw, messageId });
      } else {
        await transport.sendMail({ from: FROM, to, subject: `Winter sale for First${i}`, text, messageId });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  transport.close();
  return {
    messages: n,
    seconds: round(ms / 1000, 2),
    messages_per_s: Math.round(n / (ms / 1000)),
    cpu_us_per_message: Math.round((cpu.user + cpu.system) / n),
    peak_rss_mb: rss.reset(),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function openTarget(kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const dir = join(tmpdir(), `lumen-bench-send-${randomBytes(4).toString("hex")}`);
    const database = await openPglite(dir);
    return {
      database,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await scratchPostgres(benchSettings().databaseUrl ?? LOCAL_POSTGRES);
  const database = await openPostgres(scratch.url);
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * On one database: the customers loaded once, then `rounds` rounds, each a campaign sent through
 * SMTP and right after it both bare loops with messages of the size the sink got from it (the
 * machine is shared: a ratio within a round, and the median of the rounds); then one campaign
 * through the outbox. The frequency cap is off: every round's campaign goes to everyone.
 */
async function runOn(kind: "pglite" | "postgres", options: Options, sink: Sink) {
  const target = await openTarget(kind);
  setDatabase(target.database);
  const rss = new RssSampler().start(100);
  try {
    await migrate(target.database);
    const load_s = await loadCustomers("bench-send", options.recipients, target.database);
    console.log(`  ${kind}: ${options.recipients} customers loaded in ${load_s} s`);
    await updateCampaignSettings({ ...DEFAULT_CAMPAIGN_SETTINGS, frequency_cap_messages: 0 });
    const rounds: Record<string, unknown>[] = [];
    if (options.providers !== "outbox") {
      for (let r = 1; r <= options.rounds; r++) {
        setEnv("SMTP_URL", sink.url);
        const before = await sink.stats();
        const smtp = await measureSend("bench-send", `smtp ${r}`, rss);
        const after = await sink.stats();
        closeSmtp();
        delete process.env.SMTP_URL;
        resetEnvCache();
        const received = after.count - before.count;
        const bytes = Math.round((after.bytes - before.bytes) / Math.max(1, received));
        const bare = async (mode: "sendMail" | "raw") => {
          const from = await sink.stats();
          const result = await bareLoop(sink.url, options.recipients, bytes, mode, rss);
          const to = await sink.stats();
          return { ...result, message_bytes: Math.round((to.bytes - from.bytes) / Math.max(1, to.count - from.count)) };
        };
        const sendMail = await bare("sendMail");
        const raw = await bare("raw");
        const round_ = {
          round: r,
          smtp: { ...smtp, sink_received: received, message_bytes: bytes },
          bare_sendmail: sendMail,
          bare_raw: raw,
          ratio: {
            pipeline_vs_bare_sendmail: round(smtp.messages_per_s / sendMail.messages_per_s, 2),
            pipeline_vs_bare_raw: round(smtp.messages_per_s / raw.messages_per_s, 2),
          },
        };
        console.log(`  ${kind} round ${r}: ${JSON.stringify(round_)}`);
        rounds.push(round_);
      }
    }
    const outbox = options.providers !== "smtp" ? await measureSend("bench-send", "outbox", rss) : undefined;
    if (outbox) console.log(`  ${kind} outbox: ${JSON.stringify(outbox)}`);
    return { load_s, rounds, outbox };
  } finally {
    rss.stop();
    setDatabase(undefined);
    await target.drop();
  }
}

export const send: Scenario = {
  name: "send",
  description:
    "a campaign e-mail to 100,000 synthetic customers over SMTP (local sink) and the outbox vs a bare nodemailer loop",
  async run(args): Promise<ScenarioReport> {
    const options = parseOptions(args, ZOptions);
    // Tracked links and the pixel are signed: a throwaway secret when none is set.
    if (!process.env.AUTH_SECRET) setEnv("AUTH_SECRET", randomBytes(32).toString("hex"));
    const sink = await startSink();
    try {
      const kinds = options.databases === "both" ? (["pglite", "postgres"] as const) : [options.databases];
      const results: Record<string, Awaited<ReturnType<typeof runOn>>> = {};
      for (const kind of kinds) results[kind] = await runOn(kind, options, sink);
      const ratio: Record<string, unknown> = {};
      for (const [kind, r] of Object.entries(results)) {
        if (r.rounds.length === 0) continue;
        const of = (f: (x: (typeof r.rounds)[number]) => number) => median(r.rounds.map(f));
        const smtpPerS = of((x) => (x.smtp as { messages_per_s: number }).messages_per_s);
        ratio[kind] = {
          rounds: r.rounds.length,
          median_smtp_messages_per_s: smtpPerS,
          median_bare_sendmail_messages_per_s: of(
            (x) => (x.bare_sendmail as { messages_per_s: number }).messages_per_s,
          ),
          median_bare_raw_messages_per_s: of((x) => (x.bare_raw as { messages_per_s: number }).messages_per_s),
          median_pipeline_vs_bare_sendmail: of(
            (x) => (x.ratio as { pipeline_vs_bare_sendmail: number }).pipeline_vs_bare_sendmail,
          ),
          median_pipeline_vs_bare_raw: of((x) => (x.ratio as { pipeline_vs_bare_raw: number }).pipeline_vs_bare_raw),
          meets_target: smtpPerS >= TARGET_PER_S,
        };
        console.log(`  ${kind} (medians): ${JSON.stringify(ratio[kind])}`);
      }
      return {
        parameters: {
          ...options,
          smtp_pool_size: SMTP_POOL_SIZE,
          parallel: PARALLEL,
          batch_size: BATCH_SIZE,
          target_messages_per_s: TARGET_PER_S,
        },
        results,
        baseline: "bare loops per round: results.<database>.rounds[].bare_sendmail and bare_raw",
        ratio,
      };
    } finally {
      await sink.close();
    }
  },
};
