/**
 * The editor's two helpers through their routes: the preview of a group's message for one
 * customer (their real recommended products, 404 for an unknown customer, 422 for an unknown
 * placeholder) and the audience estimate after consent, address and frequency cap, exact on a few
 * synthetic customers made here (labelled synthetic).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as estimate from "@/app/api/latest/campaigning-studio/campaignings/audience-estimate/route";
import * as preview from "@/app/api/latest/campaigning-studio/campaignings/preview/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import * as settings from "@/app/api/latest/campaigning-studio/settings/route";
import * as openapi from "@/app/api/latest/openapi.json/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { recommendedItems } from "@/lib/recommend/recommend-for-customers";
import { call, tokenFor } from "./http";

let user: string;
let advanced: string;
let superUser: string;

const previewOf = (body: Record<string, unknown>) =>
  call(preview.POST, { path: "/campaigning-studio/campaignings/preview", token: user, body });

const estimateOf = (body: Record<string, unknown>) =>
  call(estimate.POST, { path: "/campaigning-studio/campaignings/audience-estimate", token: user, body });

const setCap = (messages: number, days = 7) =>
  call(settings.PUT, {
    method: "PUT",
    path: "/campaigning-studio/settings",
    token: superUser,
    body: {
      required_approvals: 1,
      large_audience_size: null,
      large_audience_required_approvals: null,
      frequency_cap_messages: messages,
      frequency_cap_days: days,
    },
  });

beforeAll(async () => {
  [user, advanced, superUser] = await Promise.all([tokenFor("user"), tokenFor("advanced"), tokenFor("super")]);
  const items = Array.from({ length: 7 }, (_, i) => ({
    item_id: `cp-item-${i}`,
    item_name: `Synthetic preview product ${i}`,
    product_url: `https://shop.example/cp/${i}`,
    product_price: 20 + i + 0.25,
    main_image: `https://shop.example/cp/${i}.jpg`,
  }));
  expect((await ingestBatch({ kind: "items", records: items, synthetic: true })).errors).toEqual([]);
  await ingestBatch({
    kind: "events",
    synthetic: true,
    records: [0, 1, 2, 3, 4, 5, 1, 2, 2].map((n, i) => ({
      event_type: "purchase",
      customer_id: `cp-buyer-${i}`,
      item_id: `cp-item-${n}`,
      price: 10,
      timestamp: new Date(Date.now() - 86_400_000).toISOString().slice(0, 19),
    })),
  });
  const customers = await ingestBatch({
    kind: "customers",
    synthetic: true,
    records: [
      { customer_id: "cp-jana", first_name: "Jana", last_name: "Nováková", vocative_name: "Jano", segment_id: "cp-x" },
    ],
  });
  expect(customers.errors).toEqual([]);
});

describe("POST /campaigning-studio/campaignings/preview", () => {
  it("fills the fields for the customer with their recommended products", async () => {
    const res = await previewOf({
      channel_type: "viber",
      customer_id: "cp-jana",
      channel_subject: "",
      channel_message_text: "Ahoj {ph_customer.vocative_name}, {ph_product_1.name} za {ph_product_1.price}",
      channel_button: "See {ph_product_2.name}",
      channel_button_link: "{ph_product_2.url}",
      channel_image_url: "{ph_product_1.image}",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = (await recommendedItems(["cp-jana"], 5, env().DEFAULT_RECOMMENDATION_KIND)).get("cp-jana") ?? [];
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const prisma = await db();
    const [first, second] = await Promise.all(
      expected.slice(0, 2).map((id) => prisma.item.findUniqueOrThrow({ where: { item_id: id } })),
    );
    expect(res.body.customer).toEqual({ customer_id: "cp-jana", first_name: "Jana", last_name: "Nováková" });
    expect(res.body.channel_message_text).toBe(
      `Ahoj Jano, ${first?.item_name} za ${Number(first?.product_price).toFixed(2)}`,
    );
    expect(res.body.channel_button).toBe(`See ${second?.item_name}`);
    expect(res.body.channel_button_link).toBe(second?.product_url);
    expect(res.body.channel_image_url).toBe(first?.main_image);
    expect(res.body.products.map((p: { position: number; name: string }) => [p.position, p.name])).toEqual([
      [1, first?.item_name],
      [2, second?.item_name],
    ]);
    expect(res.body.products[0]).toMatchObject({ url: first?.product_url, image: first?.main_image });
  });

  it("answers no products when no text uses them", async () => {
    const res = await previewOf({
      channel_type: "sms",
      customer_id: "cp-jana",
      channel_message_text: "Hi {ph_customer.first_name}",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channel_message_text: "Hi Jana", products: [] });
  });

  it("404 for an unknown customer, 422 naming an unknown placeholder and its field, 401 without a token", async () => {
    const missing = await previewOf({ channel_type: "sms", customer_id: "cp-nobody", channel_message_text: "Hi" });
    expect(missing.status).toBe(404);
    const bad = await previewOf({
      channel_type: "email",
      customer_id: "cp-jana",
      channel_subject: "Hi {ph_customer.nickname}",
      channel_message_text: "x",
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("{ph_customer.nickname}");
    expect(JSON.stringify(bad.body)).toContain("channel_subject");
    const anonymous = await call(preview.POST, {
      path: "/campaigning-studio/campaignings/preview",
      body: { channel_type: "sms", customer_id: "cp-jana" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /campaigning-studio/campaignings/audience-estimate", () => {
  it("counts no consent, no address and the frequency cap exactly as a send would (synthetic customers)", async () => {
    // Synthetic: segment cp-est, six customers, one of each case for SMS.
    const result = await ingestBatch({
      kind: "customers",
      synthetic: true,
      records: [
        { customer_id: "cp-est-ok1", segment_id: "cp-est", sms_consent: true, phone_number: "+420700001001" },
        {
          customer_id: "cp-est-ok2",
          segment_id: "cp-est",
          sms_consent: true,
          viber_consent: true,
          phone_number: "+420700001002",
        },
        {
          customer_id: "cp-est-noconsent",
          segment_id: "cp-est",
          email_consent: true,
          email: "a@example.com",
          phone_number: "+420700001003",
        },
        { customer_id: "cp-est-viber", segment_id: "cp-est", viber_consent: true, phone_number: "+420700001004" },
        { customer_id: "cp-est-nophone", segment_id: "cp-est", sms_consent: true, phone_number: null },
        { customer_id: "cp-est-capped", segment_id: "cp-capped", sms_consent: true, phone_number: "+420700001005" },
      ],
    });
    expect(result.errors).toEqual([]);
    const body = { channel_type: "sms", audiences_type: "GENERIC", audiences: ["cp-est", "cp-capped"] };
    expect((await estimateOf(body)).body).toEqual({
      audience: 6,
      excluded_no_consent: 2,
      excluded_no_address: 1,
      excluded_frequency_cap: 0,
      reachable: 3,
    });
    expect((await estimateOf({ ...body, channel_type: "viber_sms" })).body).toMatchObject({
      excluded_no_consent: 1,
      excluded_no_address: 1,
      reachable: 4,
    });
    expect((await estimateOf({ ...body, channel_type: "email" })).body).toMatchObject({
      excluded_no_consent: 5,
      excluded_no_address: 0,
      reachable: 1,
    });

    expect((await setCap(1, 7)).status).toBe(200);
    try {
      // One SMS sent to the capped customer puts them at a cap of 1 per 7 days.
      const created = await call(campaignings.POST, {
        path: "/campaigning-studio/campaignings/",
        token: user,
        body: {
          campaign_name: "Estimate cap",
          audiences: ["cp-capped"],
          audiences_type: "GENERIC",
          channel_type: "sms",
          is_abc: false,
          sender: "Shop",
          campaign_details: [
            {
              channel_message_text: "Hi",
              start_time: "2026-12-01T10:00:00",
              end_time: "2026-12-01T18:00:00",
              abc_audience_percent: 100,
            },
          ],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.campaign_details[0].campaign_id as string;
      const ok = await call(approve.PUT, { method: "PUT", params: { campaign_id: id }, token: advanced });
      expect(ok.status).toBe(200);
      expect((await call(sendInstant.POST, { token: advanced, body: { campaign_id: id } })).status).toBe(202);
      const prisma = await db();
      const sent = await prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: await campaignKeyOf(id) } });
      await prepareSend({ sendId: sent.send_id });
      await deliverSend({ sendId: sent.send_id });

      expect((await estimateOf(body)).body).toEqual({
        audience: 6,
        excluded_no_consent: 2,
        excluded_no_address: 1,
        excluded_frequency_cap: 1,
        reachable: 2,
      });
      // The cap counts the same channel only.
      expect((await estimateOf({ ...body, channel_type: "viber_sms" })).body).toMatchObject({
        excluded_frequency_cap: 0,
        reachable: 4,
      });
    } finally {
      await setCap(3, 7);
    }
  });

  it("404 for an unknown audience, 422 for an unknown channel", async () => {
    const gone = await estimateOf({ channel_type: "sms", audiences_type: "AUDIENCE", audiences: ["audience-id-nope"] });
    expect(gone.status).toBe(404);
    const bad = await estimateOf({ channel_type: "fax", audiences_type: "GENERIC", audiences: ["cp-est"] });
    expect(bad.status).toBe(422);
  });
});

describe("OpenAPI", () => {
  it("documents both operations", async () => {
    const res = await call(openapi.GET, { path: "/openapi.json", token: user });
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        "/campaigning-studio/campaignings/preview",
        "/campaigning-studio/campaignings/audience-estimate",
      ]),
    );
    expect(res.body.paths["/campaigning-studio/campaignings/preview"].post).toBeDefined();
  });
});
