/**
 * The delivery report (GET /campaigning-studio/insights/delivery-report, spec 2.8) shaped for the
 * report page: its types, the rate bars per group, the cumulative timeline per group and the
 * click-rate verdict. Pure, so it is tested on a fixture.
 */
import type { TCampaignReport, TReportGroup } from "@/lib/campaigns/report/schemas";
import { clickRateVerdict, type Verdict } from "./significance";

export type {
  TCampaignReport as CampaignReport,
  TDeliveryReport as DeliveryReport,
  TMetrics as ReportMetrics,
  TReportGroup as ReportGroup,
  TReportTimelinePoint as ReportTimelinePoint,
} from "@/lib/campaigns/report/schemas";

export const groupName = (n: number) => String.fromCharCode(64 + n);
export const groupLabel = (g: Pick<TReportGroup, "group_number" | "is_control">) =>
  `Group ${groupName(g.group_number)}${g.is_control ? " (control)" : ""}`;

/** One bar group per A/B/C group: its rates in percent of targeted. */
export function rateBars(report: TCampaignReport) {
  return report.groups.map((g) => ({
    group: groupLabel(g),
    delivered: g.metrics.percent_delivered,
    opened: g.metrics.percent_open,
    clicked: g.metrics.percent_clicked,
  }));
}

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
