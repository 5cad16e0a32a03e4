/**
 * Channel limits through the campaign routes: a Viber button's text over Viber's 30 characters is
 * a 422 at its field; an SMS's length is counted as it will be sent, its tracked links as the
 * short links they become (validation: a text under 1,600 characters as written but over as sent
 * is refused, one over as written but under as sent is taken); the preview answers the SMS's
 * encoding and parts as sent for a GSM-7 and a UCS-2 body, with the short link's length checked
 * against a real short link, and the message then sent through the outbox has that length (up to
 * the link id's estimated digits) and those parts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as approve from "@/app/api/latest/campaigning-studio/campaignings/[campaign_id]/approve/route";
import * as preview from "@/app/api/latest/campaigning-studio/campaignings/preview/route";
import * as campaignings from "@/app/api/latest/campaigning-studio/campaignings/route";
import * as sendInstant from "@/app/api/latest/campaigning-studio/campaignings/send-instant/route";
import { campaignKeyOf } from "@/lib/campaigns/campaign-view";
import { deliverSend } from "@/lib/campaigns/sending/deliver";
import { prepareSend } from "@/lib/campaigns/sending/prepare";
import { shortLink } from "@/lib/campaigns/tracking/links";
import { ESTIMATED_LINK_ID_CHARS } from "@/lib/campaigns/tracking/short-links";
import { ingestBatch } from "@/lib/data/ingest-batch";
import { db, getDatabase } from "@/lib/db/client";
import { smsLength } from "@/lib/messaging/sms-length";
import { call, tokenFor } from "./http";

let user: string;

const times = { start_time: "2026-12-01T10:00:00", end_time: "2026-12-01T18:00:00", abc_audience_percent: 100 };

const create = (channel: string, detail: Record<string, unknown>, segment = "cl-gsm") =>
  call(campaignings.POST, {
    path: "/campaigning-studio/campaignings/",
    token: user,
    body: {
      campaign_name: `Channel limits ${channel}`,
      audiences: [segment],
      audiences_type: "GENERIC",
      channel_type: channel,
      is_abc: false,
      sender: "",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [{ ...times, ...detail }],
    },
  });

const viberDetail = (button: string) => ({
  channel_message_text: "Hi",
  channel_button: button,
  channel_button_link: "https://shop.example/sale",
  channel_image_url: "https://shop.example/banner.jpg",
  channel_validity_period: 1,
  channel_validity_unit: "HOURS",
});

const previewOf = (body: Record<string, unknown>) =>
  call(preview.POST, { path: "/campaigning-studio/campaignings/preview", token: user, body });

/** A real short link of a 4-character link id (62^3 <= id < 62^4) for the customer. */
const realShortLink = (customerId: string) => shortLink(62n ** BigInt(ESTIMATED_LINK_ID_CHARS - 1), customerId);

beforeAll(async () => {
  user = await tokenFor("user");
  const result = await ingestBatch({
    kind: "customers",
    synthetic: true,
    records: ["gsm", "ucs"].map((kind, i) => ({
      customer_id: `cl-${kind}-customer`,
      first_name: "Ada",
      segment_id: `cl-${kind}`,
      segment_name: `cl-${kind}`,
      phone_number: `+42076000000${i}`,
      sms_consent: true,
    })),
  });
  expect(result.errors).toEqual([]);
});

describe("a Viber button's text", () => {
  it("takes 30 characters; 31 is a 422 at channel_button", async () => {
    const long = await create("viber", viberDetail("b".repeat(31)));
    expect(long.status).toBe(422);
    const error = JSON.stringify(long.body);
    expect(error).toContain("channel_button");
    expect(error).toContain("at most 30 characters");
    // Characters, not UTF-16 units: 30 emoji are 30 characters.
    const ok = await create("viber", viberDetail("🎁".repeat(30)));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const viberSms = await create("viber_sms", {
      ...viberDetail("c".repeat(31)),
      channel_fallback_message_text: "SMS",
    });
    expect(viberSms.status).toBe(422);
    expect(JSON.stringify(viberSms.body)).toContain("channel_button");
  });
});

describe("an SMS's length as sent", () => {
  it("is validated with its tracked links as short links", async () => {
    const linkLength = realShortLink("a-customer-x").length;
    // Under 1,600 as written; a short address becomes a longer short link: over as sent.
    const short = "https://s.io/a";
    const growing = `${"a".repeat(1600 - short.length - 1)} ${short}`;
    expect(growing.length).toBe(1600);
    const refused = await create("sms", { channel_message_text: growing });
    expect(refused.status).toBe(422);
    const error = JSON.stringify(refused.body);
    expect(error).toContain("channel_message_text");
    expect(error).toContain(`as sent, its tracked links as ${linkLength}-character short links`);
    // Over 1,600 as written; a long address becomes a short link: under as sent.
    const long = `https://shop.example/${"p".repeat(200)}`;
    const shrinking = `${"a".repeat(1500)} ${long}`;
    expect(shrinking.length).toBeGreaterThan(1600);
    const taken = await create("sms", { channel_message_text: shrinking });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    // Not tracked (urls_to_short names another link), the long address is sent as written: refused.
    const untracked = await create("sms", {
      channel_message_text: `${shrinking} https://other.example/x`,
      urls_to_short: ["https://other.example/"],
    });
    expect(untracked.status).toBe(422);
  });

  it.each([
    // 136 characters as written (one part); as sent 121 + the short link: two GSM-7 parts.
    ["GSM-7", "gsm", `${"a".repeat(120)} https://x.io/a`, 160, 153],
    // 56 characters as written (one UCS-2 part of 70); as sent 41 + the short link: two parts.
    ["UCS-2", "ucs", `${"č".repeat(40)} https://x.io/a`, 70, 67],
  ])(
    "a %s body: the preview counts its parts as sent, and the sent SMS has them",
    async (encoding, kind, text, single, multi) => {
      expect(text.length).toBeLessThanOrEqual(single);
      const customer = `cl-${kind}-customer`;
      const res = await previewOf({ channel_type: "sms", customer_id: customer, channel_message_text: text });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const linkLength = realShortLink(customer).length;
      const characters = text.length - "https://x.io/a".length + linkLength;
      expect(characters).toBeGreaterThan(single);
      expect(res.body.sms).toEqual({
        field: "channel_message_text",
        encoding,
        characters,
        segments: 2,
        per_segment: multi,
        short_link_length: linkLength,
      });

      // Sent through the outbox: the same parts; the length up to the link id's estimated digits.
      const created = await create("sms", { channel_message_text: text }, `cl-${kind}`);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.campaign_details[0].campaign_id as string;
      const advanced = await tokenFor("advanced");
      expect((await call(approve.PUT, { method: "PUT", params: { campaign_id: id }, token: advanced })).status).toBe(
        200,
      );
      expect((await call(sendInstant.POST, { token: advanced, body: { campaign_id: id } })).status).toBe(202);
      const prisma = await db();
      const send = await prisma.campaignSend.findFirstOrThrow({ where: { campaign_key: await campaignKeyOf(id) } });
      await prepareSend({ sendId: send.send_id });
      expect((await deliverSend({ sendId: send.send_id })).sent).toBe(1);
      const database = await getDatabase();
      const [sent] = await database.sql.query<{ body: string }>(
        "SELECT body FROM outbox_messages WHERE context->>'send_id' = $1",
        [send.send_id],
      );
      const actual = smsLength(sent!.body);
      expect(actual).toMatchObject({ encoding, segments: 2 });
      expect(actual.characters).toBeLessThanOrEqual(characters);
      expect(actual.characters).toBeGreaterThanOrEqual(characters - (ESTIMATED_LINK_ID_CHARS - 1));
    },
  );
});
