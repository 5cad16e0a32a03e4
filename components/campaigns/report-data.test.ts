import { describe, expect, it } from "vitest";
import { type CampaignReport, cumulativeTimeline, type ReportMetrics, rateBars, reportVerdict } from "./report-data";

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
  };
};

/** A fixture in the route's contract: two groups of 1,000 and a control group. */
const fixture: CampaignReport = {
  campaign_name: "Spring",
  campaign_id: "20261201_cn_spring_cl_X_ap_45_ag_1",
  metrics: metrics(2000, 1950, 700, 130),
  groups: [
    {
      group_number: 1,
      campaign_id: "a",
      abc_audience_percent: 45,
      is_control: false,
      metrics: metrics(1000, 980, 300, 50),
    },
    {
      group_number: 2,
      campaign_id: "b",
      abc_audience_percent: 45,
      is_control: false,
      metrics: metrics(1000, 970, 400, 80),
    },
    { group_number: 3, campaign_id: "c", abc_audience_percent: 10, is_control: true, metrics: metrics(220, 0, 0, 0) },
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
