import { describe, expect, it } from "vitest";
import { bodyOf, emptyForm, evenSplit, rebalance, serverErrorPath, ZCampaignForm } from "./campaign-form";

describe("the percentage split", () => {
  it("splits evenly with the remainder on the first groups", () => {
    expect(evenSplit(1)).toEqual([100]);
    expect(evenSplit(2)).toEqual([50, 50]);
    expect(evenSplit(3)).toEqual([34, 33, 33]);
  });

  it("moves the difference onto the last group, or the one before when the last is edited", () => {
    expect(rebalance([50, 50], 0, 60)).toEqual([60, 40]);
    expect(rebalance([34, 33, 33], 0, 50)).toEqual([50, 33, 17]);
    expect(rebalance([34, 33, 33], 2, 50)).toEqual([34, 16, 50]);
    expect(rebalance([100], 0, 40)).toEqual([100]);
  });

  it("keeps every group at least 1 and the total at 100", () => {
    const out = rebalance([34, 33, 33], 0, 99);
    expect(out).toEqual([98, 1, 1]);
    expect(rebalance([10, 10, 80], 0, 95)).toEqual([95, 4, 1]);
    expect(rebalance([50, 50], 1, Number.NaN)).toEqual([99, 1]);
    for (const [p, i, v] of [
      [[20, 30, 50], 1, 90],
      [[1, 1, 98], 2, 1],
      [[60, 40], 0, 0],
    ] as const) {
      const next = rebalance([...p], i, v);
      expect(next.reduce((a, b) => a + b, 0)).toBe(100);
      expect(Math.min(...next)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("server errors in the form", () => {
  it("maps a 422's loc to the form's field", () => {
    expect(serverErrorPath(["body", "campaign_details", 1, "channel_subject"])).toBe("groups.1.channel_subject");
    expect(serverErrorPath(["body", "campaign_name"])).toBe("campaign_name");
    expect(serverErrorPath(["body", "recurring", "recurring_until"])).toBe("recurring_until");
    expect(serverErrorPath(["body", "campaign_details"])).toBe("groups");
    expect(serverErrorPath(["body", "is_abc"])).toBeUndefined();
  });
});

describe("the API body", () => {
  it("sends only the channel's fields, the control tag and local date-times with seconds", () => {
    const form = emptyForm("me@example.com");
    form.campaign_name = "Spring";
    form.audiences = ["vip"];
    form.channel_type = "sms";
    const [a] = form.groups;
    if (!a) throw new Error("no group");
    Object.assign(a, {
      channel_subject: "left over from e-mail",
      channel_message_text: "Hi {ph_customer.first_name}",
      start_time: "2030-01-01T10:00",
      end_time: "2030-01-02T10:00",
    });
    form.groups.push({ ...a, abc_audience_percent: 40, control: true, channel_message_text: "" });
    a.abc_audience_percent = 60;
    expect(ZCampaignForm.safeParse(form).success).toBe(true);
    const body = bodyOf(form);
    expect(body.is_abc).toBe(true);
    expect(body.campaign_details[0]).toMatchObject({
      channel_subject: "",
      channel_message_text: "Hi {ph_customer.first_name}",
      start_time: "2030-01-01T10:00:00",
      tags: [],
    });
    expect(body.campaign_details[1]?.tags).toEqual(["skip-content"]);
    expect(body.recurring).toEqual({ recurring_frequency: "none", recurring_until: null, is_recurring: false });
  });

  it("asks for the channel's fields, except in a control group", () => {
    const form = emptyForm("me@example.com");
    form.campaign_name = "Spring";
    form.audiences = ["vip"];
    form.channel_type = "viber";
    const issues = ZCampaignForm.safeParse(form).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([
        "groups.0.channel_message_text",
        "groups.0.channel_button",
        "groups.0.channel_validity_unit",
      ]),
    );
    const [a] = form.groups;
    if (a) a.control = true;
    expect(ZCampaignForm.safeParse(form).success).toBe(true);
  });

  it("refuses a Viber button's text over 30 characters, with the API's message", () => {
    const form = emptyForm("me@example.com");
    form.campaign_name = "Spring";
    form.audiences = ["vip"];
    form.channel_type = "viber";
    const [a] = form.groups;
    if (!a) throw new Error("no group");
    Object.assign(a, {
      channel_message_text: "Hi",
      channel_button_link: "https://shop.example/",
      channel_image_url: "https://shop.example/i.png",
      channel_validity_period: "1",
      channel_validity_unit: "HOURS",
      channel_button: "b".repeat(31),
    });
    const issue = ZCampaignForm.safeParse(form).error?.issues.find(
      (i) => i.path.join(".") === "groups.0.channel_button",
    );
    expect(issue?.message).toBe("a Viber button's text takes at most 30 characters");
    a.channel_button = "b".repeat(30);
    expect(ZCampaignForm.safeParse(form).success).toBe(true);
  });
});
