import { describe, expect, it } from "vitest";
import { unknownPlaceholders } from "./placeholders";
import { ZCampaignInput } from "./schemas";
import { allows } from "./status";

const group = (percent: number, extra: Record<string, unknown> = {}) => ({
  channel_message_text: "Hi {ph_customer.first_name}, see {ph_product_1.name} at {ph_product_1.url}",
  start_time: "2026-12-01T10:00:00",
  end_time: "2026-12-01T18:00:00",
  abc_audience_percent: percent,
  utm: ["campaign_id", "channel"],
  ...extra,
});

const campaign = (extra: Record<string, unknown> = {}) => ({
  campaign_name: "Winter",
  audiences: ["all_customers"],
  audiences_type: "GENERIC",
  channel_type: "sms",
  is_abc: true,
  campaign_details: [group(70), group(30)],
  ...extra,
});

function locs(input: unknown): string[] {
  const parsed = ZCampaignInput.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("campaign validation", () => {
  it("accepts a valid two-group SMS campaign", () => {
    expect(locs(campaign())).toEqual([]);
  });

  it("1 to 3 groups whose percents are integers totalling 100", () => {
    expect(locs(campaign({ campaign_details: [] }))[0]).toMatch(/^campaign_details:/);
    expect(locs(campaign({ campaign_details: [group(25), group(25), group(25), group(25)] }))[0]).toMatch(
      /^campaign_details:/,
    );
    expect(locs(campaign({ campaign_details: [group(70), group(20)] }))).toEqual([
      "campaign_details: abc_audience_percent of the groups must total 100 (they total 90)",
    ]);
    expect(locs(campaign({ campaign_details: [group(70.5), group(29.5)] })).map((l) => l.split(":")[0])).toEqual([
      "campaign_details.0.abc_audience_percent",
      "campaign_details.1.abc_audience_percent",
    ]);
  });

  it("is_abc exactly when several groups", () => {
    expect(locs(campaign({ is_abc: false }))).toEqual(["is_abc: must be true with 2 groups"]);
    expect(locs(campaign({ is_abc: true, campaign_details: [group(100)] }))).toEqual([
      "is_abc: must be false with 1 group",
    ]);
  });

  it("channel and audiences types", () => {
    expect(locs(campaign({ channel_type: "fax" }))[0]).toMatch(/^channel_type:/);
    expect(locs(campaign({ audiences_type: "SEGMENT" }))[0]).toMatch(/^audiences_type:/);
  });

  it("start before end, recurrence after the start", () => {
    expect(locs(campaign({ campaign_details: [group(70), group(30, { end_time: "2026-12-01T09:00:00" })] }))).toEqual([
      "campaign_details.1.end_time: must be after start_time",
    ]);
    expect(locs(campaign({ campaign_details: [group(70), group(30, { start_time: "yesterday" })] }))[0]).toMatch(
      /^campaign_details.1.start_time:/,
    );
    const weekly = { recurring_frequency: "weekly", recurring_until: "2026-11-30T00:00:00", is_recurring: true };
    expect(locs(campaign({ recurring: weekly }))).toEqual([
      "recurring.recurring_until: must be after the campaign's start_time",
    ]);
    expect(locs(campaign({ recurring: { ...weekly, recurring_until: "2027-01-01T00:00:00" } }))).toEqual([]);
    expect(locs(campaign({ recurring: { ...weekly, recurring_frequency: "hourly" } }))[0]).toMatch(
      /^recurring.recurring_frequency:/,
    );
    expect(locs(campaign({ recurring: { ...weekly, recurring_until: null } }))).toEqual([
      "recurring.recurring_until: is required for a recurring campaign",
    ]);
    expect(
      locs(campaign({ recurring: { ...weekly, recurring_until: "2027-01-01T00:00:00", is_recurring: false } })),
    ).toEqual(["recurring.is_recurring: must be true with recurring_frequency weekly"]);
  });

  it("utm values from the spec's list", () => {
    expect(locs(campaign({ campaign_details: [group(70), group(30, { utm: ["source"] })] }))[0]).toMatch(
      /^campaign_details.1.utm.0:/,
    );
  });

  it("unknown placeholders name themselves and their field", () => {
    expect(unknownPlaceholders("{ph_customer.first_name} {ph_product_6.name} {ph_foo} {link}")).toEqual([
      "{ph_product_6.name}",
      "{ph_foo}",
    ]);
    const bad = group(30, { channel_message_text: "Hello {ph_customer.nickname}" });
    expect(locs(campaign({ campaign_details: [group(70), bad] }))).toEqual([
      "campaign_details.1.channel_message_text: unknown placeholder {ph_customer.nickname}",
    ]);
    for (const f of ["name", "url", "price", "image"]) expect(unknownPlaceholders(`{ph_product_5.${f}}`)).toEqual([]);
    expect(unknownPlaceholders("{ph_customer.last_name}{ph_customer.vocative_name}")).toEqual([]);
  });

  it("the fields each channel needs", () => {
    const plain = { start_time: "2026-12-01T10:00:00", end_time: "2026-12-01T18:00:00", abc_audience_percent: 100 };
    const one = (channel_type: string, detail: Record<string, unknown>) =>
      locs(campaign({ channel_type, is_abc: false, campaign_details: [{ ...plain, ...detail }] })).map(
        (l) => l.split(":")[0],
      );
    expect(one("sms", {})).toEqual(["campaign_details.0.channel_message_text"]);
    expect(one("email", {})).toEqual(["campaign_details.0.channel_subject", "campaign_details.0.channel_message_text"]);
    expect(one("email", { channel_subject: "Hi", html_template_id: "tpl-1" })).toEqual([]);
    expect(one("viber", { channel_message_text: "Hi" })).toEqual([
      "campaign_details.0.channel_button",
      "campaign_details.0.channel_button_link",
      "campaign_details.0.channel_image_url",
      "campaign_details.0.channel_validity_period",
      "campaign_details.0.channel_validity_unit",
    ]);
    const viber = {
      channel_message_text: "Hi",
      channel_button: "Shop",
      channel_button_link: "https://shop.example/",
      channel_image_url: "https://shop.example/a.png",
      channel_validity_period: 2,
      channel_validity_unit: "HOURS",
    };
    expect(one("viber", viber)).toEqual([]);
    expect(one("viber_sms", viber)).toEqual(["campaign_details.0.channel_fallback_message_text"]);
    expect(one("sms", { tags: ["skip-content"] })).toEqual([]);
  });
});

describe("campaign statuses", () => {
  it("allow edits, deletes and approvals only where the diagram does", () => {
    expect(allows("edit", "Approved")).toBe(true);
    expect(allows("edit", "Sending")).toBe(false);
    expect(allows("delete", "Sending")).toBe(false);
    expect(allows("delete", "Preparing")).toBe(false);
    expect(allows("approve", "Not approved")).toBe(true);
    expect(allows("approve", "Approved")).toBe(false);
  });
});

describe("send_promotion_time, is_personalized, recommended_products, urls_to_short and the sender", () => {
  it("send_promotion_time lies within the group's window; a recurring campaign's groups send within one period", () => {
    expect(
      locs(campaign({ campaign_details: [group(70, { send_promotion_time: "2026-12-01T14:00:00" }), group(30)] })),
    ).toEqual([]);
    expect(
      locs(campaign({ campaign_details: [group(70, { send_promotion_time: "2026-12-01T09:59:00" }), group(30)] })),
    ).toEqual(["campaign_details.0.send_promotion_time: must be at or after start_time and before end_time"]);
    expect(
      locs(campaign({ campaign_details: [group(70, { send_promotion_time: "2026-12-01T18:00:00" }), group(30)] })),
    ).toHaveLength(1);
    const daily = { recurring_frequency: "daily", recurring_until: "2026-12-31T00:00:00", is_recurring: true };
    const late = group(30, { start_time: "2026-12-02T10:00:00", end_time: "2026-12-02T18:00:00" });
    expect(locs(campaign({ recurring: daily, campaign_details: [group(70), late] }))).toEqual([
      "campaign_details.1.start_time: a daily campaign's groups send within 23 hours of its first start_time (before the next occurrence begins)",
    ]);
    expect(
      locs(campaign({ recurring: { ...daily, recurring_frequency: "weekly" }, campaign_details: [group(70), late] })),
    ).toEqual([]);
  });

  it("is_personalized false refuses customer placeholders; defaults to true", () => {
    const parsed = ZCampaignInput.parse(campaign());
    expect(parsed.campaign_details[0]?.is_personalized).toBe(true);
    expect(locs(campaign({ campaign_details: [group(70, { is_personalized: false }), group(30)] }))).toEqual([
      "campaign_details.0.is_personalized: is false (one message for everyone), but channel_message_text holds {ph_customer.first_name}: set is_personalized true, or remove the placeholder",
    ]);
    const same = group(70, { is_personalized: false, channel_message_text: "Today: {ph_product_1.name}" });
    expect(locs(campaign({ campaign_details: [same, group(30)] }))).toEqual([]);
  });

  it("recommended_products: at most five distinct ids, for a text that shows products", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `item-${i}`);
    expect(locs(campaign({ campaign_details: [group(70, { recommended_products: ids(5) }), group(30)] }))).toEqual([]);
    expect(locs(campaign({ campaign_details: [group(70, { recommended_products: ids(6) }), group(30)] }))[0]).toMatch(
      /^campaign_details.0.recommended_products:/,
    );
    expect(locs(campaign({ campaign_details: [group(70, { recommended_products: ["a", "a"] }), group(30)] }))).toEqual([
      "campaign_details.0.recommended_products.1: lists a twice",
    ]);
    const plain = group(70, { channel_message_text: "Sale today", recommended_products: ["a"] });
    expect(locs(campaign({ campaign_details: [plain, group(30)] }))).toEqual([
      "campaign_details.0.recommended_products: no text of the group shows products ({ph_product_1.name} ...): they would not appear",
    ]);
  });

  it("urls_to_short: http(s) URLs matching a link of the texts", () => {
    const text = "Sale: https://shop.example/sale and https://blog.example/post";
    const ok = group(70, { channel_message_text: text, urls_to_short: ["https://shop.example/"] });
    expect(locs(campaign({ campaign_details: [ok, group(30)] }))).toEqual([]);
    const bad = group(70, { channel_message_text: text, urls_to_short: ["ftp://x", "https://other.example/"] });
    expect(locs(campaign({ campaign_details: [bad, group(30)] }))).toEqual([
      "campaign_details.0.urls_to_short.0: must be an http(s) URL",
      "campaign_details.0.urls_to_short.1: matches no link of the group's texts",
    ]);
    // A personalised link is known only when sending: not checked.
    expect(
      locs(campaign({ campaign_details: [group(70, { urls_to_short: ["https://x.example/"] }), group(30)] })),
    ).toEqual([]);
  });

  it("the sender as each channel takes it", () => {
    expect(locs(campaign({ sender: "Shop" }))).toEqual([]);
    expect(locs(campaign({ sender: "+14155552671" }))).toEqual([]);
    expect(locs(campaign({ sender: "Shop News Daily" }))[0]).toMatch(/^sender: an SMS sender is an alphanumeric/);
    expect(locs(campaign({ sender: "12345" }))[0]).toMatch(/^sender:/);
    const email = (sender: string) =>
      locs(
        campaign({
          channel_type: "email",
          sender,
          campaign_details: [group(70, { channel_subject: "S" }), group(30, { channel_subject: "S" })],
        }),
      );
    expect(email("Shop News Daily")).toEqual([]);
    expect(email("Shop <news@shop.example>")).toEqual([]);
    expect(email("Shop <not an address>")[0]).toMatch(/^sender:/);
    const viber = (sender: string) =>
      locs(
        campaign({
          channel_type: "viber",
          sender,
          campaign_details: [
            group(100, {
              channel_button: "Go",
              channel_button_link: "https://shop.example/",
              channel_image_url: "https://shop.example/i.jpg",
              channel_validity_period: 2,
              channel_validity_unit: "HOURS",
            }),
          ],
          is_abc: false,
        }),
      );
    expect(viber("Shop News Daily")).toEqual([]);
    expect(viber("x".repeat(29))[0]).toMatch(/^sender: a Viber sender name has at most 28 characters/);
  });
});
