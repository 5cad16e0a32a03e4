"use client";
/** One hook per touchpoint-studio API operation; each mutation invalidates what it changed. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TSegment } from "@/lib/data/segments";
import type { TPromotionConfigInput, TPromotionTestSend, ZPromotion } from "@/lib/touchpoints/promotion-schemas";
import type {
  TPosition,
  TPositionInput,
  TStrategy,
  TStrategyInput,
  TTouchpoint,
  TTouchpointInput,
} from "@/lib/touchpoints/schemas";
import { ApiClientError, apiFetch } from "../api/client";
import { outboxKeys } from "../messaging/queries";
import { type ListParams, type PreviewParams, touchpointKeys } from "./keys";

export type TPromotion = z.infer<typeof ZPromotion>;

interface ListPage<T> {
  offset: number;
  limit: number;
  count: number;
  rows: T[];
}

const BASE = "/touchpoint-studio";

function listQuery(params: ListParams, typeParam: string): string {
  const q = new URLSearchParams({ offset: String(params.offset), limit: String(params.limit) });
  if (params.search) q.set("search", params.search);
  if (params.type) q.set(typeParam, params.type);
  return q.toString();
}

async function fetchList<K extends string, T>(path: string, key: K): Promise<ListPage<T>> {
  const page = await apiFetch<{ offset: number; limit: number; count: number } & Record<K, T[]>>(path);
  return { offset: page.offset, limit: page.limit, count: page.count, rows: page[key] };
}

// Strategies

export function useStrategies(params: ListParams) {
  return useQuery({
    queryKey: touchpointKeys.strategyList(params),
    queryFn: () =>
      fetchList<"strategies", TStrategy>(
        `${BASE}/rules/strategies?${listQuery(params, "strategy_type")}`,
        "strategies",
      ),
    placeholderData: keepPreviousData,
  });
}

export function useStrategy(id: string | undefined) {
  return useQuery({
    queryKey: touchpointKeys.strategy(id ?? ""),
    queryFn: () => apiFetch<TStrategy>(`${BASE}/rules/strategies/${encodeURIComponent(id ?? "")}`),
    enabled: Boolean(id),
    // Not ready while a touchpoint using it is calculated; editing waits for that.
    refetchInterval: (query) => (query.state.data && !query.state.data.is_ready ? 1500 : false),
  });
}

export function useSaveStrategy(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStrategyInput) =>
      id
        ? apiFetch<TStrategy>(`${BASE}/rules/strategies/${encodeURIComponent(id)}`, { method: "PUT", body })
        : apiFetch<TStrategy>(`${BASE}/rules/strategies`, { method: "POST", body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(touchpointKeys.strategy(saved.strategy_id), saved);
      // Saving a strategy recalculates the live touchpoints that use it.
      void queryClient.invalidateQueries({ queryKey: touchpointKeys.all });
    },
  });
}

export function useDeleteStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ detail: string }>(`${BASE}/rules/strategies/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: touchpointKeys.strategies() }),
  });
}

// Positions

export function usePositions(params: ListParams) {
  return useQuery({
    queryKey: touchpointKeys.positionList(params),
    queryFn: () => fetchList<"positions", TPosition>(`${BASE}/rules/positions?${listQuery(params, "")}`, "positions"),
    placeholderData: keepPreviousData,
  });
}

export function useSavePosition(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPositionInput) =>
      id
        ? apiFetch<TPosition>(`${BASE}/rules/positions/${encodeURIComponent(id)}`, { method: "PUT", body })
        : apiFetch<TPosition>(`${BASE}/rules/positions`, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: touchpointKeys.positions() }),
  });
}

export function useDeletePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ detail: string }>(`${BASE}/rules/positions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: touchpointKeys.positions() }),
  });
}

// Touchpoints

export function useTouchpoints(params: ListParams) {
  return useQuery({
    queryKey: touchpointKeys.touchpointList(params),
    queryFn: () =>
      fetchList<"touchpoints", TTouchpoint>(
        `${BASE}/rules/touchpoints?${listQuery(params, "touchpoint_type")}`,
        "touchpoints",
      ),
    placeholderData: keepPreviousData,
    // A list showing a calculating touchpoint follows it until it is done.
    refetchInterval: (query) => (query.state.data?.rows.some(isWorking) ? 3000 : false),
  });
}

/** Live but not ready yet: the calculation is queued or running (not when it failed). */
export function isWorking(t: TTouchpoint): boolean {
  return t.is_calculating || ((t.is_active || !t.is_draft) && !t.is_ready && !t.calculation_error);
}

export function useTouchpoint(id: string | undefined) {
  return useQuery({
    queryKey: touchpointKeys.touchpoint(id ?? ""),
    queryFn: () => apiFetch<TTouchpoint>(`${BASE}/rules/touchpoints/${encodeURIComponent(id ?? "")}`),
    enabled: Boolean(id),
    // Polls every 1.5 s while the calculation runs, so the badges and the preview follow it.
    refetchInterval: (query) => (query.state.data && isWorking(query.state.data) ? 1500 : false),
  });
}

export function useSaveTouchpoint(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTouchpointInput) =>
      id
        ? apiFetch<TTouchpoint>(`${BASE}/rules/touchpoints/${encodeURIComponent(id)}`, { method: "PUT", body })
        : apiFetch<TTouchpoint>(`${BASE}/rules/touchpoints`, { method: "POST", body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(touchpointKeys.touchpoint(saved.touchpoint_id), saved);
      void queryClient.invalidateQueries({ queryKey: touchpointKeys.touchpoints() });
      void queryClient.invalidateQueries({ queryKey: touchpointKeys.strategies() });
    },
  });
}

export function useDeleteTouchpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ detail: string }>(`${BASE}/rules/touchpoints/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_result, id) => {
      // Dropped, not refetched: the page that showed it is leaving and would only meet a 404.
      queryClient.removeQueries({ queryKey: touchpointKeys.touchpoint(id) });
      void queryClient.invalidateQueries({ queryKey: [...touchpointKeys.touchpoints(), "list"] });
    },
  });
}

export interface FilledBy {
  rule_index: number | null;
  rule_type: string | null;
  is_fallback: boolean;
  strategy_id: string;
  score?: number;
  explanation?: string;
}

export interface PreviewItem {
  item_id?: string;
  item_name?: string;
  product_url?: string;
  product_price?: number;
  original_price?: number;
  currency?: string;
  main_image?: string;
}

export interface TPreview {
  touchpoint_id: string;
  touchpoint_type: string;
  identity_type: string;
  identity_value: string;
  content: { position: number; item: PreviewItem; filled_by: FilledBy }[];
}

export function usePreview(id: string, params: PreviewParams, enabled: boolean) {
  return useQuery({
    queryKey: touchpointKeys.preview(id, params),
    queryFn: () => {
      const q = new URLSearchParams({ identity_value: params.identity_value || "default" });
      if (params.identity_type) q.set("identity_type", params.identity_type);
      if (params.product_hierarchy_level_value)
        q.set("product_hierarchy_level_value", params.product_hierarchy_level_value);
      return apiFetch<TPreview>(`${BASE}/touchpoints/${encodeURIComponent(id)}/preview?${q}`);
    },
    enabled,
    staleTime: 0,
  });
}

export interface TStats {
  impressions: number;
  clicks: number;
  ctr: number;
  days: number;
}

export function useTouchpointStats(id: string) {
  return useQuery({
    queryKey: touchpointKeys.stats(id),
    queryFn: () => apiFetch<TStats>(`${BASE}/touchpoints/${encodeURIComponent(id)}/stats?days=30`),
  });
}

// Segments (data area), for the strategy's segment picker

export function useSegments() {
  return useQuery({
    queryKey: touchpointKeys.segments(),
    queryFn: async () => (await apiFetch<{ segments: TSegment[] }>("/data/segments?limit=100")).segments,
    staleTime: 60_000,
  });
}

// SMS promotion of a wheel-of-fortune touchpoint

export function usePromotion(touchpointId: string) {
  return useQuery({
    queryKey: touchpointKeys.promotion(touchpointId),
    queryFn: async () => {
      try {
        return await apiFetch<TPromotion>(
          `${BASE}/promotions/sms/config?touchpoint_id=${encodeURIComponent(touchpointId)}`,
        );
      } catch (error) {
        // 404 means "not configured yet", which the form shows as its defaults.
        if (error instanceof ApiClientError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useSavePromotion(touchpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPromotionConfigInput) =>
      apiFetch<TPromotion>(`${BASE}/promotions/sms/config`, { method: "POST", body }),
    onSuccess: (saved) => queryClient.setQueryData(touchpointKeys.promotion(touchpointId), saved),
  });
}

export function useSendTestPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPromotionTestSend) =>
      apiFetch<{ detail: string }>(`${BASE}/promotions/sms/config`, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}

export interface CustomerSummary {
  customer_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  city: string;
  purchases_180d: number;
}

/** Customers by part of their id, name or e-mail (the preview's picker); off while the text is empty. */
export function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: ["customers", "search", search],
    queryFn: () =>
      fetchList<"customers", CustomerSummary>(
        `/data/customers?${new URLSearchParams({ search, offset: "0", limit: "8" })}`,
        "customers",
      ),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
