/**
 * The demo shop's studio content: the demo load on the generated small shop (SHARED_DATA_DIR
 * pointed away from the Online Retail file) makes two audiences and three campaigns; the sent one's
 * delivery report, fed through the real paths, shows deliveries, opens, clicks, a bounce and a
 * complaint (the bounced and complaining addresses suppressed), the outbox holds its messages, and
 * a second run duplicates nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as report from "@/app/api/latest/campaigning-studio/insights/delivery-report/route";
import { DEMO_AUDIENCES, DEMO_CAMPAIGNS, loadDemoCampaigns } from "@/lib/data/demo/demo-campaigns";
import { loadDemo } from "@/lib/data/demo/load-demo";
import { getDemoProgress } from "@/lib/data/demo-progress";
import { db } from "@/lib/db/client";
import { resetEnvCache, setEnv } from "@/lib/env";
import { call, tokenFor } from "./http";

let user: string;

beforeAll(async () => {
  setEnv("SHARED_DATA_DIR", "/nonexistent-demo-data");
  delete process.env.SMTP_URL;
  resetEnvCache();
  user = await tokenFor("user");
});

afterAll(() => {
  delete process.env.SHARED_DATA_DIR;
  resetEnvCache();
});

const counts = async () => {
  const prisma = await db();
  return {
    audiences: await prisma.audience.count({ where: { audience_name: { startsWith: "Demo · " } } }),
    campaigns: await prisma.campaign.count({ where: { campaign_name: { startsWith: "Demo · " } } }),
    sends: await prisma.campaignSend.count(),
    events: await prisma.campaignEvent.count(),
    outbox: await prisma.outboxMessage.count(),
  };
};

describe("demo campaigns", () => {
  it("loads audiences and campaigns whose report shows opens, clicks, a bounce and a complaint", async () => {
    const started = Date.now();
    await loadDemo();
    const ms = Date.now() - started;
    expect(await getDemoProgress()).toMatchObject({ state: "done", source: "generator" });
    console.info(`demo load with campaigns on the generated shop: ${ms} ms`);

    const prisma = await db();
    const audiences = await prisma.audience.findMany({
      where: { audience_name: { in: Object.values(DEMO_AUDIENCES) } },
      orderBy: { audience_name: "asc" },
    });
    expect(audiences.map((a) => a.is_dynamic).sort()).toEqual([false, true]);
    expect(audiences.every((a) => a.audience_size > 0)).toBe(true);

    const campaigns = await prisma.campaign.findMany({
      where: { campaign_name: { in: Object.values(DEMO_CAMPAIGNS) } },
      include: { groups: { orderBy: { group_number: "asc" } } },
    });
    const byName = new Map(campaigns.map((c) => [c.campaign_name, c]));
    expect(byName.get(DEMO_CAMPAIGNS.sent)?.status).toBe("Sent");
    expect(byName.get(DEMO_CAMPAIGNS.pending)?.status).toBe("Not approved");
    expect(byName.get(DEMO_CAMPAIGNS.recurring)).toMatchObject({
      status: "Approved",
      is_recurring: true,
      recurring_frequency: "weekly",
    });

    const sent = byName.get(DEMO_CAMPAIGNS.sent)!;
    const res = await call(report.GET, {
      path: "/campaigning-studio/insights/delivery-report",
      token: user,
      query: { campaign_id: sent.groups[0]!.campaign_id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.campaigns[0];
    const m = r.metrics;
    expect(Number(m.targeted)).toBeGreaterThan(10);
    expect(m.opened).toBeGreaterThan(0);
    expect(m.clicked).toBeGreaterThan(0);
    expect(m.bounce).toBe(1);
    expect(m.complaint).toBe(1);
    expect(m.subscription).toBe(1);
    expect(m.delivered).toBe(Number(m.targeted) - 1);
    expect(r.groups.map((g: { is_control: boolean }) => g.is_control)).toEqual([false, false, true]);
    expect(r.groups[2].conversion.recipients).toBeGreaterThan(0);
    expect(r.conversion.conversions).toBeGreaterThan(0);

    // The messages went through the outbox; the bounce and the complaint suppressed their addresses.
    const send = await prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: sent.campaign_key } });
    expect(await prisma.outboxMessage.count({ where: { provider: "outbox" } })).toBe(Number(m.targeted));
    const suppressed = await prisma.suppression.findMany({ where: { channel: "email" } });
    expect(suppressed.map((s) => s.reason).sort()).toEqual(expect.arrayContaining(["complaint", "hard_bounce"]));
    // The synthetic purchases are labelled.
    const purchases = await prisma.event.findMany({
      where: { event_id: { startsWith: `synthetic-campaign-purchase-${send.send_id}` } },
    });
    expect(purchases.length).toBeGreaterThan(0);

    // A second run, even without the done mark, duplicates nothing.
    const before = await counts();
    expect((await loadDemoCampaigns()).skipped).toBe("done");
    await prisma.systemState.delete({ where: { key: "demo_campaigns" } });
    await loadDemoCampaigns();
    expect(await counts()).toEqual(before);
    expect(before).toMatchObject({ audiences: 2, campaigns: 3, sends: 1 });
  }, 180_000);
});
