/**
 * "A campaign never targets a draft audience without saying so at approval": the campaign's
 * `warnings` (GET one, the list the approval queue reads) and the approval's answer name a draft
 * audience (members not frozen, filters still editable) and an audience that would reach nobody;
 * a created audience with customers gives none, and a Sent campaign's audience is history.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as oneCampaign from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { call, tokenFor } from "./http";

let user: string;
let advanced: string;

const PATH = "/campaigning-studio/campaignings";

const cityFilter = (city: string) => [
  {
    filter_group: "demographics",
    filter_group_order: 0,
    next_group_connector: "AND",
    values: [{ filter_name: "city", filter_type: "IN", filter_order: 0, filter_values: [city] }],
  },
];

async function makeAudience(name: string, city: string, status: "draft" | "created") {
  const res = await call(audiences.POST, {
    path: "/customer-studio/audiences",
    token: user,
    body: { audience_name: name, filters: cityFilter(city), status },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.audience_id as string;
}

async function makeCampaign(name: string, audienceIds: string[]) {
  const res = await call(campaignings.POST, {
    path: `${PATH}/`,
    token: user,
    body: {
      campaign_name: name,
      audiences: audienceIds,
      audiences_type: "AUDIENCE",
      channel_type: "sms",
      is_abc: false,
      sender: "Shop",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [
        {
          channel_message_text: "Hi {ph_customer.first_name}",
          start_time: "2026-12-01T10:00:00",
          end_time: "2026-12-01T18:00:00",
          abc_audience_percent: 100,
        },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { campaign_details: { campaign_id: string }[]; warnings: string[]; version: string };
}

const get = (id: string) => call(oneCampaign.GET, { path: `${PATH}/${id}`, params: { campaign_id: id }, token: user });

beforeAll(async () => {
  [user, advanced] = await Promise.all([tokenFor("user"), tokenFor("advanced")]);
  const records = [1, 2, 3].map((n) => ({
    customer_id: `aw-${n}`,
    first_name: `Ana${n}`,
    city: "Zadar",
    phone_number: `+38591100000${n}`,
    sms_consent: true,
  }));
  expect((await ingestBatch({ kind: "customers", records, synthetic: true })).errors).toEqual([]);
});

describe("audience warnings at approval", () => {
  it("a draft audience is named on the campaign, in the approval queue's list and in the approval's answer", async () => {
    const draft = await makeAudience("Zadar draft", "Zadar", "draft");
    const created = await makeCampaign("Warn draft", [draft]);
    const id = created.campaign_details[0]!.campaign_id;
    expect(created.warnings).toHaveLength(1);
    expect(created.warnings[0]).toMatch(/^Audience “Zadar draft” \(.+\) is a draft: its members are not frozen/);

    const one = await get(id);
    expect(one.body.warnings).toEqual(created.warnings);
    // The queue reads the list of Not approved campaigns.
    const listed = await call(campaignings.GET, {
      path: PATH,
      query: { status: "Not approved", search: "Warn draft" },
      token: advanced,
    });
    expect(listed.body.campaigns.map((c: { warnings: string[] }) => c.warnings)).toEqual([created.warnings]);

    const ok = await call(approve.PUT, {
      method: "PUT",
      path: `${PATH}/${id}/approve`,
      params: { campaign_id: id },
      token: advanced,
      headers: { "If-Match": one.headers.get("etag") as string },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.warnings).toEqual(created.warnings);
    expect(ok.body.detail).toContain("it is Approved. Note: Audience “Zadar draft”");
    // Approved and still to be sent: still said.
    expect((await get(id)).body).toMatchObject({ status: "Approved", warnings: created.warnings });
  });

  it("an audience with nobody in it is said; a created audience with customers gives no warning; a sent campaign none", async () => {
    const empty = await makeAudience("Nowhere", "Atlantis", "created");
    const zadar = await makeAudience("Zadar created", "Zadar", "created");
    const warned = await makeCampaign("Warn empty", [empty, zadar]);
    expect(warned.warnings).toEqual([
      expect.stringMatching(
        /^Audience “Nowhere” \(.+\) had no customers at its last calculation \(.+\): the send would reach nobody\.$/,
      ),
    ]);
    const fine = await makeCampaign("Warn none", [zadar]);
    expect(fine.warnings).toEqual([]);
    const ok = await call(approve.PUT, {
      method: "PUT",
      path: `${PATH}/${fine.campaign_details[0]!.campaign_id}/approve`,
      params: { campaign_id: fine.campaign_details[0]!.campaign_id },
      token: advanced,
    });
    expect(ok.body).toMatchObject({ warnings: [] });
    expect(ok.body.detail).not.toContain("Note:");

    const id = warned.campaign_details[0]!.campaign_id;
    await (await db()).campaign.updateMany({
      where: { groups: { some: { campaign_id: id } } },
      data: { status: "Sent" },
    });
    expect((await get(id)).body.warnings).toEqual([]);
  });
});
