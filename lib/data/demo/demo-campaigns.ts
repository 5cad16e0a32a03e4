/**
 * The demo shop's studio content, so a newcomer opening Audiences or Campaigns meets a working
 * studio: two audiences (a static one, a dynamic one) and three campaigns made through the same
 * operations the API calls: one Sent (approved by another user, sent through the real send path
 * to the outbox, its report fed by synthetic recipient behaviour: ./demo-recipient-behaviour.ts),
 * one awaiting approval, one recurring weekly and approved. Everything is named "Demo · ..." and
 * labelled synthetic.
 *
 * Idempotent: each audience and campaign is looked up by its name before it is made, and the
 * behaviour is simulated only for a send that has no event yet; a finished run is marked in
 * system_state (demo_campaigns), so a second demo load adds nothing.
 *
 * When SMTP_URL is set, e-mail would leave the machine: the demo then sends nothing and approves
 * nothing (the campaigns stay Not approved; the log says why).
 */

import { createAudience } from "@/lib/audiences/audiences";
import { type TAudienceInput, ZAudienceInput } from "@/lib/audiences/schemas";
import type { Principal } from "@/lib/auth/roles";
import { approveCampaign } from "@/lib/campaigns/approvals";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { ZCampaignInput } from "@/lib/campaigns/schemas";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { startSend } from "@/lib/campaigns/sending/start-send";
import { now } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { formatTimestamp } from "@/lib/http/timestamps";
import { log } from "@/lib/log";
import { type BehaviourSummary, simulateRecipients } from "./demo-recipient-behaviour";

const STATE_KEY = "demo_campaigns";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEMO_AUDIENCES = {
  static: "Demo · Best customers who accept e-mail (static, synthetic)",
  dynamic: "Demo · Loyal buyers, recently active (dynamic, synthetic)",
} as const;

export const DEMO_CAMPAIGNS = {
  sent: "Demo · Spring preview for our best customers (sent, synthetic behaviour)",
  pending: "Demo · Weekend offer for loyal buyers (awaiting approval)",
  recurring: "Demo · Weekly new arrivals (recurring)",
} as const;

export interface DemoCampaignsResult {
  skipped?: "done";
  audiences: { static: string; dynamic: string };
  campaigns: { sent: string; pending: string; recurring: string };
  behaviour?: BehaviourSummary;
}

/** The demo users when they exist (demo mode), else the demo loader itself as an API client. */
async function principals(): Promise<{ author: Principal; approver: Principal }> {
  const prisma = await db();
  const users = await prisma.user.findMany({
    where: { email: { in: ["marketer@example.com", "advanced@example.com"] } },
    select: { id: true, email: true, name: true, role: true },
  });
  const as = (email: string, fallback: Principal): Principal => {
    const u = users.find((x) => x.email === email);
    return u ? { kind: "user", id: u.id, subject: u.email, name: u.name, role: u.role as Principal["role"] } : fallback;
  };
  return {
    author: as("marketer@example.com", {
      kind: "client",
      id: "demo-loader",
      subject: "demo-loader",
      name: "Demo loader",
      role: "user",
    }),
    approver: as("advanced@example.com", {
      kind: "client",
      id: "demo-approver",
      subject: "demo-approver",
      name: "Demo approver",
      role: "advanced",
    }),
  };
}

const filter = (filter_name: string, filter_type: string, filter_values: unknown, filter_order: number) => ({
  filter_name,
  filter_entity: "customer",
  filter_type,
  filter_order,
  filter_values,
});

function audienceInputs(): Record<keyof typeof DEMO_AUDIENCES, TAudienceInput> {
  return {
    static: ZAudienceInput.parse({
      audience_name: DEMO_AUDIENCES.static,
      status: "created",
      is_dynamic: false,
      filters: [
        { filter_group: "segments", filter_group_order: 0, values: [filter("segment", "IN", ["vip", "loyal"], 0)] },
        { filter_group: "consent", filter_group_order: 1, values: [filter("email_consent", "EQ", "True", 0)] },
      ],
    }),
    dynamic: ZAudienceInput.parse({
      audience_name: DEMO_AUDIENCES.dynamic,
      status: "created",
      is_dynamic: true,
      filters: [
        {
          filter_group: "behaviour",
          filter_group_order: 0,
          values: [
            filter("segment", "IN", ["loyal", "returning"], 0),
            filter("purchases-180-days", "GTE", 1, 1),
            filter("days-since-last-purchase", "LTE", 120, 2),
          ],
        },
        { filter_group: "consent", filter_group_order: 1, values: [filter("sms_consent", "EQ", "True", 0)] },
      ],
    }),
  };
}

async function ensureAudience(input: TAudienceInput, author: Principal): Promise<string> {
  const prisma = await db();
  const found = await prisma.audience.findFirst({
    where: { audience_name: input.audience_name },
    select: { audience_id: true },
  });
  if (found) return found.audience_id;
  return (await createAudience(input, author.subject)).audience_id;
}

/** The campaign of that name (its first group's id), made by `make` when there is none. */
async function ensureCampaign(name: string, make: () => Promise<string>): Promise<{ id: string; made: boolean }> {
  const prisma = await db();
  const found = await prisma.campaign.findFirst({
    where: { campaign_name: name },
    select: { groups: { select: { campaign_id: true }, orderBy: { group_number: "asc" }, take: 1 } },
  });
  const id = found?.groups[0]?.campaign_id;
  return id ? { id, made: false } : { id: await make(), made: true };
}

const local = (date: Date) => formatTimestamp(date);
/** The local day of `date` at hh:mm:00 (in TIMEZONE). */
const at = (date: Date, hhmm: string) => `${formatTimestamp(date).slice(0, 10)}T${hhmm}:00`;

export async function loadDemoCampaigns(): Promise<DemoCampaignsResult> {
  const prisma = await db();
  const state = await prisma.systemState.findUnique({ where: { key: STATE_KEY } });
  const { author, approver } = await principals();
  const mayDeliver = !env().SMTP_URL;
  const audienceIds = {
    static: await ensureAudience(audienceInputs().static, author),
    dynamic: await ensureAudience(audienceInputs().dynamic, author),
  };
  if ((state?.value as { state?: string } | null)?.state === "done") {
    const ids = await Promise.all(Object.values(DEMO_CAMPAIGNS).map((name) => ensureCampaign(name, async () => "")));
    return {
      skipped: "done",
      audiences: audienceIds,
      campaigns: { sent: ids[0]?.id ?? "", pending: ids[1]?.id ?? "", recurring: ids[2]?.id ?? "" },
    };
  }
  const t = now();
  const create = async (input: unknown) =>
    (await createCampaign({ input: ZCampaignInput.parse(input), principal: author })).campaign_details[0]!.campaign_id;
  const approve = (campaignId: string) => approveCampaign({ campaignId, principal: approver });

  const emailGroup = (percent: number, subject: string, start: string, end: string) => ({
    channel_subject: subject,
    channel_message_text:
      "Hello {ph_customer.first_name}, our spring collection is in: https://shop.example.com/spring - and for you, early access to the sale: https://shop.example.com/sale",
    start_time: start,
    end_time: end,
    abc_audience_percent: percent,
    utm: ["campaign_name", "abc_group"],
  });

  // Sent: A/B subject lines and a control group, sent now to the static audience.
  const start = local(new Date(t.getTime() + HOUR));
  const end = local(new Date(t.getTime() + 9 * HOUR));
  const sent = await ensureCampaign(DEMO_CAMPAIGNS.sent, () =>
    create({
      campaign_name: DEMO_CAMPAIGNS.sent,
      audiences: [audienceIds.static],
      audiences_type: "AUDIENCE",
      channel_type: "email",
      is_abc: true,
      sender: "Lumen Demo Shop",
      campaign_details: [
        emailGroup(40, "Spring preview, {ph_customer.first_name}: you see it first", start, end),
        emailGroup(40, "Our spring collection is here", start, end),
        { ...emailGroup(20, "", start, end), channel_message_text: "", tags: ["skip-content"], utm: [] },
      ],
    }),
  );
  let behaviour: BehaviourSummary | undefined;
  if (mayDeliver) behaviour = await sendWithBehaviour(sent.id, sent.made, approve);

  // Awaiting approval: an SMS to the dynamic audience in three days.
  const pending = await ensureCampaign(DEMO_CAMPAIGNS.pending, () =>
    create({
      campaign_name: DEMO_CAMPAIGNS.pending,
      audiences: [audienceIds.dynamic],
      audiences_type: "AUDIENCE",
      channel_type: "sms",
      is_abc: false,
      campaign_details: [
        {
          channel_message_text:
            "Hi {ph_customer.first_name}, 15% off your next order this weekend: https://shop.example.com/weekend",
          start_time: at(new Date(t.getTime() + 3 * DAY), "09:30"),
          end_time: at(new Date(t.getTime() + 3 * DAY), "20:00"),
          abc_audience_percent: 100,
        },
      ],
    }),
  );

  // Recurring: every week from tomorrow at 10:00 for three months, approved (scheduled).
  const recurring = await ensureCampaign(DEMO_CAMPAIGNS.recurring, () =>
    create({
      campaign_name: DEMO_CAMPAIGNS.recurring,
      audiences: ["loyal"],
      audiences_type: "GENERIC",
      channel_type: "email",
      is_abc: false,
      sender: "Lumen Demo Shop",
      recurring: {
        recurring_frequency: "weekly",
        recurring_until: at(new Date(t.getTime() + 90 * DAY), "23:00"),
        is_recurring: true,
      },
      campaign_details: [
        {
          ...emailGroup(100, "New this week at the demo shop", "", ""),
          start_time: at(new Date(t.getTime() + DAY), "10:00"),
          end_time: at(new Date(t.getTime() + DAY), "18:00"),
        },
      ],
    }),
  );
  if (recurring.made && mayDeliver) await approve(recurring.id);
  if (!mayDeliver) log.info("demo campaigns: SMTP_URL is set, so the demo sends and approves nothing");

  await prisma.systemState.upsert({
    where: { key: STATE_KEY },
    create: { key: STATE_KEY, value: { state: "done" } },
    update: { value: { state: "done" }, date_modified: new Date() },
  });
  const result = {
    audiences: audienceIds,
    campaigns: { sent: sent.id, pending: pending.id, recurring: recurring.id },
    ...(behaviour ? { behaviour } : {}),
  };
  log.info("demo campaigns loaded", { ...result.campaigns, ...behaviour });
  return result;
}

/**
 * Approves, sends through the real path (startSend, prepareSend, deliverSend: the outbox) and
 * simulates the recipients. A run cut off before is taken up where it stopped: an approved
 * campaign is not approved again, a started send is finished, a send with events is left alone.
 */
async function sendWithBehaviour(
  campaignId: string,
  made: boolean,
  approve: (id: string) => Promise<unknown>,
): Promise<BehaviourSummary | undefined> {
  const prisma = await db();
  const group = await prisma.campaignGroup.findUniqueOrThrow({
    where: { campaign_id: campaignId },
    select: { campaign: { select: { campaign_key: true, status: true } } },
  });
  const key = group.campaign.campaign_key;
  if (made || group.campaign.status === "Not approved") await approve(campaignId);
  let send = await prisma.campaignSend.findFirst({ where: { campaign_key: key }, orderBy: { date_created: "desc" } });
  if (!send) {
    await startSend({ campaignKey: key, campaignId, occurrenceAt: now() });
    send = await prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: key } });
  }
  // The worker runs the queued preparation too: whichever comes first prepares, the other finds it taken.
  await prepareSend({ sendId: send.send_id });
  await deliverSend({ sendId: send.send_id });
  if ((await prisma.campaignEvent.count({ where: { send_id: send.send_id } })) > 0) return undefined;
  return simulateRecipients({ sendId: send.send_id });
}
