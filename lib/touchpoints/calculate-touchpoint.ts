/**
 * The calculation of a touchpoint (a job): the candidates of every rule of its strategies and the
 * shared fallback list are computed from the shop's data and stored in rule_results; then the
 * touchpoint is ready, and is_using_fallback says whether any slot needed the fallback for the
 * default visitor. Re-running it is always safe.
 */
import { getDatabase } from "@/lib/db/client";
import type { Strategy } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { isLearnedKind, RANKS_WITHOUT_ANCHOR } from "@/lib/recommend/learned-kinds";
import { ensureModelsBuilt, type LoadedModels, modelsForWork } from "@/lib/recommend/model-store";
import { FALLBACK_LIST, fallbackCandidates, ruleCandidates } from "@/lib/recommend/rule-candidates";
import type { TRule } from "@/lib/recommend/rule-schemas";
import { defaultFill } from "@/lib/recommend/serve-content";
import { forgetServingState, servingState } from "@/lib/recommend/serving-state";
import { findTouchpointRow } from "@/lib/recommend/touchpoint-rows";
import { getCatalog } from "@/lib/search/catalog-index";

/**
 * Runs the calculation; when it throws, the touchpoint stops calculating with the error kept
 * (calculation_error) and its strategies editable again; the error goes on to the job queue,
 * which marks the job failed. A later success clears the error.
 */
export function calculateTouchpoint(options: { touchpointId: string; now?: Date }): Promise<void> {
  return recordingFailure(options.touchpointId, () => calculate(options));
}

/** Runs a touchpoint's calculation step; when it throws, records the failure and rethrows. */
async function recordingFailure(touchpointId: string, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    await recordCalculationFailure(touchpointId, error);
    throw error;
  }
}

const MAX_ERROR_LENGTH = 1000;

/** Ends a calculation as failed: not calculating, the reason kept, the strategies editable. */
export async function recordCalculationFailure(touchpointId: string, error: unknown): Promise<void> {
  const prisma = (await getDatabase()).prisma;
  const full = error instanceof Error ? error.message : String(error);
  // Database errors raised through Prisma open with the code location: keep the reason (last line).
  const message = (full.trim().split("\n").filter(Boolean).at(-1) ?? "").slice(0, MAX_ERROR_LENGTH);
  const touchpoint = await findTouchpointRow(prisma, touchpointId);
  if (!touchpoint) return;
  await prisma.$transaction([
    prisma.touchpoint.update({
      where: { touchpoint_id: touchpointId },
      data: { is_calculating: false, calculation_error: message || "The calculation failed." },
    }),
    prisma.strategy.updateMany({
      where: { strategy_id: { in: [touchpoint.default_strategy, ...touchpoint.strategies] } },
      data: { is_ready: true },
    }),
  ]);
  forgetServingState(touchpointId);
  log.error("touchpoint calculation failed", { touchpointId, error: full });
}

async function calculate(options: { touchpointId: string; now?: Date }): Promise<void> {
  const database = await getDatabase();
  const prisma = database.prisma;
  const touchpoint = await findTouchpointRow(prisma, options.touchpointId);
  if (!touchpoint) return;
  const ids = [touchpoint.default_strategy, ...touchpoint.strategies];
  const strategies = await prisma.strategy.findMany({ where: { strategy_id: { in: ids } } });
  const kinds = new Set(strategies.flatMap((st) => (st.rules as TRule[]).map((r) => r.rule_type)));
  const needsModels = [...kinds].some((k) => isLearnedKind(k) || k === "most-recommended-products");
  let models: LoadedModels | undefined;
  if (needsModels) {
    // The first touchpoint with learned rules builds the models; later ones use the newest build.
    await ensureModelsBuilt(database);
    // The default visitor's fill below ranks with them only for kinds that need no anchor (loaded
    // for this calculation, not watched: see modelsForWork); the others fall back for it anyway.
    if ([...kinds].some((k) => isLearnedKind(k) && RANKS_WITHOUT_ANCHOR.has(k))) models = await modelsForWork(database);
  }
  for (const strategy of strategies) {
    const rules = strategy.rules as TRule[];
    for (const [index, rule] of rules.entries()) {
      const itemIds = await ruleCandidates({ sql: database.sql, rule, now: options.now });
      await storeResult(strategy.strategy_id, index, rule.rule_type, itemIds);
    }
    await prisma.ruleResult.deleteMany({
      where: { strategy_id: strategy.strategy_id, rule_index: { gte: rules.length } },
    });
  }
  const fallback = await fallbackCandidates(database.sql, options.now);
  await prisma.fallbackList.upsert({
    where: { list_name: FALLBACK_LIST },
    create: { list_name: FALLBACK_LIST, item_ids: fallback },
    update: { item_ids: fallback, date_computed: new Date() },
  });

  const state = await servingState(touchpoint.touchpoint_id, { fresh: true });
  let usingFallback = false;
  for (const strategy of strategies as Strategy[]) {
    const filled = defaultFill(state, strategy, options.now, models);
    if (filled.length < touchpoint.number_of_positions || filled.some((f) => f.is_fallback)) usingFallback = true;
  }
  await prisma.$transaction([
    prisma.touchpoint.update({
      where: { touchpoint_id: touchpoint.touchpoint_id },
      data: {
        is_ready: true,
        is_calculating: false,
        is_using_fallback: usingFallback,
        date_calculated: new Date(),
        calculation_error: null,
      },
    }),
    prisma.strategy.updateMany({ where: { strategy_id: { in: ids } }, data: { is_ready: true } }),
  ]);
  // Loaded for the check above (in the worker, usually): not kept in memory for a next load.
  forgetServingState(touchpoint.touchpoint_id, { keepNothing: true });

  async function storeResult(strategyId: string, index: number, ruleType: string, itemIds: string[]) {
    await prisma.ruleResult.upsert({
      where: { strategy_id_rule_index: { strategy_id: strategyId, rule_index: index } },
      create: { strategy_id: strategyId, rule_index: index, rule_type: ruleType, item_ids: itemIds },
      update: { rule_type: ruleType, item_ids: itemIds, date_computed: new Date() },
    });
  }
}

/**
 * A smart-search touchpoint's warm-up: builds (or refreshes) the search index of the process that
 * runs the job (a worker thread or process); each web process builds its own
 * (lib/search/warm-up.ts, or on its first search).
 */
export async function warmSearch(options: { touchpointId: string }): Promise<void> {
  const database = await getDatabase();
  await recordingFailure(options.touchpointId, async () => {
    await getCatalog();
  });
  await database.prisma.touchpoint.updateMany({
    where: { touchpoint_id: options.touchpointId },
    data: { is_calculating: false, date_calculated: new Date(), calculation_error: null },
  });
}
