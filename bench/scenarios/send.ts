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
 * Baseline, in the same run: a bare loop of nodemailer sendMail to the same sink, through the
 * same pooled transport (lib/messaging/smtp.ts: pool size, TCP_NODELAY), the same number of
 * messages of the same size, as many at once as deliver.ts's PARALLEL: what the pipeline could
 * reach at most. Target (issue 11): at least 1,000 messages/s through SMTP.
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
import { deliverSend, PARALLEL } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { type Database, db, openPglite, openPostgres, setDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { resetEnvCache, setEnv } from "@/lib/env";
import { newId } from "@/lib/http/ids";
import { closeSmtp, createSmtpTransport, SMTP_POOL_SIZE } from "@/lib/messaging/smtp";
import { benchSettings, parseOptions, RssSampler, type Scenario, type ScenarioReport, scratchPostgres } from "../lib";

const ZOptions = z.object({
  recipients: z.coerce.number().int().min(100).default(100_000),
  databases: z.enum(["both", "pglite", "postgres"]).default("pglite"),
  providers: z.enum(["both", "smtp", "outbox"]).default("both"),
});
type Options = z.infer<typeof ZOptions>;

const LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_PER_S = 1000;
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

async function measureSend(segment: string, provider: "smtp" | "outbox", rss: RssSampler) {
  const sendId = await startedCampaign(segment, `bench ${provider}`);
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

/** The bare nodemailer loop: `n` messages of `size` bytes of text, PARALLEL at once. */
async function bareLoop(url: string, n: number, size: number, rss: RssSampler) {
  const transport = createSmtpTransport(url);
  const text = "x".repeat(size);
  rss.reset();
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      await transport.sendMail({
        from: "Lumen <no-reply@lumen.local>",
        to: `bare-${i}@example.test`,
        subject: `Winter sale for First${i}`,
        text,
        messageId: `<bare-${i}@lumen>`,
      });
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

async function runOn(kind: "pglite" | "postgres", options: Options, sink: Sink) {
  const target = await openTarget(kind);
  setDatabase(target.database);
  const rss = new RssSampler().start(100);
  try {
    await migrate(target.database);
    const load_s = await loadCustomers("bench-send", options.recipients, target.database);
    console.log(`  ${kind}: ${options.recipients} customers loaded in ${load_s} s`);
    const out: Record<string, unknown> = { load_s };
    if (options.providers !== "outbox") {
      setEnv("SMTP_URL", sink.url);
      const before = (await sink.stats()).count;
      const smtp = await measureSend("bench-send", "smtp", rss);
      const received = (await sink.stats()).count - before;
      out.smtp = { ...smtp, sink_received: received };
      console.log(`  ${kind} smtp: ${JSON.stringify(out.smtp)}`);
      closeSmtp();
      delete process.env.SMTP_URL;
      resetEnvCache();
    }
    if (options.providers !== "smtp") {
      out.outbox = await measureSend("bench-send", "outbox", rss);
      console.log(`  ${kind} outbox: ${JSON.stringify(out.outbox)}`);
    }
    return out;
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
      const results: Record<string, Record<string, unknown>> = {};
      let before = await sink.stats();
      for (const kind of kinds) results[kind] = await runOn(kind, options, sink);
      let after = await sink.stats();
      const received = after.count - before.count;
      const avgBytes = received ? Math.round((after.bytes - before.bytes) / received) : 1200;
      // Same-size messages: the average the sink got from the pipeline; a probe of 20 bare messages
      // measures the bare loop's headers, and its text makes up the rest.
      before = after;
      const rss = new RssSampler().start(100);
      const probe = await bareLoop(sink.url, 20, 0, rss);
      after = await sink.stats();
      const headerBytes = Math.round((after.bytes - before.bytes) / Math.max(1, after.count - before.count));
      const baseline = {
        ...(await bareLoop(sink.url, options.recipients, Math.max(0, avgBytes - headerBytes), rss)),
        message_bytes: avgBytes,
        probe_messages_per_s: probe.messages_per_s,
      };
      rss.stop();
      console.log(
        `  baseline (bare nodemailer, pool ${SMTP_POOL_SIZE}, ${PARALLEL} at once): ${JSON.stringify(baseline)}`,
      );
      const ratio: Record<string, unknown> = {};
      for (const [kind, r] of Object.entries(results)) {
        const smtp = r.smtp as { messages_per_s: number; delivery_messages_per_s: number } | undefined;
        if (!smtp) continue;
        ratio[kind] = {
          pipeline_vs_bare: round(smtp.messages_per_s / baseline.messages_per_s, 2),
          delivery_vs_bare: round(smtp.delivery_messages_per_s / baseline.messages_per_s, 2),
          meets_target: smtp.messages_per_s >= TARGET_PER_S,
        };
      }
      return {
        parameters: {
          ...options,
          smtp_pool_size: SMTP_POOL_SIZE,
          parallel: PARALLEL,
          target_messages_per_s: TARGET_PER_S,
        },
        results,
        baseline,
        ratio,
      };
    } finally {
      await sink.close();
    }
  },
};
