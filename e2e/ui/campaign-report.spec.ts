import { type APIRequestContext, expect, test } from "@playwright/test";
import { storageStatePath } from "../support/accounts";
import { bearer, passwordToken, unique } from "../support/api";

test.use({ storageState: storageStatePath("user") });

const metrics = (targeted: number, delivered: number, opened: number, clicked: number) => {
  const pct = (n: number) => (targeted ? Math.round((n / targeted) * 10000) / 100 : 0);
  return {
    targeted: String(targeted),
    delivered,
    opened,
    clicked,
    subscription: 2,
    bounce: targeted - delivered,
    complaint: 0,
    skipped: 0,
    percent_delivered: pct(delivered),
    percent_open: pct(opened),
    percent_clicked: pct(clicked),
    percent_subscription: pct(2),
    percent_bounce: pct(targeted - delivered),
    percent_complaint: 0,
    percent_open_of_delivered: delivered ? Math.round((opened / delivered) * 10000) / 100 : 0,
    percent_clicked_of_delivered: delivered ? Math.round((clicked / delivered) * 10000) / 100 : 0,
  };
};

const conversion = (recipients: number, conversions: number, revenue: number, uplift: unknown = null) => ({
  recipients,
  conversions,
  conversion_rate: Math.round((conversions / recipients) * 10000) / 100,
  revenue,
  revenue_per_recipient: Math.round((revenue / recipients) * 100) / 100,
  uplift,
});
const uplift = (difference: number, ci_low: number, ci_high: number) => ({
  difference,
  ci_low,
  ci_high,
  method: "newcombe",
  significant: ci_low > 0 || ci_high < 0,
});

/** A report in the route's contract: A and B of 1,000 each (50 and 80 clicks) and a control group C. */
const fixture = (id: string) => ({
  campaigns: [
    {
      campaign_name: "Fixture",
      campaign_id: id,
      metrics: metrics(2000, 1950, 700, 130),
      attribution_window_days: 5,
      conversion: conversion(2000, 90, 4500, uplift(1.77, -0.27, 3.35)),
      groups: [
        {
          group_number: 1,
          campaign_id: id,
          abc_audience_percent: 45,
          is_control: false,
          metrics: metrics(1000, 980, 300, 50),
          conversion: conversion(1000, 40, 2000, uplift(1.27, -0.88, 3.14)),
        },
        {
          group_number: 2,
          campaign_id: `${id}-b`,
          abc_audience_percent: 45,
          is_control: false,
          metrics: metrics(1000, 970, 400, 80),
          conversion: conversion(1000, 50, 2500, uplift(2.27, 0.05, 4.22)),
        },
        {
          group_number: 3,
          campaign_id: `${id}-c`,
          abc_audience_percent: 10,
          is_control: true,
          metrics: metrics(0, 0, 0, 0),
          conversion: conversion(220, 6, 300),
        },
      ],
      timeline: ["2026-12-01", "2026-12-02", "2026-12-04"].flatMap((date, d) => [
        { date, group_number: 1, delivered: [900, 60, 20][d], opened: [150, 100, 50][d], clicked: [20, 20, 10][d] },
        { date, group_number: 2, delivered: [900, 50, 20][d], opened: [200, 150, 50][d], clicked: [40, 30, 10][d] },
      ]),
    },
  ],
});

async function campaignId(request: APIRequestContext) {
  const p = unique("report");
  const created = await request.post("/api/latest/campaigning-studio/campaignings/", {
    headers: bearer(await passwordToken(request, "marketer@example.com")),
    data: {
      campaign_name: `Report ${p}`,
      audiences: ["all_customers"],
      audiences_type: "GENERIC",
      channel_type: "sms",
      is_abc: false,
      campaign_details: [
        {
          abc_audience_percent: 100,
          channel_message_text: "Hi",
          start_time: "2099-01-01T10:00:00",
          end_time: "2099-01-02T10:00:00",
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { campaign_details: { campaign_id: string }[] }).campaign_details[0]!.campaign_id;
}

test("the report page draws an A/B/control report, marks the leader and the significance", async ({
  page,
  request,
}, testInfo) => {
  const id = await campaignId(request);
  await page.route("**/api/latest/campaigning-studio/insights/delivery-report?**", (route) =>
    route.fulfill({ json: fixture(id) }),
  );
  await page.goto(`/campaigns/${id}/report`);
  await expect(page.getByTestId("report-verdict")).toContainText("Group B leads on click rate");
  await expect(page.getByTestId("report-verdict")).toContainText("the difference is significant");
  await expect(page.getByTestId("report-verdict")).toContainText("p = 0.007");
  await expect(page.getByText("Group C (control) received nothing")).toBeVisible();
  await expect(page.getByTestId("report-total-targeted")).toHaveText("2,000");
  await expect(page.getByTestId("report-rates-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("report-timeline-chart").locator(".recharts-line")).toHaveCount(3);
  // Conversions: a bar per group (the control group's too), an uplift bar with its interval per messaged group.
  await expect(page.getByTestId("report-conversion-chart").locator(".recharts-bar-rectangle")).toHaveCount(3);
  await expect(page.getByTestId("report-uplift-chart").locator(".recharts-errorBar")).toHaveCount(2);
  await expect(page.getByTestId("conversion-row-uplift-over-control").getByRole("cell").nth(1)).toHaveText(
    "+2.27 pp (+0.05 to +4.22) ✓",
  );
  await page.screenshot({ path: testInfo.outputPath("campaign-report-fixture.png"), fullPage: true });
});

test("the report page says when there is nothing yet, and when the report fails", async ({ page, request }) => {
  const id = await campaignId(request);
  let fail = false;
  await page.route("**/api/latest/campaigning-studio/insights/delivery-report?**", (route) =>
    fail
      ? route.fulfill({ status: 500, json: { code: "internal", detail: "Something went wrong" } })
      : route.fulfill({ json: { campaigns: [] } }),
  );
  await page.goto(`/campaigns/${id}/report`);
  await expect(page.getByTestId("report-empty")).toBeVisible();
  fail = true;
  await page.reload();
  await expect(page.getByText("The report could not be loaded")).toBeVisible();
});
