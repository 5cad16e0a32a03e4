"use client";
/**
 * Export of an audience or segment: format and extended, then the exports of this audience with
 * their progress (polled while one is queued or running), the address the link went to, how long
 * it works, and why one failed.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TExport } from "@/lib/audiences/exports/schemas";
import { apiFetch, errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { formatDateTime } from "../ui/format";
import { ProgressBar } from "../ui/progress-bar";

const TONES: Record<TExport["status"], BadgeTone> = {
  queued: "slate",
  running: "blue",
  done: "green",
  failed: "red",
  expired: "amber",
};

function exportState(e: TExport): string {
  if (e.status === "done") return `link sent to ${e.recipient_email}, works until ${formatDateTime(e.link_expires_at)}`;
  if (e.status === "expired") return `the link sent to ${e.recipient_email} has expired; the file was deleted`;
  if (e.status === "failed") return `failed: ${e.error}`;
  if (e.error) return e.error;
  return e.status === "queued"
    ? "waiting for a worker"
    : `${e.rows_done.toLocaleString("en")} of ${e.rows_total.toLocaleString("en")} customers written`;
}

export function ExportPanel({ audienceId }: { audienceId: string }) {
  const client = useQueryClient();
  const [format, setFormat] = useState<"csv" | "xlsx">("csv");
  const [extended, setExtended] = useState(false);
  const path = `/customer-studio/audiences/${encodeURIComponent(audienceId)}`;
  const exports = useQuery({
    queryKey: ["audiences", audienceId, "exports"],
    queryFn: () => apiFetch<{ exports: TExport[] }>(`${path}/exports?limit=5`),
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.status === "queued" || e.status === "running") ? 1000 : false,
  });
  const start = useMutation({
    mutationFn: () =>
      apiFetch<{ message: string; export: TExport }>(`${path}/export?file_extension=${format}&extended=${extended}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ["audiences", audienceId, "exports"] }),
  });
  return (
    <Card className="space-y-3" aria-labelledby="export-title">
      <CardTitle id="export-title">Export</CardTitle>
      <form
        className="flex flex-wrap items-center gap-4 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate();
        }}
      >
        <fieldset className="flex items-center gap-3">
          <legend className="sr-only">File format</legend>
          {(["csv", "xlsx"] as const).map((f) => (
            <label key={f} className="flex items-center gap-1">
              <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} />
              {f.toUpperCase()}
            </label>
          ))}
        </fieldset>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={extended} onChange={(event) => setExtended(event.target.checked)} />
          Extended (every customer field, products' names and prices)
        </label>
        <Button type="submit" size="sm" disabled={start.isPending}>
          {start.isPending ? "Starting…" : "Export"}
        </Button>
      </form>
      {start.data && (
        <Alert tone="info" data-testid="export-message">
          {start.data.message}
        </Alert>
      )}
      {start.error && <Alert tone="error">{errorMessage(start.error)}</Alert>}
      {exports.error && <Alert tone="error">{errorMessage(exports.error)}</Alert>}
      {(exports.data?.exports.length ?? 0) > 0 && (
        <ol className="divide-y divide-slate-200 text-sm" data-testid="exports">
          {exports.data!.exports.map((e) => (
            <li key={e.export_id} className="space-y-1 py-2" data-testid="export-row">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{e.file_extension.toUpperCase()}</span>
                {e.extended && <Badge>extended</Badge>}
                <Badge tone={TONES[e.status]} data-testid="export-status">
                  {e.status}
                </Badge>
                <span className="text-slate-600">{exportState(e)}</span>
                <span className="ml-auto text-xs text-slate-500 tabular-nums">{formatDateTime(e.date_created)}</span>
              </div>
              {(e.status === "queued" || e.status === "running") && (
                <ProgressBar value={e.rows_done} max={e.rows_total} label={`Export ${e.export_id} progress`} />
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
