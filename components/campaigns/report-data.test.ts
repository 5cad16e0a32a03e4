import { describe, expect, it } from "vitest";
import {
  type CampaignReport,
  conversionBars,
  cumulativeTimeline,
  type ReportConversion,
  type ReportMetrics,
  rateBars,
  reportVerdict,
  upliftBars,
} from "./report-data";

const metrics = (targeted: number, delivered: number, opened: number, clicked: number): ReportMetrics => {
  const pct = (n: number) => (targeted ? Math.round((n / targeted) * 10000) / 100 : 0);
  return {
    targeted: String(targeted),
    delivered,
    opened,
    clicked,
    subscription: 0,
    bounce: targeted - delivered,
    complaint: 0,
    skipped: 0,
    percent_delivered: pct(delivered),
    percent_open: pct(opened),
    percent_clicked: pct(clicked),
    percent_subscription: 0,
    percent_bounce: pct(targeted - delivered),
    percent_complaint: 0,
    percent_open_of_delivered: delivered ? Math.round((opened / delivered) * 10000) / 100 : 0,
    percent_clicked_of_delivered: delivered ? Math.round((clicked / delivered) * 10000) / 100 : 0,
  };
};

const conversion = (
  recipients: number,
  conversions: number,
  revenue: number,
  uplift: ReportConversion["uplift"] = null,
): ReportConversion => ({
  recipients,
  conversions,
  conversion_rate: Math.round((conversions / recipients) * 10000) / 100,
  revenue,
  revenue_per_recipient: Math.round((revenue / recipients) * 100) / 100,
  uplift,
});

/** A fixture in the route's contract: two groups of 1,000 and a control group. */
const fixture: CampaignReport = {
  campaign_name: "Spring",
  campaign_id: "20261201_cn_spring_cl_X_ap_45_ag_1",
  metrics: metrics(2000, 1950, 700, 130),
  attribution_window_days: 5,
  conversion: conversion(2000, 90, 4500),
  groups: [
    {
      group_number: 1,
      campaign_id: "a",
      abc_audience_percent: 45,
      is_control: false,
      metrics: metrics(1000, 980, 300, 50),
      conversion: conversion(1000, 40, 2000, {
        difference: 1.27,
        ci_low: -0.6,
        ci_high: 3.1,
        method: "newcombe",
        significant: false,
      }),
    },
    {
      group_number: 2,
      campaign_id: "b",
      abc_audience_percent: 45,
      is_control: false,
      metrics: metrics(1000, 970, 400, 80),
      conversion: conversion(1000, 50, 2500, {
        difference: 2.27,
        ci_low: 0.24,
        ci_high: 4.2,
        method: "newcombe",
        significant: true,
      }),
    },
    {
      group_number: 3,
      campaign_id: "c",
      abc_audience_percent: 10,
      is_control: true,
      metrics: metrics(0, 0, 0, 0),
      conversion: conversion(220, 6, 300),
    },
  ],
  timeline: [
    { date: "2026-12-01", group_number: 1, delivered: 900, opened: 200, clicked: 30 },
    { date: "2026-12-01", group_number: 2, delivered: 950, opened: 300, clicked: 60 },
    { date: "2026-12-03", group_number: 1, delivered: 80, opened: 100, clicked: 20 },
    { date: "2026-12-03", group_number: 2, delivered: 20, opened: 100, clicked: 20 },
  ],
};

describe("report data", () => {
  it("bars: each group's rates in percent of targeted, the control group labelled", () => {
    expect(rateBars(fixture)).toEqual([
      { group: "Group A", delivered: 98, opened: 30, clicked: 5 },
      { group: "Group B", delivered: 97, opened: 40, clicked: 8 },
      { group: "Group C (control)", delivered: 0, opened: 0, clicked: 0 },
    ]);
  });

  it("bars over delivered: opened and clicked of delivered, no bars for the control group", () => {
    expect(rateBars(fixture, "delivered")).toEqual([
      { group: "Group A", opened: 30.61, clicked: 5.1 },
      { group: "Group B", opened: 41.24, clicked: 8.25 },
    ]);
  });

  it("conversion bars for every group, the control group's too", () => {
    expect(conversionBars(fixture)).toEqual([
      { group: "Group A", is_control: false, conversion_rate: 4, revenue_per_recipient: 2 },
      { group: "Group B", is_control: false, conversion_rate: 5, revenue_per_recipient: 2.5 },
      { group: "Group C (control)", is_control: true, conversion_rate: 2.73, revenue_per_recipient: 1.36 },
    ]);
  });

  it("uplift bars: the interval as distances below and above the difference", () => {
    expect(upliftBars(fixture)).toEqual([
      { group: "Group A", difference: 1.27, interval: [1.87, 1.83], ci_low: -0.6, ci_high: 3.1, significant: false },
      { group: "Group B", difference: 2.27, interval: [2.03, 1.93], ci_low: 0.24, ci_high: 4.2, significant: true },
    ]);
  });

  it("timeline: running totals per group on every day, a quiet day flat", () => {
    expect(cumulativeTimeline(fixture, "clicked")).toEqual([
      { date: "2026-12-01", g1: 30, g2: 60, g3: 0 },
      { date: "2026-12-02", g1: 30, g2: 60, g3: 0 },
      { date: "2026-12-03", g1: 50, g2: 80, g3: 0 },
    ]);
    expect(cumulativeTimeline({ ...fixture, timeline: [] }, "opened")).toEqual([]);
  });

  it("verdict: B leads A on click rate significantly (50/1000 against 80/1000); the control group is not ranked", () => {
    expect(reportVerdict(fixture)).toMatchObject({ kind: "tested", leader: 2, runnerUp: 1, significant: true });
    expect(reportVerdict(fixture)).toMatchObject({ p: expect.closeTo(0.0065, 3) });
  });

  it("verdict: not enough data with few recipients", () => {
    const small = {
      ...fixture,
      groups: fixture.groups.map((g) => ({ ...g, metrics: metrics(20, 20, 5, g.group_number) })),
    };
    expect(reportVerdict(small)).toMatchObject({ kind: "not_enough_data", leader: 2 });
  });
});
