/**
 * Approval that holds: whoever wrote any version of a campaign cannot approve it; an approval is
 * tied to the version read (ETag / If-Match, 412 when stale); an edit of an audience or template a
 * campaign uses sends it back for approval, and deleting one a campaign not yet Sent uses is 409
 * in_use (recalculating a dynamic audience is no edit); Sent campaigns are archived, not deleted;
 * role user deletes only their own drafts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as archive from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/archive/route";
import * as oneCampaign from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as oneTemplate from "@/app/api/latest/campaigning-studio/templates/[template_id]/route";
import * as templates from "@/app/api/latest/campaigning-studio/templates/route";
import * as recalculate from "@/app/api/latest/customer-studio/audiences/[audience_id]/recalculate/route";
import * as oneAudience from "@/app/api/latest/customer-studio/audiences/[audience_id]/route";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import * as customers from "@/app/api/latest/data/customers/route";
import { grantToken } from "@/lib/auth/grant-token";
import { createUser } from "@/lib/auth/users";
import { db } from "@/lib/db/client";
import { call, tokenFor } from "./http";

let user: string;
let advanced: string;
let advanced2: string;
let superUser: string;
let user2: string;

const group = (percent: number, extra: Record<string, unknown> = {}) => ({
  channel_message_text: "Hi {ph_customer.first_name}",
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: percent,
  ...extra,
});

const campaign = (extra: Record<string, unknown> = {}) => ({
  campaign_name: "Holds",
  audiences: ["ah-seg"],
  audiences_type: "GENERIC",
  channel_type: "sms",
  is_abc: false,
  sender: "Shop",
  is_draft: false,
  is_approved: false,
  recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
  campaign_details: [group(100)],
  ...extra,
});

const PATH = "/campaigning-studio/campaignings";
const create = (body: unknown, token = user) => call(campaignings.POST, { path: `${PATH}/`, token, body });
const one = (id: string) => ({ path: `${PATH}/${id}`, params: { campaign_id: id } });
const get = (id: string, token = user) => call(oneCampaign.GET, { ...one(id), token });
const put = (id: string, body: unknown, token = user) =>
  call(oneCampaign.PUT, { ...one(id), method: "PUT", token, body });
const del = (id: string, token = user) => call(oneCampaign.DELETE, { ...one(id), method: "DELETE", token });
const approveAs = (id: string, token: string, ifMatch?: string) =>
  call(approve.PUT, {
    method: "PUT",
    path: `${PATH}/${id}/approve`,
    params: { campaign_id: id },
    token,
    headers: ifMatch === undefined ? {} : { "If-Match": ifMatch },
  });
const archiveOf = (id: string, token = user, method = "POST") =>
  call(method === "POST" ? archive.POST : archive.DELETE, {
    method,
    path: `${PATH}/${id}/archive`,
    params: { campaign_id: id },
    token,
  });
const list = (query: Record<string, string> = {}, token = user) =>
  call(campaignings.GET, { path: PATH, query: { limit: 100, search: "Holds", ...query }, token });
const idOf = (res: { body: { campaign_details: { campaign_id: string }[] } }) =>
  res.body.campaign_details[0]?.campaign_id as string;
const setStatus = async (id: string, status: string) =>
  (await db()).campaign.updateMany({ where: { groups: { some: { campaign_id: id } } }, data: { status } });

const tokenOf = async (email: string, role: "user" | "advanced") => {
  await createUser({ email, password: "demo-password", role, name: email });
  return (await grantToken({ grant_type: "password", username: email, password: "demo-password" })).access_token;
};

beforeAll(async () => {
  user = await tokenFor("user");
  advanced = await tokenFor("advanced");
  superUser = await tokenFor("super");
  advanced2 = await tokenOf("ah-advanced2@example.com", "advanced");
  user2 = await tokenOf("ah-user2@example.com", "user");
  const res = await call(customers.POST, {
    path: "/data/customers",
    token: superUser,
    body: {
      customers: [
        { customer_id: "ah-1", first_name: "Ana", city: "Split", segment_id: "ah-seg", sms_consent: true },
        { customer_id: "ah-2", first_name: "Bo", city: "Zadar", segment_id: "ah-seg", sms_consent: true },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

describe("who may approve", () => {
  it("an editor of any version cannot approve (403); the creator cannot; someone else can", async () => {
    const body = campaign({ campaign_name: "Holds editor" });
    const created = await create(body);
    const id = idOf(created);
    expect(created.body).toMatchObject({ edited_by: ["marketer@example.com"], is_edited_by_user: true });
    const edited = await put(
      id,
      { ...body, campaign_details: [group(100, { channel_message_text: "Hello" })] },
      advanced,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.edited_by).toEqual(["marketer@example.com", "advanced@example.com"]);
    expect(edited.body.is_edited_by_user).toBe(true);
    // Even after another change by someone else: advanced wrote a version.
    await put(id, { ...body, campaign_name: "Holds editor 2" }, user);
    const byEditor = await approveAs(id, advanced);
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.detail).toContain("edited campaign");
    expect((await get(id, advanced2)).body.is_edited_by_user).toBe(false);
    const ok = await approveAs(id, advanced2);
    expect(ok.status).toBe(200);
    expect((await get(id)).body.status).toBe("Approved");
  });
});

describe("ETag and If-Match", () => {
  it("GET answers the version as ETag; every change gives a new one", async () => {
    const body = campaign({ campaign_name: "Holds etag" });
    const id = idOf(await create(body));
    const first = await get(id);
    const etag = first.headers.get("etag");
    expect(etag).toBe(`"${first.body.version}"`);
    // The same for another caller (is_approved_by_user is no part of it), and stable when nothing changes.
    expect((await get(id, advanced)).headers.get("etag")).toBe(etag);
    const renamed = await put(id, { ...body, campaign_name: "Holds etag 2" });
    expect(`"${renamed.body.version}"`).not.toBe(etag);
    const afterEdit = (await get(id)).headers.get("etag");
    expect(afterEdit).toBe(`"${renamed.body.version}"`);
    await setStatus(id, "Not sent");
    expect((await get(id)).headers.get("etag")).not.toBe(afterEdit);
  });

  it("a stale If-Match is 412 and approves nothing; the current one approves; none keeps the spec's behaviour", async () => {
    const body = campaign({ campaign_name: "Holds stale" });
    const id = idOf(await create(body));
    const seen = (await get(id, advanced)).headers.get("etag") as string;
    await put(id, { ...body, campaign_details: [group(100, { channel_message_text: "Changed after it was read" })] });
    const stale = await approveAs(id, advanced, seen);
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe("precondition_failed");
    const now = await get(id, advanced);
    expect(stale.headers.get("etag")).toBe(now.headers.get("etag"));
    expect(now.body).toMatchObject({ status: "Not approved", approvals_left: 1, approved_by: [] });
    // W/ and lists are read too.
    const ok = await approveAs(id, advanced, `"nope", W/${now.headers.get("etag")}`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await get(id)).body.status).toBe("Approved");
    const other = idOf(await create(campaign({ campaign_name: "Holds no if-match" })));
    expect((await approveAs(other, advanced)).status).toBe(200);
    const star = idOf(await create(campaign({ campaign_name: "Holds star" })));
    expect((await approveAs(star, advanced, "*")).status).toBe(200);
  });

  it("another approver's approval is a change: an approval on the version before it is 412", async () => {
    const db0 = await db();
    const created = await create(campaign({ campaign_name: "Holds quorum" }));
    const id = idOf(created);
    await db0.campaign.updateMany({
      where: { groups: { some: { campaign_id: id } } },
      data: { required_approvals: 2 },
    });
    const seen = (await get(id)).headers.get("etag") as string;
    expect((await approveAs(id, advanced2, seen)).status).toBe(200);
    const late = await approveAs(id, advanced, seen);
    expect(late.status).toBe(412);
    expect((await approveAs(id, advanced, late.headers.get("etag") as string)).status).toBe(200);
    expect((await get(id)).body).toMatchObject({ status: "Approved", approvals_left: 0 });
  });
});

describe("audiences and templates are part of the approval", () => {
  const makeAudience = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token: user,
      body: {
        audience_name: name,
        filters: [
          {
            filter_group: "demographics",
            filter_group_order: 0,
            next_group_connector: "AND",
            values: [
              {
                filter_name: "city",
                filter_type: "IN",
                filter_order: 0,
                filter_values: ["Split"],
              },
            ],
          },
        ],
        ...extra,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { audience_id: string; filters: unknown[] };
  };

  it("editing an audience of an Approved campaign sends it back; its editor may not approve it; recalculation is no edit", async () => {
    const audience = await makeAudience("Holds audience");
    const dynamic = await makeAudience("Holds dynamic", { status: "created", is_dynamic: true });
    const id = idOf(
      await create(
        campaign({ campaign_name: "Holds audience", audiences_type: "AUDIENCE", audiences: [audience.audience_id] }),
      ),
    );
    const other = idOf(
      await create(
        campaign({ campaign_name: "Holds dynamic", audiences_type: "AUDIENCE", audiences: [dynamic.audience_id] }),
      ),
    );
    expect((await approveAs(id, advanced)).status).toBe(200);
    expect((await approveAs(other, advanced)).status).toBe(200);
    const recalculated = await call(recalculate.POST, {
      params: { audience_id: dynamic.audience_id },
      token: user,
      body: {},
    });
    expect(recalculated.status).toBe(200);
    expect((await get(other)).body.status).toBe("Approved");
    const edit = await call(audiences.PUT, {
      method: "PUT",
      path: "/customer-studio/audiences",
      token: advanced2,
      body: { audience_id: audience.audience_id, audience_name: "Holds audience, everyone", filters: [] },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const back = await get(id);
    expect(back.body).toMatchObject({
      status: "Not approved",
      is_approved: false,
      approvals_left: 1,
      approved_by: [],
    });
    expect(back.body.edited_by).toContain("ah-advanced2@example.com");
    expect((await approveAs(id, advanced2)).status).toBe(403);
    expect((await approveAs(id, advanced)).status).toBe(200);
  });

  it("deleting an audience or a template a campaign not yet Sent uses is 409 in_use; once Sent it goes", async () => {
    const audience = await makeAudience("Holds delete");
    const id = idOf(
      await create(
        campaign({ campaign_name: "Holds delete", audiences_type: "AUDIENCE", audiences: [audience.audience_id] }),
      ),
    );
    const refused = await call(oneAudience.DELETE, {
      method: "DELETE",
      params: { audience_id: audience.audience_id },
      token: user,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("in_use");
    expect(refused.body.detail).toContain("Holds delete");
    expect((await call(oneAudience.GET, { params: { audience_id: audience.audience_id }, token: user })).status).toBe(
      200,
    );
    await setStatus(id, "Sent");
    const gone = await call(oneAudience.DELETE, {
      method: "DELETE",
      params: { audience_id: audience.audience_id },
      token: user,
    });
    expect(gone.status).toBe(200);
    expect((await get(id)).status).toBe(200);

    const template = await call(templates.POST, {
      path: "/campaigning-studio/templates",
      token: user,
      body: { name: "Holds template", html: "<html><body><p>Hi {ph_customer.first_name}</p></body></html>" },
    });
    const templateId = template.body.template_id as string;
    const mail = idOf(
      await create(
        campaign({
          campaign_name: "Holds template",
          channel_type: "email",
          campaign_details: [group(100, { channel_subject: "Hi", html_template_id: templateId })],
        }),
      ),
    );
    expect((await approveAs(mail, advanced)).status).toBe(200);
    const oneT = { path: `/campaigning-studio/templates/${templateId}`, params: { template_id: templateId } };
    const changed = await call(oneTemplate.PUT, {
      ...oneT,
      method: "PUT",
      token: advanced2,
      body: { name: "Holds template", html: "<html><body><p>New {ph_customer.first_name}</p></body></html>" },
    });
    expect(changed.status).toBe(200);
    expect((await get(mail)).body).toMatchObject({ status: "Not approved", approvals_left: 1 });
    expect((await approveAs(mail, advanced2)).status).toBe(403);
    const inUse = await call(oneTemplate.DELETE, { ...oneT, method: "DELETE", token: user });
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe("in_use");
    await setStatus(mail, "Sent");
    expect((await call(oneTemplate.DELETE, { ...oneT, method: "DELETE", token: user })).status).toBe(200);
  });
});

describe("deleting and archiving", () => {
  it("nobody deletes a Preparing, Sending or Sent campaign (409); a campaign sent before is archived instead", async () => {
    for (const status of ["Preparing", "Sending", "Sent"]) {
      const id = idOf(await create(campaign({ campaign_name: `Holds ${status}` }), advanced));
      await setStatus(id, status);
      for (const token of [advanced, superUser]) {
        const res = await del(id, token);
        expect(res.status).toBe(409);
        expect(res.body.code).toBe("invalid_status");
      }
    }
    // A recurring campaign back to Approved after a send: its history stays.
    const id = idOf(await create(campaign({ campaign_name: "Holds history" }), advanced));
    const prisma = await db();
    const key = (await prisma.campaignGroup.findUniqueOrThrow({ where: { campaign_id: id } })).campaign_key;
    await prisma.campaignSend.create({
      data: { send_id: `ah-send-${key}`, campaign_key: key, occurrence_at: new Date(), status: "Sent", targeted: 2 },
    });
    const refused = await del(id, superUser);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("has_sends");
    expect(refused.body.detail).toContain("archive");
  });

  it("role user deletes only their own drafts", async () => {
    const mine = idOf(await create(campaign({ campaign_name: "Holds mine" })));
    const theirs = idOf(await create(campaign({ campaign_name: "Holds theirs" }), user2));
    const approved = idOf(await create(campaign({ campaign_name: "Holds approved" })));
    expect((await approveAs(approved, advanced)).status).toBe(200);
    expect((await del(theirs)).status).toBe(403);
    const notDraft = await del(approved);
    expect(notDraft.status).toBe(403);
    expect(notDraft.body.detail).toContain("Approved");
    expect((await del(mine)).status).toBe(200);
    expect((await del(theirs, user2)).status).toBe(200);
    expect((await del(approved, advanced)).status).toBe(200);
  });

  it("archive hides a campaign from lists unless asked for; it is not edited or approved; unarchive brings it back", async () => {
    const body = campaign({ campaign_name: "Holds archive" });
    const sent = idOf(await create(body));
    const approved = idOf(await create(campaign({ campaign_name: "Holds archive approved" })));
    expect((await approveAs(approved, advanced)).status).toBe(200);
    await setStatus(sent, "Sent");
    const refused = await archiveOf(approved);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("invalid_status");
    const archived = await archiveOf(sent);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ is_archived: true, status: "Sent" });
    expect((await archiveOf(sent)).body.date_archived).toBe(archived.body.date_archived);
    const ids = (res: { body: { campaigns: { campaign_details: { campaign_id: string }[] }[] } }) =>
      res.body.campaigns.map((c) => c.campaign_details[0]?.campaign_id);
    expect(ids(await list({ search: "Holds archive" }))).toEqual([approved]);
    expect(ids(await list({ search: "Holds archive", archived: "true" }))).toEqual([sent]);
    expect(ids(await list({ search: "Holds archive", archived: "all" })).sort()).toEqual([sent, approved].sort());
    expect((await get(sent)).status).toBe(200);
    await setStatus(sent, "Not sent");
    const edit = await put(sent, body);
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe("archived");
    await setStatus(sent, "Not approved");
    const approval = await approveAs(sent, advanced);
    expect(approval.status).toBe(409);
    expect(approval.body.code).toBe("archived");
    const back = await archiveOf(sent, user, "DELETE");
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ is_archived: false, date_archived: null });
    expect(ids(await list({ search: "Holds archive" })).sort()).toEqual([sent, approved].sort());
  });
});
