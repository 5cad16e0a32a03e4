"use client";
import type { TouchpointType } from "@/lib/touchpoints/constants";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { useStrategy } from "./queries";
import { DEFAULT_SLOTS, slotsOf } from "./strategy-defaults";
import { emptyTouchpoint, TouchpointForm } from "./touchpoint-form";

/** A new touchpoint, optionally starting from a strategy (?strategy=<id>, from the strategy page). */
export function NewTouchpoint({ author, strategyId }: { author: string; strategyId?: string }) {
  const strategy = useStrategy(strategyId);
  if (!strategyId) return <TouchpointForm initial={emptyTouchpoint(author)} />;
  if (strategy.isPending) return <p className="text-sm text-slate-500">Loading the strategy…</p>;
  if (strategy.error) {
    return (
      <>
        <Alert tone="warning" className="mb-6">
          The strategy {strategyId} could not be loaded ({errorMessage(strategy.error)}); choose one below.
        </Alert>
        <TouchpointForm initial={emptyTouchpoint(author)} />
      </>
    );
  }
  const s = strategy.data;
  const type = s.strategy_type as TouchpointType;
  const initial = {
    ...emptyTouchpoint(author, type),
    touchpoint_name: s.strategy_name,
    default_strategy: s.strategy_id,
    number_of_positions: type === "smart-search" ? 0 : Math.max(DEFAULT_SLOTS[type], slotsOf(s.rules, type)),
  };
  return <TouchpointForm initial={initial} />;
}
