/**
 * E-mail templates' client side: query keys and one hook per operation
 * (/campaigning-studio/templates), each mutation invalidating what it changed.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TTemplate, TTemplateInput, TTemplateSummary } from "@/lib/campaigns/template-schemas";
import { apiFetch } from "../api/client";
import { campaignKeys } from "./campaign-api";

const BASE = "/campaigning-studio/templates";
/** The API's largest page: the editor's template picker shows this many. */
export const TEMPLATE_PAGE = 100;

export interface TemplateFilters {
  search?: string;
  offset?: number;
}

export const templateKeys = {
  all: ["campaign-templates"] as const,
  list: (filters: TemplateFilters) => [...templateKeys.all, "list", filters] as const,
  one: (id: string) => [...templateKeys.all, "one", id] as const,
};

export function useTemplates(filters: TemplateFilters = {}) {
  return useQuery({
    queryKey: templateKeys.list(filters),
    queryFn: () => {
      const query = new URLSearchParams({ offset: String(filters.offset ?? 0), limit: String(TEMPLATE_PAGE) });
      if (filters.search?.trim()) query.set("search", filters.search.trim());
      return apiFetch<{ count: number; templates: TTemplateSummary[] }>(`${BASE}?${query}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** One template with its HTML; nothing is fetched for an empty id. */
export function useTemplate(id: string | undefined) {
  return useQuery({
    queryKey: templateKeys.one(id ?? ""),
    queryFn: () => apiFetch<TTemplate>(`${BASE}/${encodeURIComponent(id ?? "")}`),
    enabled: !!id,
    retry: false,
  });
}

export function useSaveTemplate(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTemplateInput) =>
      id
        ? apiFetch<TTemplate>(`${BASE}/${encodeURIComponent(id)}`, { method: "PUT", body })
        : apiFetch<TTemplate>(BASE, { method: "POST", body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: templateKeys.all });
      // A new HTML sends the campaigns using it back for approval.
      if (id) void client.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ detail: string }>(`${BASE}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
