/**
 * A touchpoint row with its additional strategies (the touchpoint_strategies table) as the list
 * of ids by priority that the API, the calculation and serving read. Here, not in lib/touchpoints,
 * because serving reads it and the engine imports nothing from the studio that uses it.
 */
import type { Prisma as Client } from "@/lib/db/client";
import type { Prisma, Touchpoint } from "@/lib/db/generated/client";

export type TouchpointRow = Touchpoint & { strategies: string[] };

/** `include` for touchpoint reads: the additional strategies by priority. */
export const WITH_STRATEGIES = {
  additional_strategies: { orderBy: { priority: "asc" }, select: { strategy_id: true } },
} as const satisfies Prisma.TouchpointInclude;

export function toRow({
  additional_strategies,
  ...touchpoint
}: Touchpoint & { additional_strategies: { strategy_id: string }[] }): TouchpointRow {
  return { ...touchpoint, strategies: additional_strategies.map((a) => a.strategy_id) };
}

/** A touchpoint with its additional strategies, or undefined when there is none with this id. */
export async function findTouchpointRow(prisma: Client, touchpointId: string): Promise<TouchpointRow | undefined> {
  const found = await prisma.touchpoint.findUnique({
    where: { touchpoint_id: touchpointId },
    include: WITH_STRATEGIES,
  });
  return found ? toRow(found) : undefined;
}

/** Nested write of the additional strategies (replaces them on update, in the same statement). */
export function strategiesWrite(ids: string[], replace: boolean) {
  const create = ids.map((strategy_id, priority) => ({ strategy_id, priority }));
  return replace ? { deleteMany: {}, create } : { create };
}

/** `where` for the touchpoints that use a strategy, as default or additional. */
export function usingStrategy(strategyId: string): Prisma.TouchpointWhereInput {
  return { OR: [{ default_strategy: strategyId }, { additional_strategies: { some: { strategy_id: strategyId } } }] };
}
