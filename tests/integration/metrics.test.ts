/**
 * GET /api/metrics: 404 without METRICS_TOKEN, 401 without or with a wrong token, the Prometheus
 * text with it; a content request, an intake batch, a message and a job show in the next scrape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as customers from "@/app/api/latest/data/customers/route";
import * as content from "@/app/api/latest/touchpoint-studio/touchpoints/[touchpoint_id]/content/route";
import * as scrape from "@/app/api/metrics/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import { sendMessage } from "@/lib/messaging/send-message";
import { closeSmtp } from "@/lib/messaging/smtp";
import { setFigureTimingForTests } from "@/lib/metrics/database-figures";
import { call, tokenFor } from "./http";
import { approvedEmailCampaign } from "./support/approved-campaign";
import { startMailSink } from "./support/mail-sink";

const TOKEN = "metrics-token-for-tests-0123456789";
const CONTENT_ROUTE = "/touchpoint-studio/touchpoints/{touchpoint_id}/content";

function get(headers: Record<string, string> = {}) {
  return scrape.GET(new Request("http://localhost/api/metrics", { headers }));
}

async function figures(): Promise<string> {
  const res = await get({ authorization: `Bearer ${TOKEN}` });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample (name with its labels as Prometheus writes them), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

beforeAll(() => {
  // Every scrape reads the database, up to now (production: every 10 s, rows up to 30 s ago).
  setFigureTimingForTests({ cacheMs: 0, lagMs: 0 });
});

afterAll(() => {
  delete process.env.METRICS_TOKEN;
  delete process.env.SMTP_URL;
  resetEnvCache();
});

describe("GET /api/metrics", () => {
  it("is not there without METRICS_TOKEN", async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvCache();
    const res = await get({ authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("refuses a request without the token or with a wrong one, in the error envelope", async () => {
    setEnv("METRICS_TOKEN", TOKEN);
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer wrong-token" }, { authorization: TOKEN }];
    for (const headers of attempts) {
      const res = await get(headers);
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body.code).toMatch(/^(not_authenticated|invalid_token)$/);
      expect(body.detail).toBeTruthy();
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
    }
  });

  it("counts requests per route template, intake rows, messages and jobs", async () => {
    setEnv("METRICS_TOKEN", TOKEN);
    const boss = await getBoss();
    const admin = await tokenFor("super");
    const before = await figures();
    expect(before).toContain("# TYPE lumen_http_request_duration_seconds histogram");
    expect(before).toContain("nodejs_heap_size_used_bytes");
    expect(before).toContain("nodejs_eventloop_lag_p99_seconds");
    // The web thread's delays, cumulative (a span's p99 from two scrapes): bench/support/loop-histogram.ts.
    expect(before).toContain("# TYPE lumen_event_loop_delay_seconds histogram");
    expect(before).toContain('lumen_event_loop_delay_seconds_bucket{le="0.01"}');
    expect(before).toContain("lumen_metrics_database_up 1");
    // Every queue shows, idle ones with 0.
    expect(before).toContain(`lumen_job_queue_depth{queue="${JOBS.buildModels}",state="queued"} 0`);

    const contentCount = `lumen_http_request_duration_seconds_count{method="GET",route="${CONTENT_ROUTE}"}`;
    const notFound = `lumen_http_requests_total{method="GET",route="${CONTENT_ROUTE}",status="404"}`;
    const received = 'lumen_intake_records_total{kind="customers",outcome="received"}';
    const upserted = 'lumen_intake_records_total{kind="customers",outcome="upserted"}';
    const rejected = 'lumen_intake_records_total{kind="customers",outcome="rejected"}';
    const sent = 'lumen_messages_sent_total{provider="outbox",channel="email"}';
    const queued = `lumen_job_queue_depth{queue="${JOBS.purgeExports}",state="queued"}`;
    const finished = `lumen_jobs_finished_total{queue="${JOBS.purgeExports}",state="completed"}`;
    const waited = `lumen_job_wait_seconds_count{queue="${JOBS.purgeExports}"}`;

    const served = await call(content.GET, {
      path: "/touchpoint-studio/touchpoints/tp-metrics-missing/content",
      params: { touchpoint_id: "tp-metrics-missing" },
      token: admin,
    });
    expect(served.status).toBe(404);
    const intake = await call(customers.POST, {
      path: "/data/customers",
      token: admin,
      body: {
        customers: [
          { customer_id: "metrics-c1", first_name: "Synthetic" },
          { customer_id: "metrics-c2" },
          { customer_id: "" },
        ],
      },
    });
    expect(intake.status, JSON.stringify(intake.body)).toBe(200);
    await sendMessage({ channel: "email", to: "metrics@example.invalid", subject: "s", body: "b" });
    await boss.send(JOBS.purgeExports, {});
    const queuedNow = await figures();
    expect(sample(queuedNow, queued)).toBe(1);
    const [job] = await boss.fetch(JOBS.purgeExports);
    expect(job).toBeDefined();
    await boss.complete(JOBS.purgeExports, job!.id);

    const after = await figures();
    expect(sample(after, contentCount)).toBe(sample(before, contentCount) + 1);
    expect(sample(after, notFound)).toBe(sample(before, notFound) + 1);
    expect(sample(after, received)).toBe(sample(before, received) + 3);
    expect(sample(after, upserted)).toBe(sample(before, upserted) + 2);
    expect(sample(after, rejected)).toBe(sample(before, rejected) + 1);
    expect(sample(after, sent)).toBe(sample(before, sent) + 1);
    expect(sample(after, queued)).toBe(0);
    expect(sample(after, finished)).toBe(sample(before, finished) + 1);
    expect(sample(after, waited)).toBe(sample(before, waited) + 1);
    // The raw path (with its id) is never a label.
    expect(after).not.toContain("tp-metrics-missing");

    // Read once per scrape: the next scrape with nothing new counts nothing twice.
    const again = await figures();
    expect(sample(again, received)).toBe(sample(after, received));
    expect(sample(again, sent)).toBe(sample(after, sent));
    expect(sample(again, finished)).toBe(sample(after, finished));
  });

  it("counts a campaign's messages sent and failed per provider", async () => {
    setEnv("METRICS_TOKEN", TOKEN);
    // An SMTP server that refuses one recipient for good (550).
    const sink = await startMailSink([], {
      onRcptTo: (address, _session, done) =>
        address.address.startsWith("refuse-")
          ? done(Object.assign(new Error("no such mailbox"), { responseCode: 550 }))
          : done(),
    });
    setEnv("SMTP_URL", sink.url);
    try {
      const people = ["take-1", "take-2", "refuse-1"].map((name) => ({
        customer_id: `metrics-${name}`,
        segment_id: "metrics-seg",
        segment_name: "metrics-seg",
        email: `${name}@example.test`,
        email_consent: true,
      }));
      expect((await ingestBatch({ kind: "customers", records: people, synthetic: true })).errors).toEqual([]);
      const id = await approvedEmailCampaign("metrics campaign", "metrics-seg");
      const started = await call(sendInstant.POST, {
        path: "/campaigning-studio/campaignings/send-instant",
        token: await tokenFor("advanced"),
        body: { campaign_id: id },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const send = await (await db()).campaignSend.findFirstOrThrow({
        where: { campaign_key: await campaignKeyOf(id) },
      });
      await prepareSend({ sendId: send.send_id });
      const sent = 'lumen_messages_sent_total{provider="smtp",channel="email"}';
      const failed = 'lumen_messages_failed_total{provider="smtp",channel="email"}';
      const before = await figures();
      expect(await deliverSend({ sendId: send.send_id })).toMatchObject({ sent: 2, failed: 1, finished: true });
      const after = await figures();
      expect(sample(after, sent)).toBe(sample(before, sent) + 2);
      expect(sample(after, failed)).toBe(sample(before, failed) + 1);
      // The closed send keeps its count: read again, nothing is counted twice.
      expect(sample(await figures(), failed)).toBe(sample(after, failed));
    } finally {
      closeSmtp(); // else the sink waits for the pooled connection to time out
      await sink.close();
    }
  });
});
