"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { ZOutboxMessage } from "@/lib/messaging/send-message";
import { apiFetch } from "../api/client";

export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const OUTBOX_CHANNELS = ["sms", "email", "viber"] as const;

export interface OutboxParams {
  offset: number;
  limit: number;
  channel?: string;
}

export const outboxKeys = {
  all: ["messaging", "outbox"] as const,
  list: (params: OutboxParams) => [...outboxKeys.all, params] as const,
};

export function useOutbox(params: OutboxParams) {
  return useQuery({
    queryKey: outboxKeys.list(params),
    queryFn: () => {
      const q = new URLSearchParams({ offset: String(params.offset), limit: String(params.limit) });
      if (params.channel) q.set("channel", params.channel);
      return apiFetch<{ offset: number; limit: number; count: number; messages: TOutboxMessage[] }>(
        `/messaging/outbox?${q}`,
      );
    },
    placeholderData: keepPreviousData,
    // New messages (a test SMS, a wheel's answer) show up without a reload.
    refetchInterval: 5000,
  });
}
