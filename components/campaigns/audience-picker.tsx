"use client";
/**
 * Picks a campaign's audience: segments (GET /data/segments, every page) or saved audiences
 * (GET /customer-studio/audiences), each with its size, and the customers the choice reaches.
 * Sizes are before consent and frequency cap; under them, how many a send now would reach on the
 * channel (POST .../audience-estimate: preparation's own rules, counted without writing).
 */
import { useQuery } from "@tanstack/react-query";
import { apiFetch, errorMessage } from "../api/client";
import { MultiSelect } from "../audiences/multi-select";
import { Alert } from "../ui/alert";
import { cn } from "../ui/cn";
import { formatCount } from "../ui/format";
import { CHANNEL_LABEL, type ChannelType, customersText } from "./campaign-api";
import { useAudienceEstimate } from "./editor-queries";

interface Sized {
  id: string;
  name: string;
  size: number;
}

const ALL_CUSTOMERS = "all_customers";
const PAGE = 100;
const MAX_PAGES = 50;

async function allSegments(): Promise<Sized[]> {
  const out: Sized[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await apiFetch<{
      count: number;
      segments: { segment_id: string; segment_name: string; customer_count: number }[];
    }>(`/data/segments?offset=${page * PAGE}&limit=${PAGE}`);
    out.push(...answer.segments.map((s) => ({ id: s.segment_id, name: s.segment_name, size: s.customer_count })));
    if (out.length >= answer.count || answer.segments.length === 0) break;
  }
  return out;
}

async function savedAudiences(): Promise<Sized[]> {
  const answer = await apiFetch<{
    audiences: { audience_id: string; audience_name: string; audience_size: number; status: string }[];
  }>(`/customer-studio/audiences?offset=0&limit=${PAGE}`);
  return answer.audiences.map((a) => ({
    id: a.audience_id,
    name: a.status === "draft" ? `${a.audience_name} (draft)` : a.audience_name,
    size: a.audience_size,
  }));
}

export function AudiencePicker({
  type,
  selected,
  onChange,
  invalid,
  channel,
}: {
  type: "GENERIC" | "AUDIENCE";
  channel: ChannelType;
  selected: string[];
  onChange: (ids: string[]) => void;
  invalid?: boolean;
}) {
  const options = useQuery({
    queryKey: ["campaigns", "audience-options", type],
    queryFn: type === "GENERIC" ? allSegments : savedAudiences,
    staleTime: 30_000,
  });
  const byId = new Map((options.data ?? []).map((o) => [o.id, o]));
  const everyone = byId.get(ALL_CUSTOMERS)?.size;
  // Segments do not overlap (a customer has one), except all_customers; saved audiences may: their sum is an upper bound.
  const reach = selected.includes(ALL_CUSTOMERS)
    ? (everyone ?? 0)
    : selected.reduce((sum, id) => sum + (byId.get(id)?.size ?? 0), 0);
  const label = type === "GENERIC" ? "Segments" : "Saved audiences";

  return (
    <div className="space-y-1">
      <MultiSelect
        label={label}
        choices={(options.data ?? []).map((o) => ({
          value: o.id,
          label: o.name,
          detail: customersText(o.size),
        }))}
        selected={selected}
        onChange={onChange}
        allowCustom={false}
        loading={options.isPending}
        placeholder={type === "GENERIC" ? "Choose segments" : "Choose saved audiences"}
        className={invalid ? "rounded-md ring-2 ring-red-500" : undefined}
      />
      {options.error && <Alert tone="error">{errorMessage(options.error)}</Alert>}
      <p className="text-xs text-slate-500" data-testid="audience-reach">
        {selected.length === 0
          ? "No audience chosen."
          : `${type === "AUDIENCE" && selected.length > 1 ? "At most " : ""}${customersText(reach)} before consent and frequency cap.`}
      </p>
      {selected.length > 0 && <Reachable type={type} channel={channel} selected={selected} />}
    </div>
  );
}

const BY: Record<ChannelType, string> = {
  email: "by e-mail",
  sms: "by SMS",
  viber: "on Viber",
  viber_sms: `by ${CHANNEL_LABEL.viber_sms}`,
};

function Reachable({
  type,
  channel,
  selected,
}: {
  type: "GENERIC" | "AUDIENCE";
  channel: ChannelType;
  selected: string[];
}) {
  const estimate = useAudienceEstimate({ channel_type: channel, audiences_type: type, audiences: selected });
  if (estimate.error) return <p className="text-xs text-red-700">Reach: {errorMessage(estimate.error)}</p>;
  const e = estimate.data;
  if (!e) return <p className="text-xs text-slate-500">Counting who can be reached…</p>;
  const n = (value: number) => formatCount(value);
  return (
    <p
      className={cn("text-sm text-slate-700", estimate.isFetching && "opacity-60")}
      data-testid="audience-reachable"
      aria-busy={estimate.isFetching}
    >
      <span className="font-semibold tabular-nums">{n(e.reachable)}</span> reachable {BY[channel]} of{" "}
      <span className="tabular-nums">{n(e.audience)}</span>; {n(e.excluded_no_consent)} without consent,{" "}
      {n(e.excluded_no_address)} without address, {n(e.excluded_frequency_cap)} over the frequency cap.
    </p>
  );
}
