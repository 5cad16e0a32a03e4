/** Strategies: CRUD with the studio's rules (lib/touchpoints/validate-strategy.ts). */

import { ALL_CUSTOMERS } from "@/lib/data/segments";
import { db } from "@/lib/db/client";
import type { Strategy } from "@/lib/db/generated/client";
import { conflict, notFound, onBrokenReference } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { formatTimestamp } from "@/lib/http/timestamps";
import type { TRule } from "@/lib/recommend/rule-schemas";
import { usingStrategy } from "@/lib/recommend/touchpoint-rows";
import { requestRecalculation } from "./recalculate";
import type { TStrategy, TStrategyInput } from "./schemas";
import { assertStrategyValid } from "./validate-strategy";

/** Customers per segment, to fill segment_count for a page of strategies with one query. */
export async function segmentSizes(): Promise<(segments: string[]) => number> {
  const prisma = await db();
  const [groups, total] = await Promise.all([
    prisma.customer.groupBy({ by: ["segment_id"], _count: { _all: true } }),
    prisma.customer.count(),
  ]);
  const sizes = new Map(groups.map((g) => [g.segment_id, g._count._all]));
  return (segments) =>
    segments.includes(ALL_CUSTOMERS) ? total : [...new Set(segments)].reduce((n, s) => n + (sizes.get(s) ?? 0), 0);
}

export function toStrategy(row: Strategy, segmentCount: number): TStrategy {
  return {
    strategy_id: row.strategy_id,
    strategy_name: row.strategy_name,
    strategy_type: row.strategy_type,
    strategy_subtype: row.strategy_subtype,
    strategy_goal: row.strategy_goal,
    author: row.author,
    is_draft: row.is_draft,
    is_active: row.is_active,
    is_general_filter: row.is_general_filter,
    is_default: row.is_default,
    segments: row.segments,
    product_hierarchy_level_id: row.product_hierarchy_level_id,
    product_hierarchy_level_value: row.product_hierarchy_level_value,
    rules: row.rules as TRule[],
    segment_count: segmentCount,
    is_ready: row.is_ready,
    date_created: formatTimestamp(row.date_created),
    date_modified: formatTimestamp(row.date_modified),
  };
}

export async function listStrategies(page: TPagination & { search?: string; strategy_type?: string }) {
  const prisma = await db();
  const where = {
    ...(page.search ? { strategy_name: { contains: page.search, mode: "insensitive" as const } } : {}),
    ...(page.strategy_type ? { strategy_type: page.strategy_type } : {}),
  };
  const [rows, count, size] = await Promise.all([
    prisma.strategy.findMany({
      where,
      orderBy: [{ date_created: "desc" }, { strategy_id: "asc" }],
      skip: page.offset,
      take: page.limit,
    }),
    prisma.strategy.count({ where }),
    segmentSizes(),
  ]);
  return listResponse(
    "strategies",
    page,
    rows.map((r) => toStrategy(r, size(r.segments))),
    count,
  );
}

async function findStrategy(id: string): Promise<Strategy> {
  const row = await (await db()).strategy.findUnique({ where: { strategy_id: id } });
  if (!row) throw notFound(`No strategy has id ${id}.`);
  return row;
}

export async function getStrategy(id: string): Promise<TStrategy> {
  const row = await findStrategy(id);
  return toStrategy(row, (await segmentSizes())(row.segments));
}

export async function createStrategy(input: TStrategyInput): Promise<TStrategy> {
  await assertStrategyValid(input);
  const prisma = await db();
  const row = await prisma.strategy.create({ data: { strategy_id: newId("strategy"), ...input, is_ready: true } });
  return toStrategy(row, (await segmentSizes())(row.segments));
}

export async function updateStrategy(id: string, input: TStrategyInput): Promise<TStrategy> {
  const existing = await findStrategy(id);
  if (!existing.is_ready) {
    throw conflict(
      `Strategy ${id} is not ready (a touchpoint using it is being calculated); try again when is_ready is true.`,
      "not_ready",
    );
  }
  if (existing.strategy_type !== input.strategy_type) {
    const users = await touchpointsUsing(id);
    if (users.length > 0) {
      throw conflict(`Strategy ${id} is used by ${nameTouchpoints(users)}; its type cannot change.`, "in_use");
    }
  }
  await assertStrategyValid(input);
  const prisma = await db();
  const slots = Math.max(0, ...input.rules.flatMap((r) => r.positions.map((p) => p + 1)));
  const narrow = (await touchpointsUsing(id)).filter((t) => t.number_of_positions < slots);
  if (narrow.length > 0) {
    throw conflict(
      `Slot ${slots - 1} does not exist in ${nameTouchpoints(narrow)}: the rules use ${slots} slots.`,
      "slots_out_of_range",
    );
  }
  // The author is who created it (the route sets it from the caller): an edit keeps it.
  const { author: _author, ...changes } = input;
  const row = await prisma.strategy.update({
    where: { strategy_id: id },
    data: { ...changes, date_modified: new Date() },
  });
  await requestRecalculation({ strategyId: id });
  return toStrategy(row, (await segmentSizes())(row.segments));
}

export async function deleteStrategy(id: string): Promise<{ detail: string }> {
  await findStrategy(id);
  const users = await touchpointsUsing(id);
  if (users.length > 0) {
    throw conflict(
      `Strategy ${id} is used by ${nameTouchpoints(users)}; delete those touchpoints (or take the strategy out of them) first.`,
      "in_use",
    );
  }
  const prisma = await db();
  // Its calculated lists go with it (cascade); a touchpoint that took it up meanwhile keeps it
  // (the foreign key refuses the delete).
  await onBrokenReference(prisma.strategy.delete({ where: { strategy_id: id } }), () =>
    conflict(`Strategy ${id} was just taken up by a touchpoint; it was not deleted.`, "in_use"),
  );
  return { detail: `Strategy ${id} was deleted.` };
}

export async function touchpointsUsing(strategyId: string) {
  const prisma = await db();
  return prisma.touchpoint.findMany({
    where: usingStrategy(strategyId),
    select: { touchpoint_id: true, touchpoint_name: true, number_of_positions: true, is_active: true, is_draft: true },
  });
}

function nameTouchpoints(touchpoints: { touchpoint_id: string; touchpoint_name: string }[]): string {
  return touchpoints.map((t) => `touchpoint ${t.touchpoint_name} (${t.touchpoint_id})`).join(", ");
}
