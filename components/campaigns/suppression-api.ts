/**
 * The suppression list's client side (/campaigning-studio/suppressions): query keys and one hook
 * per operation, each mutation invalidating the list.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TSuppression, TSuppressionInput } from "@/lib/campaigns/suppressions/schemas";
import { apiFetch } from "../api/client";

const BASE = "/campaigning-studio/suppressions";
export const SUPPRESSION_PAGE = 50;

export interface SuppressionFilters {
  channel?: string;
  address?: string;
  offset?: number;
}

export const suppressionKeys = {
  all: ["suppressions"] as const,
  list: (filters: SuppressionFilters) => [...suppressionKeys.all, "list", filters] as const,
};

export function useSuppressions(filters: SuppressionFilters) {
  return useQuery({
    queryKey: suppressionKeys.list(filters),
    queryFn: () => {
      const query = new URLSearchParams({ offset: String(filters.offset ?? 0), limit: String(SUPPRESSION_PAGE) });
      if (filters.channel) query.set("channel", filters.channel);
      if (filters.address?.trim()) query.set("address", filters.address.trim());
      return apiFetch<{ count: number; suppressions: TSuppression[] }>(`${BASE}?${query}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useCreateSuppression() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TSuppressionInput>) => apiFetch<TSuppression>(BASE, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: suppressionKeys.all }),
  });
}

export function useDeleteSuppression() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ detail: string }>(`${BASE}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: suppressionKeys.all }),
  });
}
