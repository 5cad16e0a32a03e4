/**
 * The delivery report (GET /campaigning-studio/insights/delivery-report, spec 2.8) shaped for the
 * report page: its types, the rate bars per group, the cumulative timeline per group and the
 * click-rate verdict. Pure, so it is tested on a fixture.
 */
import type { TCampaignReport, TReportGroup } from "@/lib/campaigns/report/schemas";
import { clickRateVerdict, type Verdict } from "./significance";

export type {
  TCampaignReport as CampaignReport,
  TConversion as ReportConversion,
  TDeliveryReport as DeliveryReport,
  TMetrics as ReportMetrics,
  TReportGroup as ReportGroup,
  TReportTimelinePoint as ReportTimelinePoint,
} from "@/lib/campaigns/report/schemas";

export const groupName = (n: number) => String.fromCharCode(64 + n);
export const groupLabel = (g: Pick<TReportGroup, "group_number" | "is_control">) =>
  `Group ${groupName(g.group_number)}${g.is_control ? " (control)" : ""}`;

export type RateBase = "targeted" | "delivered";

/**
 * One bar group per A/B/C group: its rates in percent of targeted, or (base delivered) opened and
 * clicked in percent of delivered. A control group gets no message, so it has no bars over delivered.
 */
export function rateBars(report: TCampaignReport, base: RateBase = "targeted") {
  if (base === "delivered") {
    return report.groups
      .filter((g) => !g.is_control)
      .map((g) => ({
        group: groupLabel(g),
        opened: g.metrics.percent_open_of_delivered,
        clicked: g.metrics.percent_clicked_of_delivered,
      }));
  }
  return report.groups.map((g) => ({
    group: groupLabel(g),
    delivered: g.metrics.percent_delivered,
    opened: g.metrics.percent_open,
    clicked: g.metrics.percent_clicked,
  }));
}

/** Conversion rate (percent of the group's members) and revenue per recipient of every group, the control group too. */
export function conversionBars(report: TCampaignReport) {
  return report.groups.map((g) => ({
    group: groupLabel(g),
    is_control: g.is_control,
    conversion_rate: g.conversion.conversion_rate,
    revenue_per_recipient: g.conversion.revenue_per_recipient,
  }));
}

/**
 * Each messaged group's uplift over the control group in percentage points, with its 95% interval
 * as the error bar's [below, above] distances from the difference (recharts' ErrorBar reads them so).
 */
export function upliftBars(report: TCampaignReport) {
  return report.groups.flatMap((g) => {
    const u = g.conversion.uplift;
    if (g.is_control || !u) return [];
    return [
      {
        group: groupLabel(g),
        difference: u.difference,
        interval: [round2(u.difference - u.ci_low), round2(u.ci_high - u.difference)] as [number, number],
        ci_low: u.ci_low,
        ci_high: u.ci_high,
        significant: u.significant,
      },
    ];
  });
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export type TimelineMetric = "delivered" | "opened" | "clicked";

/**
 * One row per day (every day from the first to the last, so a quiet day keeps the line flat), with
 * each group's running total of the metric under the key g<n>.
 */
export function cumulativeTimeline(report: TCampaignReport, metric: TimelineMetric) {
  const dates = [...new Set(report.timeline.map((p) => p.date))].sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return [];
  const days: string[] = [];
  for (let d = new Date(`${first}T00:00:00Z`); d <= new Date(`${last}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10));
  }
  const totals = new Map<number, number>(report.groups.map((g) => [g.group_number, 0]));
  return days.map((date) => {
    for (const p of report.timeline) {
      if (p.date === date) totals.set(p.group_number, (totals.get(p.group_number) ?? 0) + p[metric]);
    }
    const row: Record<string, string | number> = { date };
    for (const [n, total] of totals) row[`g${n}`] = total;
    return row;
  });
}

/** The click-rate leader among the groups that got a message (rates over targeted, like the report's). */
export function reportVerdict(report: TCampaignReport): Verdict {
  return clickRateVerdict(
    report.groups.map((g) => ({
      group_number: g.group_number,
      is_control: g.is_control,
      recipients: Number(g.metrics.targeted),
      clicks: g.metrics.clicked,
    })),
  );
}
