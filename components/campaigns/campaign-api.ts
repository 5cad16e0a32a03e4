/**
 * The campaign studio's client side of the API: the answer types (from lib/campaigns/schemas.ts,
 * types only: that module reads the server's settings when it validates), query keys, and one
 * hook per operation with the invalidation it needs.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TCampaign } from "@/lib/campaigns/schemas";
import type { CampaignStatus } from "@/lib/campaigns/status";
import { apiFetch } from "../api/client";
import type { BadgeTone } from "../ui/badge";
import { formatCount } from "../ui/format";

export type Campaign = TCampaign;
export type CampaignGroup = TCampaign["campaign_details"][number];
export type ChannelType = TCampaign["channel_type"];

const BASE = "/campaigning-studio/campaignings";

export const CHANNEL_LABEL: Record<ChannelType, string> = {
  email: "E-mail",
  sms: "SMS",
  viber: "Viber",
  viber_sms: "Viber, SMS fallback",
};

export const STATUS_TONE: Record<CampaignStatus, BadgeTone> = {
  "Not approved": "amber",
  Approved: "green",
  Preparing: "indigo",
  Sending: "blue",
  Sent: "slate",
  "Not sent": "red",
};

/** The group's letter: A, B, C. */
export const groupLetter = (index: number) => String.fromCharCode(65 + index);

/** The id the studio's pages use for a campaign: its first group's (any of them names it). */
export const campaignKey = (c: Pick<Campaign, "campaign_details">) => c.campaign_details[0]?.campaign_id ?? "";

export const campaignHref = (c: Pick<Campaign, "campaign_details">) => `/campaigns/${campaignKey(c)}`;

const IN_PROGRESS: readonly CampaignStatus[] = ["Preparing", "Sending"];

export interface CampaignFilters {
  status?: CampaignStatus;
  channel_type?: ChannelType;
  search?: string;
  /** Archived campaigns: left out (default), only them, or both. */
  archived?: "false" | "true" | "all";
  offset?: number;
  limit?: number;
}

export const campaignKeys = {
  all: ["campaigns"] as const,
  list: (filters: CampaignFilters) => [...campaignKeys.all, "list", filters] as const,
  one: (id: string) => [...campaignKeys.all, "one", id] as const,
};

export function useCampaignList(filters: CampaignFilters) {
  return useQuery({
    queryKey: campaignKeys.list(filters),
    queryFn: () => {
      const query = new URLSearchParams({ offset: String(filters.offset ?? 0), limit: String(filters.limit ?? 50) });
      if (filters.status) query.set("status", filters.status);
      if (filters.channel_type) query.set("channel_type", filters.channel_type);
      if (filters.search?.trim()) query.set("search", filters.search.trim());
      if (filters.archived && filters.archived !== "false") query.set("archived", filters.archived);
      return apiFetch<{ count: number; campaigns: Campaign[] }>(`${BASE}?${query}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: () => apiFetch<Campaign>(`${BASE}/${encodeURIComponent(id)}`),
    retry: false,
    // While it is prepared or sent, the page follows its progress.
    refetchInterval: (query) => (IN_PROGRESS.includes(query.state.data?.status ?? "Sent") ? 2_000 : false),
  });
}

export function useSaveCampaign(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      id
        ? apiFetch<Campaign>(`${BASE}/${encodeURIComponent(id)}`, { method: "PUT", body })
        : apiFetch<Campaign>(`${BASE}/`, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/**
 * Approves the version the approver was shown: If-Match carries it, so a campaign changed since
 * the page read it answers 412 (and the page reads it again) instead of approving unseen content.
 */
export function useApproveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: Pick<Campaign, "campaign_details" | "version">) =>
      apiFetch<{ detail: string }>(`${BASE}/${encodeURIComponent(campaignKey(c))}/approve`, {
        method: "PUT",
        headers: { "If-Match": `"${c.version}"` },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** Archives (or brings back) a campaign: it leaves the lists, its report stays. */
export function useArchiveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      apiFetch<Campaign>(`${BASE}/${encodeURIComponent(id)}/archive`, { method: archived ? "POST" : "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useDeleteCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ detail: string }>(`${BASE}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useSendInstant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      apiFetch<{ status_code: number; message: string }>(`${BASE}/send-instant`, {
        method: "POST",
        body: { campaign_id: campaignId },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** The campaign's start: its earliest group start (the API's local date-times sort as text). */
export function campaignStart(c: Campaign): string {
  return c.campaign_details.map((g) => g.start_time).sort()[0] ?? "";
}

/** "1 customer", "1,234 customers". */
export const customersText = (n: number) => `${formatCount(n)} customer${n === 1 ? "" : "s"}`;
