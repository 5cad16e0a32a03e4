/**
 * The editor's live helpers: the message as one customer gets it (POST .../campaignings/preview)
 * and the audience a send would reach now (POST .../campaignings/audience-estimate). Both follow
 * what is typed after a short pause, keeping the last answer on screen meanwhile.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { TAudienceEstimate, TPreview, TPreviewInput } from "@/lib/campaigns/preview";
import { apiFetch } from "../api/client";
import { campaignKeys } from "./campaign-api";

const BASE = "/campaigning-studio/campaignings";

/** The value once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the dependency (a new object each render)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

export const editorKeys = {
  preview: (input: TPreviewInput) => [...campaignKeys.all, "preview", input] as const,
  estimate: (input: EstimateInput) => [...campaignKeys.all, "audience-estimate", input] as const,
};

export function usePersonalPreview(input: TPreviewInput | undefined) {
  const settled = useDebounced(input);
  return useQuery({
    queryKey: editorKeys.preview(settled as TPreviewInput),
    queryFn: () => apiFetch<TPreview>(`${BASE}/preview`, { method: "POST", body: settled }),
    enabled: !!settled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface EstimateInput {
  channel_type: TPreviewInput["channel_type"];
  audiences_type: "GENERIC" | "AUDIENCE";
  audiences: string[];
}

export function useAudienceEstimate(input: EstimateInput) {
  const settled = useDebounced(input);
  return useQuery({
    queryKey: editorKeys.estimate(settled),
    queryFn: () => apiFetch<TAudienceEstimate>(`${BASE}/audience-estimate`, { method: "POST", body: settled }),
    enabled: settled.audiences.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
}
