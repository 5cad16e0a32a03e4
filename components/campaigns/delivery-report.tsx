"use client";
/**
 * A campaign's delivery report: delivered, opened and clicked rates per group over targeted or
 * over delivered (bars), the running totals per day and group (lines), conversions within the
 * attribution window per group with the uplift over the control group and its 95% interval
 * (bars with error bars), every metric per group and in total (tables), and which group
 * leads on click rate with whether its lead over the runner-up is significant (./significance.ts).
 * Data: GET /campaigning-studio/insights/delivery-report?campaign_id=..., from the campaign's creation.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ErrorBar,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ApiClientError, apiFetch, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { ButtonLink } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { cn } from "../ui/cn";
import { formatCount } from "../ui/format";
import { Select } from "../ui/select";
import { Table, TBody, Td, Th } from "../ui/table";
import { campaignKeys, useCampaign } from "./campaign-api";
import {
  type CampaignReport,
  conversionBars,
  cumulativeTimeline,
  type DeliveryReport,
  groupLabel,
  groupName,
  type RateBase,
  type ReportConversion,
  type ReportMetrics,
  rateBars,
  reportVerdict,
  type TimelineMetric,
  upliftBars,
} from "./report-data";
import { ALPHA, MIN_RECIPIENTS, type Verdict } from "./significance";

const COLORS = { delivered: "#64748b", opened: "#6366f1", clicked: "#059669" } as const;
const BAR_ORDER = ["delivered", "opened", "clicked"];
const GROUP_COLORS = ["#4f46e5", "#ea580c", "#0891b2"];

function useDeliveryReport(id: string, from: string | undefined) {
  return useQuery({
    queryKey: [...campaignKeys.one(id), "report", from] as const,
    queryFn: () =>
      apiFetch<DeliveryReport>(
        `/campaigning-studio/insights/delivery-report?${new URLSearchParams({
          campaign_id: id,
          ...(from ? { date_from: from } : {}),
        })}`,
      ),
    enabled: from !== undefined,
    retry: false,
    refetchInterval: 30_000,
  });
}

function VerdictText({ verdict }: { verdict: Verdict }) {
  const name = (n: number) => `group ${groupName(n)}`;
  const capital = (n: number) => `Group ${groupName(n)}`;
  switch (verdict.kind) {
    case "no_groups":
      return <>No group received a message yet.</>;
    case "single":
      return <>One group received the message: nothing to compare.</>;
    case "not_enough_data":
      return (
        <>
          {capital(verdict.leader)} is ahead of {name(verdict.runnerUp)} on click rate, but there is not enough data yet
          (fewer than {MIN_RECIPIENTS} recipients in a group).
        </>
      );
    case "tie":
      return (
        <>
          {capital(verdict.leader)} and {name(verdict.runnerUp)} have the same click rate.
        </>
      );
    case "tested":
      return (
        <>
          <span className="font-semibold">{capital(verdict.leader)} leads on click rate</span> over{" "}
          {name(verdict.runnerUp)};{" "}
          {verdict.significant ? (
            <span className="font-semibold text-emerald-700">the difference is significant</span>
          ) : (
            <span className="font-semibold text-amber-700">the difference is not significant</span>
          )}{" "}
          (two-proportion z-test, z = {verdict.z.toFixed(2)}, p = {verdict.p < 0.001 ? "< 0.001" : verdict.p.toFixed(3)}
          , significant below {ALPHA}).
        </>
      );
  }
}

const pct = (value: number) => `${value.toFixed(2)} %`;

const ROWS: { label: string; value: (m: ReportMetrics) => string }[] = [
  { label: "Targeted", value: (m) => formatCount(Number(m.targeted)) },
  { label: "Delivered", value: (m) => `${formatCount(m.delivered)} · ${pct(m.percent_delivered)}` },
  { label: "Opened", value: (m) => `${formatCount(m.opened)} · ${pct(m.percent_open)}` },
  { label: "Clicked", value: (m) => `${formatCount(m.clicked)} · ${pct(m.percent_clicked)}` },
  { label: "Open rate of delivered", value: (m) => pct(m.percent_open_of_delivered) },
  { label: "Click rate of delivered", value: (m) => pct(m.percent_clicked_of_delivered) },
  { label: "Unsubscribed", value: (m) => `${formatCount(m.subscription)} · ${pct(m.percent_subscription)}` },
  { label: "Bounced", value: (m) => `${formatCount(m.bounce)} · ${pct(m.percent_bounce)}` },
  { label: "Complaints", value: (m) => `${formatCount(m.complaint)} · ${pct(m.percent_complaint)}` },
  { label: "Skipped at send time", value: (m) => formatCount(m.skipped) },
];

function MetricsTable({ report, leader }: { report: CampaignReport; leader?: number }) {
  return (
    <Table data-testid="report-table">
      <thead>
        <tr>
          <Th>Metric</Th>
          {report.groups.map((g) => (
            <Th key={g.group_number} className={cn(g.group_number === leader && "text-emerald-700")}>
              {groupLabel(g)} · {g.abc_audience_percent}%{g.group_number === leader ? " ★" : ""}
            </Th>
          ))}
          <Th>Total</Th>
        </tr>
      </thead>
      <TBody>
        {ROWS.map((row) => (
          <tr key={row.label} data-testid={`report-row-${row.label.toLowerCase()}`}>
            <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-700">
              {row.label}
            </th>
            {report.groups.map((g) => (
              <Td key={g.group_number} className="tabular-nums">
                {row.value(g.metrics)}
              </Td>
            ))}
            <Td className="font-medium tabular-nums" data-testid={`report-total-${row.label.toLowerCase()}`}>
              {row.value(report.metrics)}
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}

function Charts({ report }: { report: CampaignReport }) {
  const [metric, setMetric] = useState<TimelineMetric>("clicked");
  const [base, setBase] = useState<RateBase>("targeted");
  const timeline = cumulativeTimeline(report, metric);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="space-y-3" data-testid="report-rates-chart">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Rates per group (% of {base})</CardTitle>
          <Select
            aria-label="Rates over"
            className="w-40"
            value={base}
            onChange={(e) => setBase(e.target.value as RateBase)}
          >
            <option value="targeted">Of targeted</option>
            <option value="delivered">Of delivered</option>
          </Select>
        </div>
        <div className="h-72">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rateBars(report, base)} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="group" tick={{ fontSize: 12 }} />
              <YAxis unit="%" tick={{ fontSize: 12 }} width={48} />
              <Tooltip formatter={(v) => pct(Number(v))} />
              <Legend itemSorter={(item) => BAR_ORDER.indexOf(String(item.dataKey))} />
              {base === "targeted" && (
                <Bar dataKey="delivered" name="Delivered" fill={COLORS.delivered} isAnimationActive={false} />
              )}
              <Bar dataKey="opened" name="Opened" fill={COLORS.opened} isAnimationActive={false} />
              <Bar dataKey="clicked" name="Clicked" fill={COLORS.clicked} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <Card className="space-y-3" data-testid="report-timeline-chart">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Over time, running total</CardTitle>
          <Select
            aria-label="Metric over time"
            className="w-36"
            value={metric}
            onChange={(e) => setMetric(e.target.value as TimelineMetric)}
          >
            <option value="delivered">Delivered</option>
            <option value="opened">Opened</option>
            <option value="clicked">Clicked</option>
          </Select>
        </div>
        {timeline.length === 0 ? (
          <p className="flex h-72 items-center justify-center text-sm text-slate-500">No events yet.</p>
        ) : (
          <div className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={timeline} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="date" tick={{ fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
                <Tooltip />
                <Legend itemSorter="dataKey" />
                {report.groups.map((g, i) => (
                  <Line
                    key={g.group_number}
                    type="monotone"
                    dataKey={`g${g.group_number}`}
                    name={groupLabel(g)}
                    stroke={GROUP_COLORS[i % GROUP_COLORS.length]}
                    strokeDasharray={g.is_control ? "4 4" : undefined}
                    dot={timeline.length < 20}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
        )}
      </Card>
    </div>
  );
}

const money = (value: number) => value.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const signed = (value: number) => `${value > 0 ? "+" : ""}${value.toFixed(2)}`;

function upliftText(c: ReportConversion): string {
  if (!c.uplift) return "–";
  const u = c.uplift;
  return `${signed(u.difference)} pp (${signed(u.ci_low)} to ${signed(u.ci_high)})${u.significant ? " ✓" : ""}`;
}

const CONVERSION_ROWS: { label: string; value: (c: ReportConversion) => string }[] = [
  { label: "Members", value: (c) => formatCount(c.recipients) },
  { label: "Conversions", value: (c) => `${formatCount(c.conversions)} · ${pct(c.conversion_rate)}` },
  { label: "Revenue", value: (c) => money(c.revenue) },
  { label: "Revenue per member", value: (c) => money(c.revenue_per_recipient) },
  { label: "Uplift over control", value: upliftText },
];

function ConversionTable({ report }: { report: CampaignReport }) {
  return (
    <Table data-testid="conversion-table">
      <thead>
        <tr>
          <Th>Metric</Th>
          {report.groups.map((g) => (
            <Th key={g.group_number}>{groupLabel(g)}</Th>
          ))}
          <Th>Messaged groups</Th>
        </tr>
      </thead>
      <TBody>
        {CONVERSION_ROWS.map((row) => (
          <tr key={row.label} data-testid={`conversion-row-${row.label.toLowerCase().replaceAll(" ", "-")}`}>
            <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-700">
              {row.label}
            </th>
            {report.groups.map((g) => (
              <Td key={g.group_number} className="tabular-nums">
                {row.value(g.conversion)}
              </Td>
            ))}
            <Td className="font-medium tabular-nums">{row.value(report.conversion)}</Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}

/**
 * Conversions within the attribution window: the conversion rate of every group with the control
 * group's as the baseline, and each messaged group's uplift with its 95% interval as an error bar.
 */
function Conversions({ report }: { report: CampaignReport }) {
  const bars = conversionBars(report);
  const uplift = upliftBars(report);
  const days = report.attribution_window_days;
  return (
    <Card className="space-y-4" data-testid="report-conversions">
      <CardTitle>Conversions within {days} days of delivery</CardTitle>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-1" data-testid="report-conversion-chart">
          <p className="text-sm font-medium text-slate-700">Conversion rate per group (% of members)</p>
          <div className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={bars} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="group" tick={{ fontSize: 12 }} />
                <YAxis unit="%" tick={{ fontSize: 12 }} width={48} />
                <Tooltip formatter={(v) => pct(Number(v))} />
                <Bar dataKey="conversion_rate" name="Conversion rate" isAnimationActive={false}>
                  {bars.map((b) => (
                    <Cell key={b.group} fill={b.is_control ? "#94a3b8" : COLORS.clicked} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
        </div>
        <div className="space-y-1" data-testid="report-uplift-chart">
          <p className="text-sm font-medium text-slate-700">Uplift over control (percentage points, 95% interval)</p>
          {uplift.length === 0 ? (
            <p className="flex h-64 items-center justify-center text-sm text-slate-500">
              No control group to compare with: tag a group skip-content to measure uplift.
            </p>
          ) : (
            <div className="h-64">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={uplift} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="group" tick={{ fontSize: 12 }} />
                  <YAxis unit=" pp" tick={{ fontSize: 12 }} width={56} />
                  <ReferenceLine y={0} stroke="#475569" />
                  <Tooltip
                    formatter={(v, _name, item) => {
                      const p = item.payload as (typeof uplift)[number];
                      return `${signed(Number(v))} pp (95% interval ${signed(p.ci_low)} to ${signed(p.ci_high)})`;
                    }}
                  />
                  <Bar dataKey="difference" name="Uplift" isAnimationActive={false}>
                    {uplift.map((b) => (
                      <Cell key={b.group} fill={b.significant ? COLORS.clicked : "#a5b4fc"} />
                    ))}
                    <ErrorBar dataKey="interval" width={8} stroke="#334155" />
                  </Bar>
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
        </div>
      </div>
      <ConversionTable report={report} />
      <p className="text-xs text-slate-500">
        A member converts with a purchase within {days} days after its message was delivered (a control group&apos;s
        member: after its group&apos;s send time); every member counts, whether its message went out or not. Uplift: the
        group&apos;s conversion rate minus the control group&apos;s, with Newcombe&apos;s 95% interval; ✓ when the
        interval excludes 0. The window is the campaign setting attribution_window_days.
      </p>
    </Card>
  );
}

export function ReportBody({ report }: { report: CampaignReport }) {
  const verdict = reportVerdict(report);
  const leader = verdict.kind === "tested" || verdict.kind === "not_enough_data" ? verdict.leader : undefined;
  const controls = report.groups.filter((g) => g.is_control);
  return (
    <div className="space-y-6">
      <Card>
        <p className="text-sm text-slate-700" data-testid="report-verdict">
          <VerdictText verdict={verdict} />
        </p>
        {controls.length > 0 && (
          <p className="mt-1 text-xs text-slate-500">
            {controls.map((g) => groupLabel(g)).join(", ")} received nothing: it is the baseline the others are measured
            against.
          </p>
        )}
      </Card>
      <Charts report={report} />
      <Conversions report={report} />
      <Card className="space-y-3">
        <CardTitle>Every metric</CardTitle>
        <MetricsTable report={report} leader={leader} />
        <p className="text-xs text-slate-500">
          Percentages are of targeted recipients, except the two rates of delivered.
        </p>
      </Card>
    </div>
  );
}

export function DeliveryReportView({ id }: { id: string }) {
  const campaign = useCampaign(id);
  const from = campaign.data ? campaign.data.date_created.slice(0, 10) : campaign.error ? "" : undefined;
  const report = useDeliveryReport(id, from);
  const c = campaign.data;
  const found = report.data?.campaigns[0];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            Delivery report{c ? `: ${c.campaign_name}` : ""}
          </h1>
          <p className="mt-1 font-mono text-xs text-slate-500">{id}</p>
        </div>
        <ButtonLink variant="secondary" href={`/campaigns/${encodeURIComponent(id)}`}>
          Back to the campaign
        </ButtonLink>
      </div>
      {campaign.error && (
        <Alert tone="error">
          {campaign.error instanceof ApiClientError && campaign.error.status === 404
            ? `No campaign has the id ${id}.`
            : errorMessage(campaign.error)}
        </Alert>
      )}
      {!campaign.error &&
        (report.isPending ? (
          <p className="text-sm text-slate-500" aria-busy="true">
            Loading the report…
          </p>
        ) : report.error ? (
          <Alert tone="error">The report could not be loaded: {errorMessage(report.error)}</Alert>
        ) : !found || Number(found.metrics.targeted) === 0 ? (
          <Card>
            <p className="text-sm text-slate-600" data-testid="report-empty">
              Nothing to report yet: the campaign has not been sent to anyone.
            </p>
          </Card>
        ) : (
          <ReportBody report={found} />
        ))}
    </div>
  );
}
