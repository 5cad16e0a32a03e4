/**
 * Campaigns through their routes: creation with one campaign_id per group, every validation and
 * refusal, lists and filters, edits and deletes by status, approvals by role and quorum, the
 * author's refusal, edit-resets-approval, concurrent approvals, and the settings route.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as oneCampaign from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as settings from "@/app/api/latest/campaigning-studio/settings/route";
import * as templates from "@/app/api/latest/campaigning-studio/templates/route";
import * as audiences from "@/app/api/latest/customer-studio/audiences/route";
import * as customers from "@/app/api/latest/data/customers/route";
import * as openapi from "@/app/api/latest/openapi.json/route";
import { grantToken } from "@/lib/auth/grant-token";
import { createUser } from "@/lib/auth/users";
import { db } from "@/lib/db/client";
import { call, tokenFor } from "./http";

let user: string;
let advanced: string;
let superUser: string;
let advanced2: string;

const group = (percent: number, extra: Record<string, unknown> = {}) => ({
  channel_message_text: "Hi {ph_customer.first_name}, {ph_product_1.name} is waiting: {ph_product_1.url}",
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: percent,
  utm: ["campaign_id", "abc_group"],
  ...extra,
});

const campaign = (extra: Record<string, unknown> = {}) => ({
  campaign_name: "Winter sale",
  audiences: ["cm-seg"],
  audiences_type: "GENERIC",
  channel_type: "sms",
  is_abc: true,
  sender: "Shop",
  is_draft: false,
  is_approved: false,
  author: "marketer@example.com",
  recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
  campaign_details: [group(70), group(30)],
  ...extra,
});

const create = async (body: unknown, token = user, path = "/campaigning-studio/campaignings/") =>
  call(campaignings.POST, { path, token, body });
const get = async (id: string, token = user) =>
  call(oneCampaign.GET, { path: `/campaigning-studio/campaignings/${id}`, params: { campaign_id: id }, token });
const put = async (id: string, body: unknown, token = user) =>
  call(oneCampaign.PUT, {
    method: "PUT",
    path: `/campaigning-studio/campaignings/${id}`,
    params: { campaign_id: id },
    token,
    body,
  });
const del = async (id: string, token = user) =>
  call(oneCampaign.DELETE, {
    method: "DELETE",
    path: `/campaigning-studio/campaignings/${id}`,
    params: { campaign_id: id },
    token,
  });
const approveAs = async (id: string, token: string) =>
  call(approve.PUT, {
    method: "PUT",
    path: `/campaigning-studio/campaignings/${id}/approve`,
    params: { campaign_id: id },
    token,
  });
const setSettings = async (body: unknown, token = superUser) =>
  call(settings.PUT, { method: "PUT", path: "/campaigning-studio/settings", token, body });
const idOf = (res: { body: { campaign_details: { campaign_id: string }[] } }, group = 0) =>
  res.body.campaign_details[group]?.campaign_id as string;
const locs = (res: { body: { errors?: { loc: (string | number)[] }[] } }) =>
  (res.body.errors ?? []).map((e) => e.loc.join("."));

beforeAll(async () => {
  user = await tokenFor("user");
  advanced = await tokenFor("advanced");
  superUser = await tokenFor("super");
  await createUser({ email: "advanced2@example.com", password: "demo-password", role: "advanced", name: "A2" });
  advanced2 = (
    await grantToken({ grant_type: "password", username: "advanced2@example.com", password: "demo-password" })
  ).access_token;
  const res = await call(customers.POST, {
    path: "/data/customers",
    token: superUser,
    body: {
      customers: [
        { customer_id: "cm-1", first_name: "Ana", segment_id: "cm-seg", segment_name: "CM", sms_consent: true },
        { customer_id: "cm-2", first_name: "Bo", segment_id: "cm-seg", segment_name: "CM", sms_consent: true },
        { customer_id: "cm-3", first_name: "Cy", segment_id: "cm-big", segment_name: "Big", sms_consent: true },
      ],
    },
  });
  expect(res.body.upserted).toBe(3);
});

describe("creating campaigns", () => {
  it("answers 201 with the spec's fields and one campaign_id per group, through both path forms", async () => {
    const res = await create(campaign());
    expect(res.status).toBe(201);
    const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
    expect(res.body.campaign_details.map((g: { campaign_id: string }) => g.campaign_id)).toEqual([
      `${day}_cn_winter_sale_cl_lumen_ap_70_ag_1`,
      `${day}_cn_winter_sale_cl_lumen_ap_30_ag_2`,
    ]);
    expect(res.body).toMatchObject({
      campaign_name: "Winter sale",
      status: "Not approved",
      is_approved: false,
      is_approved_by_user: false,
      approved_by: [],
      approvals_left: 1,
      required_approvals: 1,
      audience_size: 2,
      author: "marketer@example.com",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
    });
    expect(res.body.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    for (const g of res.body.campaign_details) {
      expect(g).toMatchObject({ sending_status: "Not Sent", is_sent: false, fail_reason: null });
      expect(g.start_time).toBe("2026-12-01T10:00:00");
    }
    // The same name the same day: the slug gets a numeric suffix. Without the trailing slash too.
    const again = await create(campaign(), user, "/campaigning-studio/campaignings");
    expect(again.status).toBe(201);
    expect(idOf(again, 1)).toBe(`${day}_cn_winter_sale_2_cl_lumen_ap_30_ag_2`);
    const third = await create(campaign());
    expect(idOf(third)).toBe(`${day}_cn_winter_sale_3_cl_lumen_ap_70_ag_1`);
  });

  it("concurrent creations of one name get distinct ids", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => create(campaign({ campaign_name: "Race" }))));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((a) => idOf(a)));
    expect(ids.size).toBe(3);
  });

  it("any group's id reads the whole campaign", async () => {
    const res = await create(campaign({ campaign_name: "Any id" }));
    const byFirst = await get(idOf(res, 0));
    const bySecond = await get(idOf(res, 1));
    expect(byFirst.status).toBe(200);
    expect(bySecond.body).toEqual(byFirst.body);
    expect((await get("20200101_cn_nothing_cl_lumen_ap_100_ag_1")).status).toBe(404);
  });

  it("422 with loc for every shape rule", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ campaign_details: [] }, "body.campaign_details"],
      [{ campaign_details: [group(25), group(25), group(25), group(25)] }, "body.campaign_details"],
      [{ campaign_details: [group(70), group(20)] }, "body.campaign_details"],
      [{ campaign_details: [group(70.5), group(29.5)] }, "body.campaign_details.0.abc_audience_percent"],
      [{ is_abc: false }, "body.is_abc"],
      [{ is_abc: true, campaign_details: [group(100)] }, "body.is_abc"],
      [{ channel_type: "fax" }, "body.channel_type"],
      [{ audiences_type: "SEGMENTS" }, "body.audiences_type"],
      [
        { recurring: { recurring_frequency: "hourly", recurring_until: "2027-01-01T00:00:00", is_recurring: true } },
        "body.recurring.recurring_frequency",
      ],
      [
        { recurring: { recurring_frequency: "weekly", recurring_until: "2026-11-01T00:00:00", is_recurring: true } },
        "body.recurring.recurring_until",
      ],
      [
        { campaign_details: [group(70), group(30, { end_time: "2026-12-01T09:00:00" })] },
        "body.campaign_details.1.end_time",
      ],
      [{ campaign_details: [group(70), group(30, { utm: ["utm_source"] })] }, "body.campaign_details.1.utm.0"],
      [
        { campaign_details: [group(70), group(30, { channel_message_text: "Hi {ph_customer.nick}" })] },
        "body.campaign_details.1.channel_message_text",
      ],
      [{ channel_type: "email" }, "body.campaign_details.0.channel_subject"],
      [{ channel_type: "viber" }, "body.campaign_details.0.channel_button"],
      [
        { campaign_details: [group(70), group(30, { channel_message_text: "" })] },
        "body.campaign_details.1.channel_message_text",
      ],
    ];
    for (const [extra, loc] of cases) {
      const res = await create(campaign(extra));
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(res.body.code).toBe("validation_error");
      expect(locs(res), JSON.stringify(extra)).toContain(loc);
    }
    const placeholder = await create(
      campaign({ campaign_details: [group(70), group(30, { channel_subject: "{ph_product_9.price}" })] }),
    );
    expect(placeholder.body.errors).toContainEqual({
      loc: ["body", "campaign_details", 1, "channel_subject"],
      msg: "unknown placeholder {ph_product_9.price}",
    });
  });

  it("takes each channel's fields; a skip-content control group needs none", async () => {
    const viber = {
      channel_message_text: "Hi {ph_customer.vocative_name}",
      channel_button: "Shop now",
      channel_button_link: "https://shop.example/",
      channel_image_url: "https://shop.example/a.png",
      channel_validity_period: 2,
      channel_validity_unit: "HOURS",
      channel_fallback_message_text: "Hi, see {ph_product_2.url}",
    };
    const res = await create(
      campaign({
        channel_type: "viber_sms",
        campaign_details: [group(80, viber), group(20, { channel_message_text: "", tags: ["skip-content"] })],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.campaign_details[0]).toMatchObject({ channel_validity_period: 2, channel_validity_unit: "HOURS" });
    const template = await call(templates.POST, {
      path: "/campaigning-studio/templates",
      token: user,
      body: { name: "CM template", html: "<p>Hi {ph_customer.first_name}</p>" },
    });
    expect(template.status).toBe(201);
    const email = await create(
      campaign({
        channel_type: "email",
        is_abc: false,
        campaign_details: [
          group(100, {
            channel_subject: "{ph_customer.last_name}",
            channel_message_text: "",
            html_template_id: template.body.template_id,
          }),
        ],
      }),
    );
    expect(email.status).toBe(201);
  });

  it("409 when a segment or an audience does not exist; AUDIENCE takes saved audiences", async () => {
    const noSegment = await create(campaign({ audiences: ["cm-seg", "cm-nobody"] }));
    expect(noSegment.status).toBe(409);
    expect(noSegment.body.code).toBe("unknown_reference");
    expect(noSegment.body.detail).toContain("cm-nobody");
    const all = await create(campaign({ audiences: ["all_customers"] }));
    expect(all.status).toBe(201);
    expect(all.body.audience_size).toBeGreaterThanOrEqual(3);
    const noAudience = await create(campaign({ audiences_type: "AUDIENCE", audiences: ["audience-id-missing"] }));
    expect(noAudience.status).toBe(409);
    const saved = await call(audiences.POST, {
      path: "/customer-studio/audiences",
      token: user,
      body: { audience_name: "CM audience", status: "created", filters: [] },
    });
    expect(saved.status).toBe(201);
    const withAudience = await create(campaign({ audiences_type: "AUDIENCE", audiences: [saved.body.audience_id] }));
    expect(withAudience.status).toBe(201);
    expect(withAudience.body.audience_size).toBe(saved.body.audience_size);
  });
});

describe("listing", () => {
  it("filters by status, channel and text in the usual envelope", async () => {
    await create(campaign({ campaign_name: "Listed Viber-less one" }));
    const list = await call(campaignings.GET, {
      path: "/campaigning-studio/campaignings",
      token: user,
      query: { search: "viber-less", channel_type: "sms", status: "Not approved" },
    });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ offset: 0, limit: 10, count: 1 });
    expect(list.body.campaigns[0].campaign_name).toBe("Listed Viber-less one");
    const none = await call(campaignings.GET, {
      path: "/campaigning-studio/campaignings",
      token: user,
      query: { search: "viber-less", status: "Sent" },
    });
    expect(none.body).toMatchObject({ count: 0, campaigns: [] });
    const email = await call(campaignings.GET, {
      path: "/campaigning-studio/campaignings",
      token: user,
      query: { channel_type: "email" },
    });
    expect(email.body.campaigns.every((c: { channel_type: string }) => c.channel_type === "email")).toBe(true);
    const bad = await call(campaignings.GET, {
      path: "/campaigning-studio/campaignings",
      token: user,
      query: { status: "Done" },
    });
    expect(bad.status).toBe(422);
    expect(locs(bad)).toEqual(["query.status"]);
  });
});

describe("approvals", () => {
  it("user 403, author 403, advanced approves once (409 again), then Approved", async () => {
    const created = await create(campaign({ campaign_name: "Approve me" }));
    const id = idOf(created, 1);
    const asUser = await approveAs(id, user);
    expect(asUser.status).toBe(403);
    const own = await create(campaign({ campaign_name: "Mine" }), advanced);
    const byAuthor = await approveAs(idOf(own), advanced);
    expect(byAuthor.status).toBe(403);
    expect(byAuthor.body.detail).toContain("author cannot approve their own campaign");
    const ok = await approveAs(id, advanced);
    expect(ok.status).toBe(200);
    expect(ok.body.detail).toContain("Approved");
    const read = await get(id, advanced);
    expect(read.body).toMatchObject({
      status: "Approved",
      is_approved: true,
      is_approved_by_user: true,
      approvals_left: 0,
      approved_by: [{ user_email: "advanced@example.com" }],
    });
    expect((await get(id, user)).body.is_approved_by_user).toBe(false);
    const twice = await approveAs(id, advanced);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain("Approved");
  });

  it("a quorum: each distinct approver lowers approvals_left; the same one twice is 409 already_approved", async () => {
    expect(
      (await setSettings({ required_approvals: 2, large_audience_size: null, large_audience_required_approvals: null }))
        .status,
    ).toBe(200);
    try {
      const created = await create(campaign({ campaign_name: "Quorum" }));
      const id = idOf(created);
      expect(created.body).toMatchObject({ required_approvals: 2, approvals_left: 2 });
      const first = await approveAs(id, advanced);
      expect(first.body.detail).toContain("1 more approval needed");
      const again = await approveAs(id, advanced);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("already_approved");
      expect((await get(id)).body).toMatchObject({ status: "Not approved", approvals_left: 1 });
      expect((await approveAs(id, superUser)).status).toBe(200);
      expect((await get(id)).body).toMatchObject({ status: "Approved", approvals_left: 0 });
    } finally {
      await setSettings({ required_approvals: 1, large_audience_size: null, large_audience_required_approvals: null });
    }
  });

  it("concurrent approvals are all counted", async () => {
    await setSettings({ required_approvals: 3, large_audience_size: null, large_audience_required_approvals: null });
    try {
      const created = await create(campaign({ campaign_name: "Concurrent" }));
      const id = idOf(created);
      const answers = await Promise.all([advanced, advanced2, superUser].map((t) => approveAs(id, t)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const read = await get(id);
      expect(read.body).toMatchObject({ status: "Approved", approvals_left: 0 });
      expect(read.body.approved_by).toHaveLength(3);
    } finally {
      await setSettings({ required_approvals: 1, large_audience_size: null, large_audience_required_approvals: null });
    }
  });
});

describe("edits and deletes", () => {
  it("an edit of content, audience or schedule returns an approved campaign to Not approved; the name does not", async () => {
    const body = campaign({ campaign_name: "Edit me" });
    const created = await create(body);
    const id = idOf(created, 1);
    await approveAs(id, advanced);
    const renamed = await put(id, { ...body, campaign_name: "Edited name" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ campaign_name: "Edited name", status: "Approved" });
    expect(renamed.body.campaign_details.map((g: { campaign_id: string }) => g.campaign_id)).toEqual(
      created.body.campaign_details.map((g: { campaign_id: string }) => g.campaign_id),
    );
    const edits: Record<string, unknown>[] = [
      { campaign_details: [group(70), group(30, { channel_message_text: "New text" })] },
      { audiences: ["all_customers"] },
      { campaign_details: [group(70), group(30, { start_time: "2026-12-01T11:00:00" })] },
    ];
    for (const edit of edits) {
      await approveAs(id, advanced);
      expect((await get(id)).body.status).toBe("Approved");
      const res = await put(id, { ...body, ...edit });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: "Not approved",
        approved_by: [],
        approvals_left: 1,
        is_approved: false,
      });
    }
  });

  it("groups keep their ids; an added group gets a new one, a dropped one goes", async () => {
    const body = campaign({ campaign_name: "Groups" });
    const created = await create(body);
    const [a, b] = [idOf(created, 0), idOf(created, 1)];
    const three = await put(a, { ...body, campaign_details: [group(50), group(30), group(20)] });
    expect(three.status).toBe(200);
    expect(three.body.campaign_details.map((g: { campaign_id: string }) => g.campaign_id).slice(0, 2)).toEqual([a, b]);
    expect(idOf(three, 2)).toMatch(/_cn_groups_cl_lumen_ap_20_ag_3$/);
    const one = await put(a, { ...body, is_abc: false, campaign_details: [group(100)] });
    expect(one.body.campaign_details).toHaveLength(1);
    expect((await get(b)).status).toBe(404);
    const invalid = await put(a, { ...body, is_abc: false });
    expect(invalid.status).toBe(422);
  });

  it("a Sending campaign can be neither edited nor deleted (409 naming its status); others are deleted", async () => {
    const body = campaign({ campaign_name: "Busy" });
    const created = await create(body);
    const id = idOf(created);
    const prisma = await db();
    await prisma.campaign.updateMany({
      where: { groups: { some: { campaign_id: id } } },
      data: { status: "Sending" },
    });
    const edit = await put(id, body);
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: "invalid_status" });
    expect(edit.body.detail).toContain("is Sending");
    const removal = await del(id);
    expect(removal.status).toBe(409);
    expect(removal.body.detail).toContain("is Sending");
    expect((await approveAs(id, advanced)).status).toBe(409);
    await prisma.campaign.updateMany({
      where: { groups: { some: { campaign_id: id } } },
      data: { status: "Not sent" },
    });
    const retried = await put(id, { ...body, campaign_name: "Busy again" });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe("Not approved");
    const other = await create(campaign({ campaign_name: "Delete me" }));
    const gone = await del(idOf(other, 1));
    expect(gone.status).toBe(200);
    expect(gone.body.detail).toContain("deleted");
    expect((await get(idOf(other, 0))).status).toBe(404);
    expect((await del(idOf(other, 0))).status).toBe(404);
  });
});

describe("settings", () => {
  it("GET for everyone; PUT for super users; a larger audience needs more approvals", async () => {
    const read = await call(settings.GET, { path: "/campaigning-studio/settings", token: user });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      required_approvals: 1,
      large_audience_size: null,
      large_audience_required_approvals: null,
      frequency_cap_messages: 3,
      frequency_cap_days: 7,
      soft_bounce_limit: 3,
      attribution_window_days: 5,
    });
    const byAdvanced = await setSettings(
      { required_approvals: 2, large_audience_size: null, large_audience_required_approvals: null },
      advanced,
    );
    expect(byAdvanced.status).toBe(403);
    const half = await setSettings({
      required_approvals: 1,
      large_audience_size: 2,
      large_audience_required_approvals: null,
    });
    expect(half.status).toBe(422);
    expect(locs(half)).toEqual(["body.large_audience_required_approvals"]);
    expect(
      (await setSettings({ required_approvals: 0, large_audience_size: null, large_audience_required_approvals: null }))
        .status,
    ).toBe(422);
    const set = await setSettings({
      required_approvals: 1,
      large_audience_size: 2,
      large_audience_required_approvals: 2,
    });
    expect(set.status).toBe(200);
    try {
      const small = await create(campaign({ campaign_name: "Small" }));
      expect(small.body).toMatchObject({ audience_size: 2, required_approvals: 1 });
      const large = await create(campaign({ campaign_name: "Large", audiences: ["all_customers"] }));
      expect(large.body).toMatchObject({ required_approvals: 2, approvals_left: 2 });
      expect((await call(settings.GET, { path: "/campaigning-studio/settings", token: user })).body).toMatchObject({
        large_audience_size: 2,
      });
    } finally {
      await setSettings({ required_approvals: 1, large_audience_size: null, large_audience_required_approvals: null });
    }
  });
});

describe("OpenAPI", () => {
  it("documents the campaign routes, the create path once (its trailing-slash form is served, not documented)", async () => {
    const res = await call(openapi.GET, { path: "/openapi.json", token: user });
    const paths = Object.keys(res.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/campaigning-studio/campaignings",
        "/campaigning-studio/campaignings/{campaign_id}",
        "/campaigning-studio/campaignings/{campaign_id}/approve",
        "/campaigning-studio/settings",
      ]),
    );
    expect(paths).not.toContain("/campaigning-studio/campaignings/");
    expect(Object.keys(res.body.paths["/campaigning-studio/campaignings"])).toEqual(
      expect.arrayContaining(["get", "post"]),
    );
    expect(JSON.stringify(res.body.paths["/campaigning-studio/campaignings"].post)).toContain("ph_product_5.image");
  });
});
