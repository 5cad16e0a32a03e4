/**
 * A group that is not personalised (one message for everyone) cannot use an HTML template holding
 * a customer's placeholder ({ph_customer.*}): 422 at the group's is_personalized on create and
 * update (nothing written), at approval (a template changed since: the campaign stays Not approved)
 * and at send-instant; a send prepared anyway (a campaign approved before the rule) ends Not sent
 * with the same reason and no message. A personalised group may use such a template.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as oneCampaign from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as oneTemplate from "@/app/api/latest/campaigning-studio/templates/[template_id]/route";
import * as templates from "@/app/api/latest/campaigning-studio/templates/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { startSend } from "@/lib/campaigns/sending/start-send";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { call, tokenFor } from "./http";

let user: string;
let advanced: string;

const TEMPLATES = "/campaigning-studio/templates";
const createTemplate = (html: string) =>
  call(templates.POST, { path: TEMPLATES, token: user, body: { name: "T", html } });
const putTemplate = (id: string, html: string) =>
  call(oneTemplate.PUT, {
    method: "PUT",
    path: `${TEMPLATES}/${id}`,
    params: { template_id: id },
    token: user,
    body: { name: "T", html },
  });

const body = (templateId: string, isPersonalized: boolean, name = "Template placeholders") => ({
  campaign_name: name,
  audiences: ["tp-seg"],
  audiences_type: "GENERIC",
  channel_type: "email",
  is_abc: false,
  sender: "Shop",
  recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
  campaign_details: [
    {
      channel_subject: "Our spring sale",
      channel_message_text: "",
      html_template_id: templateId,
      is_personalized: isPersonalized,
      start_time: "2026-12-01T10:00:00",
      end_time: "2026-12-01T18:00:00",
      abc_audience_percent: 100,
    },
  ],
});

const create = (b: unknown) =>
  call(campaignings.POST, { path: "/campaigning-studio/campaignings/", token: user, body: b });
const update = (id: string, b: unknown) =>
  call(oneCampaign.PUT, {
    method: "PUT",
    path: `/campaigning-studio/campaignings/${id}`,
    params: { campaign_id: id },
    token: user,
    body: b,
  });
const read = async (id: string) =>
  (
    await call(oneCampaign.GET, {
      path: `/campaigning-studio/campaignings/${id}`,
      params: { campaign_id: id },
      token: user,
    })
  ).body;
const approveIt = (id: string) =>
  call(approve.PUT, {
    method: "PUT",
    path: `/campaigning-studio/campaignings/${id}/approve`,
    params: { campaign_id: id },
    token: advanced,
  });

const AT_FIELD = ["body", "campaign_details", 0, "is_personalized"];

beforeAll(async () => {
  [user, advanced] = await Promise.all([tokenFor("user"), tokenFor("advanced")]);
  const customers = await ingestBatch({
    kind: "customers",
    synthetic: true,
    records: ["tp-a", "tp-b"].map((id) => ({
      customer_id: id,
      first_name: id,
      email: `${id}@example.test`,
      email_consent: true,
      segment_id: "tp-seg",
    })),
  });
  expect(customers.errors).toEqual([]);
});

describe("a group that is not personalised, with a template holding {ph_customer.*}", () => {
  it("is refused on create and update with 422 at is_personalized, nothing written", async () => {
    const personal = await createTemplate("<p>Hi {ph_customer.first_name}, spring is here</p>");
    const templateId = personal.body.template_id as string;

    const refused = await create(body(templateId, false, "Refused on create"));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        loc: AT_FIELD,
        msg: expect.stringContaining(`template ${templateId} (html_template_id) holds {ph_customer.first_name}`),
      },
    ]);
    expect(refused.body.errors[0].msg).toMatch(/^is false \(one message for everyone\)/);
    const prisma = await db();
    expect(await prisma.campaign.count({ where: { campaign_name: "Refused on create" } })).toBe(0);

    // Personalised: the template's placeholder is the customer's name, as it should be.
    const made = await create(body(templateId, true, "Personalised with template"));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.campaign_details[0].campaign_id as string;
    const edited = await update(id, body(templateId, false, "Personalised with template"));
    expect(edited.status).toBe(422);
    expect(edited.body.errors[0].loc).toEqual(AT_FIELD);
    expect((await read(id)).campaign_details[0].is_personalized).toBe(true);
  });

  it("is refused at approval when the template gained the placeholder since; the campaign stays Not approved", async () => {
    const plain = await createTemplate("<p>Spring is here</p>");
    const templateId = plain.body.template_id as string;
    const made = await create(body(templateId, false, "Template changed later"));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.campaign_details[0].campaign_id as string;

    expect((await putTemplate(templateId, "<p>Hi {ph_customer.last_name}</p>")).status).toBe(200);
    const refused = await approveIt(id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        loc: ["campaign_details", 0, "is_personalized"],
        msg: expect.stringContaining("holds {ph_customer.last_name}"),
      },
    ]);
    expect(refused.body.detail).toContain(`Campaign ${id} cannot be approved`);
    expect(await read(id)).toMatchObject({ status: "Not approved", approvals_left: 1, approved_by: [] });

    // Without the placeholder again it is approved.
    expect((await putTemplate(templateId, "<p>Spring is here again</p>")).status).toBe(200);
    expect((await approveIt(id)).status).toBe(200);
    expect((await read(id)).status).toBe("Approved");
  });

  it("is refused at send-instant, and a send prepared anyway ends Not sent with the reason, no message", async () => {
    const plain = await createTemplate("<p>Spring is here</p>");
    const templateId = plain.body.template_id as string;
    const made = await create(body(templateId, false, "Approved before the rule"));
    const id = made.body.campaign_details[0].campaign_id as string;
    expect((await approveIt(id)).status).toBe(200);
    // As a campaign approved before the rule: the template holds the placeholder, the campaign
    // stays Approved (written underneath the route, which would send it back for approval).
    const prisma = await db();
    await prisma.emailTemplate.update({
      where: { template_id: templateId },
      data: { html: "<p>Hi {ph_customer.first_name}</p>" },
    });

    const refused = await call(sendInstant.POST, { token: advanced, body: { campaign_id: id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].loc).toEqual(["campaign_details", 0, "is_personalized"]);
    expect(refused.body.detail).toContain(`Campaign ${id} cannot be sent`);
    expect((await read(id)).status).toBe("Approved");

    const key = await campaignKeyOf(id);
    const sendId = await startSend({ campaignKey: key, campaignId: id, occurrenceAt: new Date() });
    expect((await prepareSend({ sendId })).status).toBe("Not sent");
    const send = await prisma.campaignSend.findUniqueOrThrow({ where: { send_id: sendId } });
    expect(send.status).toBe("Not sent");
    expect(send.fail_reason).toContain("holds {ph_customer.first_name}");
    expect(await prisma.campaignMessage.count({ where: { send_id: sendId } })).toBe(0);
  });
});
