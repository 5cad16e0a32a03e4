"use client";
import { useState } from "react";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { FormField } from "../ui/form-field";
import { formatCount, formatDateTime } from "../ui/format";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { Table, TBody, Td, Th } from "../ui/table";
import { type ReportPeriod, useSearchReport } from "./queries";

const PRESETS = [1, 7, 30, 90] as const;

/** What shoppers searched for over a period: the top searches and the searches that found nothing. */
export function SearchReport({ touchpointId }: { touchpointId: string | undefined }) {
  const [choice, setChoice] = useState<string>("30");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [onlyThis, setOnlyThis] = useState(false);
  const custom = choice === "custom";
  const customOk = Boolean(from && to && from < to);
  const period: ReportPeriod = custom && customOk ? { from, to } : { days: custom ? 30 : Number(choice) };
  const report = useSearchReport(period, onlyThis ? touchpointId : undefined);
  const data = report.data;

  return (
    <Card aria-labelledby="report-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <CardTitle id="report-title">Searches</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Every search asked through a smart-search touchpoint is recorded with its result count; clicks come from the
            click events your shop sends with the term.
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void report.refetch()} disabled={report.isFetching}>
          {report.isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <FormField id="report-period" label="Period">
          <Select id="report-period" value={choice} onChange={(e) => setChoice(e.target.value)}>
            {PRESETS.map((d) => (
              <option key={d} value={String(d)}>
                {d === 1 ? "Last 24 hours" : `Last ${d} days`}
              </option>
            ))}
            <option value="custom">Dates…</option>
          </Select>
        </FormField>
        {custom && (
          <>
            <FormField id="report-from" label="From">
              <Input id="report-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </FormField>
            <FormField id="report-to" label="To (not included)">
              <Input id="report-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </FormField>
          </>
        )}
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300"
            checked={onlyThis}
            disabled={!touchpointId}
            onChange={(e) => setOnlyThis(e.target.checked)}
          />
          Only the touchpoint above
        </label>
      </div>
      {custom && !customOk && <p className="text-sm text-amber-800">Pick a start date before the end date.</p>}
      {report.isPending && <p className="text-sm text-slate-500">Loading the report…</p>}
      {report.error && <Alert tone="error">The report could not be loaded: {errorMessage(report.error)}</Alert>}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="report-totals">
            <Figure label="Searches" value={formatCount(data.searches)} />
            <Figure label="Different terms" value={formatCount(data.distinct_terms)} />
            <Figure label="With no results" value={formatCount(data.no_result_searches)} />
            <Figure label="No-result rate" value={`${data.no_result_rate.toFixed(1)}%`} />
          </dl>
          <p className="text-xs text-slate-500">
            {formatDateTime(data.from)} to {formatDateTime(data.to)}
          </p>
          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="top-title" className="min-w-0">
              <h3 id="top-title" className="mb-2 text-sm font-semibold text-slate-900">
                Top searches
              </h3>
              {data.top_searches.length === 0 ? (
                <Empty>No searches in this period.</Empty>
              ) : (
                <Table data-testid="top-searches">
                  <thead>
                    <tr>
                      <Th>Term</Th>
                      <Th className="text-right">Searches</Th>
                      <Th className="text-right">Avg. results</Th>
                      <Th className="text-right">Clicks</Th>
                    </tr>
                  </thead>
                  <TBody>
                    {data.top_searches.map((t) => (
                      <tr key={t.term}>
                        <Td className="whitespace-normal font-medium text-slate-900">{t.term}</Td>
                        <Td className="text-right tabular-nums">{formatCount(t.searches)}</Td>
                        <Td className="text-right tabular-nums">{t.average_results.toFixed(1)}</Td>
                        <Td className="text-right tabular-nums">{formatCount(t.clicks)}</Td>
                      </tr>
                    ))}
                  </TBody>
                </Table>
              )}
            </section>
            <section aria-labelledby="none-title" className="min-w-0">
              <h3 id="none-title" className="mb-2 text-sm font-semibold text-slate-900">
                Searches with no results
              </h3>
              {data.no_results.length === 0 ? (
                <Empty>Every search found something.</Empty>
              ) : (
                <Table data-testid="no-result-searches">
                  <thead>
                    <tr>
                      <Th>Term</Th>
                      <Th className="text-right">Searches</Th>
                      <Th>Last searched</Th>
                    </tr>
                  </thead>
                  <TBody>
                    {data.no_results.map((t) => (
                      <tr key={t.term}>
                        <Td className="whitespace-normal font-medium text-slate-900">{t.term}</Td>
                        <Td className="text-right tabular-nums">{formatCount(t.searches)}</Td>
                        <Td className="tabular-nums">{formatDateTime(t.last_searched)}</Td>
                      </tr>
                    ))}
                  </TBody>
                </Table>
              )}
            </section>
          </div>
        </>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}
