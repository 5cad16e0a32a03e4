"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { TDemoProgress } from "@/lib/data/demo-progress";
import type { TDataOverview } from "@/lib/data/get-data-overview";
import { apiFetch } from "../api/client";
import { queryKeys } from "../api/keys";
import { Alert } from "../ui/alert";
import { formatCount } from "../ui/format";
import { ProgressBar } from "../ui/progress-bar";

/**
 * The demo shop load's progress while it runs: polls the overview every 2 s and, once the load
 * has ended, refreshes the server-rendered page so the counts and imports show the new data.
 */
export function DemoProgress({ initial }: { initial: TDemoProgress }) {
  const router = useRouter();
  const refreshed = useRef(false);
  const { data, error } = useQuery({
    queryKey: queryKeys.data.overview(),
    queryFn: () => apiFetch<TDataOverview>("/data/overview"),
    refetchInterval: (query) => (query.state.data?.demo?.state === "loading" || !query.state.data ? 2000 : false),
    refetchIntervalInBackground: false,
  });
  const demo = data ? data.demo : initial;
  const ended = demo?.state !== "loading";

  useEffect(() => {
    if (ended && !refreshed.current) {
      refreshed.current = true;
      router.refresh();
    }
  }, [ended, router]);

  if (demo?.state !== "loading") return null;
  return (
    <Alert tone="info" className="space-y-2" data-testid="demo-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium">
          Loading the demo shop data: <span className="font-normal">{demo.phase}</span>
        </p>
        <p className="tabular-nums">
          {formatCount(demo.done)} / {demo.total > 0 ? formatCount(demo.total) : "…"}
        </p>
      </div>
      <ProgressBar value={demo.done} max={demo.total} label={`Demo load: ${demo.phase}`} />
      <p className="text-xs text-blue-800">
        Source: {demo.source}. The counts below update when the load ends.
        {error ? " (Progress could not be refreshed; retrying.)" : ""}
      </p>
    </Alert>
  );
}
