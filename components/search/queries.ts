"use client";
/** One hook per smart-search API operation used by the search preview and report. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TSearchReport } from "@/lib/search/search-report";
import type { TTouchpoint } from "@/lib/touchpoints/schemas";
import { apiFetch } from "../api/client";

const BASE = "/touchpoint-studio";

export interface SearchItem {
  item_id: string;
  item_name?: string;
  product_price?: number;
  currency?: string;
  match_score: number;
  rank_score: number;
  matched_words?: string[];
}

export interface SearchContent {
  touchpoint_id: string;
  offset: number;
  limit: number;
  count: number;
  content: SearchItem[];
}

export type ReportPeriod = { days: number } | { from: string; to: string };

export const searchKeys = {
  all: ["search"] as const,
  touchpoints: () => [...searchKeys.all, "touchpoints"] as const,
  results: (touchpointId: string, term: string) => [...searchKeys.all, "results", touchpointId, term] as const,
  report: (period: ReportPeriod, touchpointId: string | undefined) =>
    [...searchKeys.all, "report", period, touchpointId ?? "all"] as const,
};

/** Smart-search touchpoints (the first 100 by name is plenty for a picker). */
export function useSearchTouchpoints() {
  return useQuery({
    queryKey: searchKeys.touchpoints(),
    queryFn: async () =>
      (
        await apiFetch<{ touchpoints: TTouchpoint[] }>(
          `${BASE}/rules/touchpoints?touchpoint_type=smart-search&limit=100`,
        )
      ).touchpoints,
  });
}

/** The content route's answer for a term; keeps the previous results on screen while typing. */
export function useSearchResults(touchpointId: string | undefined, term: string) {
  const text = term.trim();
  return useQuery({
    queryKey: searchKeys.results(touchpointId ?? "", text),
    queryFn: () =>
      apiFetch<SearchContent>(
        `${BASE}/touchpoints/${encodeURIComponent(touchpointId ?? "")}/content?${new URLSearchParams({ term: text, preview: "true" })}`,
      ),
    enabled: Boolean(touchpointId) && text.length > 0 && text.length <= 200,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useSearchReport(period: ReportPeriod, touchpointId: string | undefined) {
  const query = new URLSearchParams(
    "days" in period ? { days: String(period.days) } : { from: period.from, to: period.to },
  );
  if (touchpointId) query.set("touchpoint_id", touchpointId);
  return useQuery({
    queryKey: searchKeys.report(period, touchpointId),
    queryFn: () => apiFetch<TSearchReport>(`${BASE}/search/report?${query}`),
    placeholderData: keepPreviousData,
  });
}
