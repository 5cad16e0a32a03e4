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
