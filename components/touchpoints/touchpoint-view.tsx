"use client";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { TTouchpoint } from "@/lib/touchpoints/schemas";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { formatCount, formatDateTime } from "../ui/format";
import { ProgressBar } from "../ui/progress-bar";
import { CarouselPreview } from "./carousel-preview";
import { touchpointKeys } from "./keys";
import { PromotionPanel } from "./promotion-panel";
import { isWorking, useDeleteTouchpoint, useSaveTouchpoint, useTouchpoint, useTouchpointStats } from "./queries";
import { StatusBadges } from "./status-badges";
import { TouchpointForm, touchpointToForm } from "./touchpoint-form";

/** A touchpoint's page: status (followed while calculating), stats, settings, preview, promotion. */
export function TouchpointView({ id }: { id: string }) {
  const touchpoint = useTouchpoint(id);
  const queryClient = useQueryClient();
  const calculating = touchpoint.data?.is_calculating;
  const wasCalculating = useRef(calculating);
  // A finished calculation changes what the preview shows.
  useEffect(() => {
    if (wasCalculating.current && calculating === false) {
      void queryClient.invalidateQueries({ queryKey: [...touchpointKeys.touchpoint(id), "preview"] });
    }
    wasCalculating.current = calculating;
  }, [calculating, id, queryClient]);

  if (touchpoint.isPending) return <p className="text-sm text-slate-500">Loading the touchpoint…</p>;
  if (touchpoint.error) {
    return (
      <Alert tone="error">
        The touchpoint could not be loaded: {errorMessage(touchpoint.error)}{" "}
        <Link href="/touchpoints" className="font-medium underline">
          Back to touchpoints
        </Link>
      </Alert>
    );
  }
  const t = touchpoint.data;
  return (
    <div className="space-y-6">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900" data-testid="touchpoint-name">
            {t.touchpoint_name}
          </h1>
          <StatusBadges touchpoint={t} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {t.touchpoint_type} · {t.touchpoint_subtype} · {t.channel || "no channel"} · {t.number_of_positions} slots
        </p>
        <p className="font-mono text-xs break-all text-slate-400">{t.touchpoint_id}</p>
      </div>
      <StatusCard touchpoint={t} />
      <StatsCards id={id} />
      {t.touchpoint_type === "smart-search" ? (
        <Card>
          <CardTitle>Search preview</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            A smart-search touchpoint answers search terms; try them in the{" "}
            <Link href="/touchpoints/search" className="font-medium text-indigo-700 underline">
              search preview
            </Link>
            .
          </p>
        </Card>
      ) : (
        <CarouselPreview touchpoint={t} />
      )}
      {t.touchpoint_type === "wheel-of-fortune" && <PromotionPanel touchpoint={t} />}
      {/* Re-mounted after every save, so the form always starts from what the server stored. */}
      <TouchpointForm key={t.date_modified} touchpoint={t} initial={touchpointToForm(t)} />
      <DeleteTouchpoint touchpoint={t} />
    </div>
  );
}

function StatusCard({ touchpoint: t }: { touchpoint: TTouchpoint }) {
  const save = useSaveTouchpoint(t.touchpoint_id);
  const live = t.is_active || !t.is_draft;
  const setLive = (on: boolean) =>
    save.mutate({ ...touchpointToForm(t), is_active: on, is_draft: on ? false : t.is_draft });
  return (
    <Card className="space-y-3" aria-labelledby="status-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="status-title">Status</CardTitle>
        {t.is_active ? (
          <Button variant="secondary" size="sm" disabled={save.isPending} onClick={() => setLive(false)}>
            Deactivate
          </Button>
        ) : (
          <Button size="sm" disabled={save.isPending} onClick={() => setLive(true)}>
            {save.isPending ? "Activating…" : "Activate"}
          </Button>
        )}
      </div>
      {save.error && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      {t.calculation_error && !isWorking(t) && (
        <Alert tone="error">
          <div className="flex flex-wrap items-center justify-between gap-3" data-testid="calculation-error">
            <span>
              The last calculation failed: {t.calculation_error.replace(/[.!?]?\s*$/, ".")}
              {t.is_ready && " The previous lists are still served."}
            </span>
            {live && (
              <Button
                size="sm"
                variant="secondary"
                disabled={save.isPending}
                onClick={() => save.mutate(touchpointToForm(t))}
              >
                {save.isPending ? "Retrying…" : "Retry calculation"}
              </Button>
            )}
          </div>
        </Alert>
      )}
      {isWorking(t) ? (
        <div className="space-y-2" data-testid="calculating">
          <p className="text-sm text-slate-700">
            Calculating the strategies&apos; items from the shop&apos;s data…
            {t.is_ready && " The previous lists are served meanwhile."}
          </p>
          <ProgressBar value={0} max={0} label="Calculation" />
        </div>
      ) : t.is_ready ? (
        <p className="text-sm text-slate-700" data-testid="ready">
          Ready: the touchpoint serves content{t.is_active ? "" : " (inactive: only the preview shows it)"}.
          {t.is_using_fallback &&
            " Some slots take the fallback (best sellers, then random items) for the default visitor."}
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          {live ? "Waiting for the calculation." : "A draft: activate it to calculate its items and preview them."}
        </p>
      )}
      <p className="text-xs text-slate-500">
        Created {formatDateTime(t.date_created)} by {t.author || "unknown"} · modified {formatDateTime(t.date_modified)}
      </p>
    </Card>
  );
}

function StatsCards({ id }: { id: string }) {
  const stats = useTouchpointStats(id);
  const items = [
    { label: "Impressions", value: stats.data ? formatCount(stats.data.impressions) : "…" },
    { label: "Clicks", value: stats.data ? formatCount(stats.data.clicks) : "…" },
    { label: "CTR", value: stats.data ? `${stats.data.ctr.toFixed(2)}%` : "…" },
  ];
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        Last 30 days
      </h2>
      {stats.error && <Alert tone="error">The stats could not be loaded: {errorMessage(stats.error)}</Alert>}
      <dl className="grid grid-cols-3 gap-3">
        {items.map((item) => (
          <div
            key={item.label}
            className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
            data-testid={`stat-${item.label.toLowerCase()}`}
          >
            <dt className="text-xs font-medium text-slate-500">{item.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums sm:text-2xl">{item.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-slate-500">Last 30 days. Previews are not counted.</p>
    </section>
  );
}

function DeleteTouchpoint({ touchpoint: t }: { touchpoint: TTouchpoint }) {
  const remove = useDeleteTouchpoint();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="space-y-2 ring-red-200" aria-labelledby="delete-title">
      <CardTitle id="delete-title">Delete</CardTitle>
      <p className="text-sm text-slate-600">
        Deleting the touchpoint also deletes its SMS promotion. Its strategies and position stay.
      </p>
      {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      {confirming ? (
        <div className="flex gap-2">
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(t.touchpoint_id, { onSuccess: () => router.push("/touchpoints") })}
          >
            {remove.isPending ? "Deleting…" : "Yes, delete it"}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete touchpoint
        </Button>
      )}
    </Card>
  );
}
