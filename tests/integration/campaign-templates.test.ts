/**
 * E-mail templates through their routes: create, list, read, change and delete (201/200/404,
 * 401 without credentials, 422 naming html for an unknown placeholder); campaigns naming a
 * template that does not exist (409 unknown_reference on create and update); a template in use
 * (409 in_use on delete, approvals cleared when its HTML changes); and an e-mail campaign with a
 * template and no text sent over SMTP to a real server started here: the received HTML has the
 * filled placeholders, a tracked /r/ link in place of the template's link and the open pixel
 * before </body>, and its text part is the template's plain text.
 */
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as oneCampaign from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/route";
import * as preview from "@/app/api/latest/campaigning-studio/campaignings/preview/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as oneTemplate from "@/app/api/latest/campaigning-studio/templates/[template_id]/route";
import * as templates from "@/app/api/latest/campaigning-studio/templates/route";
import * as openapi from "@/app/api/latest/openapi.json/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { resolveLink } from "@/lib/campaigns/tracking/links";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { env, resetEnvCache, setEnv } from "@/lib/env";
import { closeSmtp } from "@/lib/messaging/smtp";
import { recommendedItems } from "@/lib/recommend/recommend-for-customers";
import { call, tokenFor } from "./http";
import { type MailSink, startMailSink } from "./support/mail-sink";

const mails: ParsedMail[] = [];
let smtp: MailSink;
let user: string;
let advanced: string;

const PATH = "/campaigning-studio/templates";
const create = (body: unknown) => call(templates.POST, { path: PATH, token: user, body });
const one = (id: string) => ({ path: `${PATH}/${id}`, params: { template_id: id } });
const get = (id: string) => call(oneTemplate.GET, { ...one(id), token: user });
const put = (id: string, body: unknown) => call(oneTemplate.PUT, { ...one(id), method: "PUT", token: user, body });
const del = (id: string) => call(oneTemplate.DELETE, { ...one(id), method: "DELETE", token: user });

const group = (extra: Record<string, unknown> = {}) => ({
  channel_subject: "Spring for {ph_customer.first_name}",
  channel_message_text: "",
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: 100,
  ...extra,
});

const campaign = (templateId: string, extra: Record<string, unknown> = {}) => ({
  campaign_name: "Template test",
  audiences: ["ct-seg"],
  audiences_type: "GENERIC",
  channel_type: "email",
  is_abc: false,
  sender: "Shop",
  recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
  campaign_details: [group({ html_template_id: templateId })],
  ...extra,
});

const createCampaign = (body: unknown) =>
  call(campaignings.POST, { path: "/campaigning-studio/campaignings/", token: user, body });
const getCampaign = async (id: string) =>
  (
    await call(oneCampaign.GET, {
      path: `/campaigning-studio/campaignings/${id}`,
      params: { campaign_id: id },
      token: user,
    })
  ).body;
const approveCampaign = (id: string) =>
  call(approve.PUT, {
    method: "PUT",
    path: `/campaigning-studio/campaignings/${id}/approve`,
    params: { campaign_id: id },
    token: advanced,
  });

beforeAll(async () => {
  smtp = await startMailSink(mails);
  setEnv("SMTP_URL", smtp.url);
  [user, advanced] = await Promise.all([tokenFor("user"), tokenFor("advanced")]);
  const items = Array.from({ length: 6 }, (_, i) => ({
    item_id: `ct-item-${i}`,
    item_name: `Synthetic template product ${i}`,
    product_url: `https://shop.example/ct/${i}`,
    product_price: 30 + i,
    main_image: `https://shop.example/ct/${i}.jpg`,
  }));
  expect((await ingestBatch({ kind: "items", records: items, synthetic: true })).errors).toEqual([]);
  // Purchases make the best sellers that top up every customer's recommendations.
  await ingestBatch({
    kind: "events",
    synthetic: true,
    records: [0, 1, 2, 3, 4, 1, 1].map((n, i) => ({
      event_type: "purchase",
      customer_id: `ct-buyer-${i}`,
      item_id: `ct-item-${n}`,
      price: 10,
      timestamp: new Date(Date.now() - 86_400_000).toISOString().slice(0, 19),
    })),
  });
  const customers = await ingestBatch({
    kind: "customers",
    synthetic: true,
    records: [
      {
        customer_id: "ct-jana",
        first_name: "Jana",
        last_name: "Nováková",
        vocative_name: "Jano",
        email: "ct-jana@example.test",
        email_consent: true,
        segment_id: "ct-seg",
      },
    ],
  });
  expect(customers.errors).toEqual([]);
});

afterAll(async () => {
  closeSmtp();
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
});

describe("/campaigning-studio/templates", () => {
  it("creates, lists, reads, changes and deletes a template", async () => {
    const created = await create({ name: "  Spring  ", html: "<p>Hi {ph_customer.first_name}</p>" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      template_id: expect.stringMatching(/^template-id-[0-9a-f]{32}$/),
      name: "Spring",
      html: "<p>Hi {ph_customer.first_name}</p>",
      author: "marketer@example.com",
      date_created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    const id = created.body.template_id as string;

    const list = await call(templates.GET, { path: PATH, token: user, query: { search: "sprin" } });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ offset: 0, limit: 10, count: 1 });
    expect(list.body.templates).toEqual([
      {
        template_id: id,
        name: "Spring",
        author: "marketer@example.com",
        date_created: created.body.date_created,
        date_modified: created.body.date_modified,
      },
    ]);
    expect((await call(templates.GET, { path: PATH, token: user, query: { search: "autumn" } })).body.count).toBe(0);

    expect(await get(id)).toMatchObject({ status: 200, body: created.body });
    const changed = await put(id, { name: "Spring 2", html: "<p>Hello {ph_customer.last_name}</p>" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Spring 2", html: "<p>Hello {ph_customer.last_name}</p>" });
    expect((await get(id)).body.name).toBe("Spring 2");

    expect((await del(id)).status).toBe(200);
    expect((await get(id)).status).toBe(404);
    expect((await del(id)).status).toBe(404);
    const missing = await put(id, { name: "x", html: "<p>x</p>" });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
  });

  it("422 names html for an unknown placeholder, and an empty name or html", async () => {
    const res = await create({ name: "Bad", html: "<p>Hi {ph_customer.nickname}</p>" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ loc: ["body", "html"], msg: "unknown placeholder {ph_customer.nickname}" }]);
    const empty = await create({ name: "  ", html: "" });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.map((e: { loc: string[] }) => e.loc.join("."))).toEqual(["body.name", "body.html"]);
    const stored = await create({ name: "Good", html: "<p>ok</p>" });
    const update = await put(stored.body.template_id, { name: "Good", html: "{ph_product_6.name}" });
    expect(update.status).toBe(422);
    expect(update.body.errors[0].loc).toEqual(["body", "html"]);
  });

  it("is documented: what a template is and what a send adds to it", async () => {
    const res = await call(openapi.GET, { path: "/openapi.json", token: user });
    const paths = res.body.paths;
    expect(Object.keys(paths[PATH])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(paths[`${PATH}/{template_id}`])).toEqual(expect.arrayContaining(["get", "put", "delete"]));
    expect(paths[PATH].post.description).toContain("open pixel are added just before </body>");
  });

  it("401 without credentials", async () => {
    expect((await call(templates.POST, { path: PATH, body: { name: "x", html: "<p>x</p>" } })).status).toBe(401);
    expect((await call(templates.GET, { path: PATH })).status).toBe(401);
    expect((await call(oneTemplate.DELETE, { ...one("template-id-x"), method: "DELETE" })).status).toBe(401);
  });
});

describe("campaigns naming templates", () => {
  it("409 unknown_reference for a template that does not exist, on create and on update", async () => {
    const missing = await createCampaign(campaign("template-id-00000000000000000000000000000000"));
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe("unknown_reference");
    expect(missing.body.detail).toContain("template-id-00000000000000000000000000000000");

    const template = await create({ name: "Exists", html: "<p>Hi</p>" });
    const made = await createCampaign(campaign(template.body.template_id));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const campaignId = made.body.campaign_details[0].campaign_id as string;
    const edit = await call(oneCampaign.PUT, {
      method: "PUT",
      path: `/campaigning-studio/campaignings/${campaignId}`,
      params: { campaign_id: campaignId },
      token: user,
      body: campaign("template-id-gone"),
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe("unknown_reference");
    expect((await getCampaign(campaignId)).campaign_details[0].html_template_id).toBe(template.body.template_id);
  });

  it("a used template cannot be deleted (409 in_use naming the campaign); a new HTML clears approvals", async () => {
    const template = await create({ name: "Used", html: "<p>Hi {ph_customer.first_name}</p>" });
    const id = template.body.template_id as string;
    const made = await createCampaign(campaign(id, { campaign_name: "Uses the template" }));
    const campaignId = made.body.campaign_details[0].campaign_id as string;

    const refused = await del(id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("in_use");
    expect(refused.body.detail).toContain("Uses the template");
    expect((await get(id)).status).toBe(200);

    expect((await approveCampaign(campaignId)).status).toBe(200);
    expect((await getCampaign(campaignId)).status).toBe("Approved");
    // A new name changes no e-mail: the approval stands.
    expect((await put(id, { name: "Used, renamed", html: "<p>Hi {ph_customer.first_name}</p>" })).status).toBe(200);
    expect((await getCampaign(campaignId)).status).toBe("Approved");
    expect((await put(id, { name: "Used, renamed", html: "<p>Hello {ph_customer.first_name}</p>" })).status).toBe(200);
    expect(await getCampaign(campaignId)).toMatchObject({ status: "Not approved", approved_by: [], approvals_left: 1 });
  });
});

describe("a delete racing a campaign that names the template", () => {
  it("never leaves a campaign naming a deleted template", async () => {
    for (let round = 0; round < 5; round++) {
      const template = await create({ name: `Race ${round}`, html: "<p>Hi</p>" });
      const id = template.body.template_id as string;
      const [made, deleted] = await Promise.all([
        createCampaign(campaign(id, { campaign_name: `Race ${round}` })),
        del(id),
      ]);
      // One of the two wins; the other is told why.
      if (made.status === 201) {
        expect(deleted).toMatchObject({ status: 409, body: { code: "in_use" } });
        expect((await get(id)).status).toBe(200);
      } else {
        expect(made).toMatchObject({ status: 409, body: { code: "unknown_reference" } });
        expect(deleted.status).toBe(200);
        expect((await get(id)).status).toBe(404);
      }
    }
  });
});

describe("the editor's preview with a template", () => {
  const previewOf = (body: Record<string, unknown>) =>
    call(preview.POST, {
      path: "/campaigning-studio/campaignings/preview",
      token: user,
      body: { channel_type: "email", customer_id: "ct-jana", channel_subject: "Hi", ...body },
    });

  it("answers the template filled for the customer, its footer, and the text made from it", async () => {
    const template = await create({
      name: "Preview",
      html: '<html><body><p>Hi {ph_customer.first_name}, see <a href="https://shop.example/p">this</a></p></body></html>',
    });
    const res = await previewOf({ html_template_id: template.body.template_id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.html).toMatch(
      /^<html><body><p>Hi Jana, see <a href="https:\/\/shop.example\/p">this<\/a><\/p><p [^>]*>.*Unsubscribe<\/a><\/p>\n<\/body><\/html>$/,
    );
    expect(res.body.html).not.toContain("<img");
    expect(res.body.channel_message_text).toBe("Hi Jana, see this (https://shop.example/p)");
    const withText = await previewOf({ html_template_id: template.body.template_id, channel_message_text: "Text" });
    expect(withText.body.channel_message_text).toBe("Text");
    expect((await previewOf({})).body.html).toBeNull();
    expect((await previewOf({ html_template_id: "template-id-none" })).status).toBe(404);
  });
});

/** Creates, approves, prepares and delivers an e-mail campaign with the template; the mail its subject names. */
async function sendWithTemplate(templateId: string, name: string, extra: Record<string, unknown> = {}) {
  const made = await createCampaign(
    campaign(templateId, {
      campaign_name: name,
      campaign_details: [group({ html_template_id: templateId, channel_subject: name, ...extra })],
    }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.campaign_details[0].campaign_id as string;
  expect((await approveCampaign(id)).status).toBe(200);
  const started = await call(sendInstant.POST, {
    path: "/campaigning-studio/campaignings/send-instant",
    token: advanced,
    body: { campaign_id: id },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const prisma = await db();
  const send = await prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: await campaignKeyOf(id) } });
  await prepareSend({ sendId: send.send_id });
  await deliverSend({ sendId: send.send_id });
  expect((await getCampaign(id)).status).toBe("Sent");
  const deadline = Date.now() + 10_000;
  while (!mails.some((m) => m.subject === name) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const mail = mails.find((m) => m.subject === name);
  expect(mail, `the mail "${name}"`).toBeDefined();
  return mail!;
}

const base = () => env().PUBLIC_URL.replace(/\/+$/, "");

describe("an e-mail campaign with a template", () => {
  it("is sent over SMTP: the HTML filled, its link tracked, the pixel before </body>; the text made from it", async () => {
    const html = `<!doctype html>
<html><head><title>Spring</title></head>
<body>
  <h1>Hi {ph_customer.vocative_name}</h1>
  <p>Our pick for you: {ph_product_1.name}.</p>
  <p><a href="https://shop.example/spring?from=mail&amp;x=1">See the spring sale</a></p>
</body>
</html>`;
    const template = await create({ name: "Spring mail", html });
    const mail = await sendWithTemplate(template.body.template_id, "Spring by template");
    const received = String(mail.html);
    const [first] = (await recommendedItems(["ct-jana"], 5, env().DEFAULT_RECOMMENDATION_KIND)).get("ct-jana") ?? [];
    const product = await (await db()).item.findUniqueOrThrow({ where: { item_id: first! } });

    expect(received).toContain("<h1>Hi Jano</h1>");
    expect(received).toContain(`<p>Our pick for you: ${product.item_name}.</p>`);
    expect(received).not.toContain("https://shop.example/spring");
    const link = /<a href="([^"]+)">See the spring sale<\/a>/.exec(received)?.[1] ?? "";
    expect(link.startsWith(`${base()}/r/`)).toBe(true);
    expect((await resolveLink(link.slice(`${base()}/r/`.length)))?.url).toBe(
      "https://shop.example/spring?from=mail&x=1",
    );
    const pixel = received.search(new RegExp(`<img src="${base()}/o/[^"]+\\.gif" width="1" height="1"`));
    const unsubscribe = received.indexOf(">Unsubscribe</a>");
    expect(unsubscribe).toBeGreaterThan(received.indexOf("See the spring sale"));
    expect(pixel).toBeGreaterThan(unsubscribe);
    expect(received.indexOf("</body>")).toBeGreaterThan(pixel);

    const unsubscribeUrl = /<a href="([^"]+)">Unsubscribe<\/a>/.exec(received)?.[1] ?? "";
    expect(unsubscribeUrl.startsWith(`${base()}/u/`)).toBe(true);
    expect(mail.text?.trim()).toBe(
      `Hi Jano\n\nOur pick for you: ${product.item_name}.\n\nSee the spring sale (${link})\n\n--\nUnsubscribe: ${unsubscribeUrl}`,
    );
  });

  it("with a text of its own: that text is the text part, and the template's links are tracked all the same", async () => {
    const template = await create({
      name: "Autumn mail",
      html: '<html><body><a href="https://shop.example/autumn">Autumn</a></body></html>',
    });
    const mail = await sendWithTemplate(template.body.template_id, "Autumn by template", {
      channel_message_text: "Hi {ph_customer.first_name}, autumn is here.",
    });
    const link = /<a href="([^"]+)">Autumn<\/a>/.exec(String(mail.html))?.[1] ?? "";
    expect(link.startsWith(`${base()}/r/`)).toBe(true);
    expect((await resolveLink(link.slice(`${base()}/r/`.length)))?.url).toBe("https://shop.example/autumn");
    expect(mail.text?.startsWith("Hi Jana, autumn is here.\n\n--\nUnsubscribe: ")).toBe(true);
  });
});
