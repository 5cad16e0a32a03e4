/** Touchpoints: a strategy bound to a position and channel, with the calculation states of spec 3. */
import { db } from "@/lib/db/client";
import { conflict, notFound, onBrokenReference, validationError } from "@/lib/http/errors";
import { newId } from "@/lib/http/ids";
import { listResponse, type TPagination } from "@/lib/http/pagination";
import { formatTimestamp } from "@/lib/http/timestamps";
import { getBoss } from "@/lib/jobs/boss";
import { JOBS } from "@/lib/jobs/names";
import type { TRule } from "@/lib/recommend/rule-schemas";
import { forgetServingState } from "@/lib/recommend/serving-state";
import {
  findTouchpointRow,
  strategiesWrite,
  type TouchpointRow,
  toRow,
  WITH_STRATEGIES,
} from "@/lib/recommend/touchpoint-rows";
import { forgetSearchConfig } from "@/lib/search/serve-search";
import { SUBTYPES } from "./constants";
import { calculationJob, isLive, requestRecalculation } from "./recalculate";
import type { TTouchpoint, TTouchpointInput } from "./schemas";

export function toTouchpoint(r: TouchpointRow): TTouchpoint {
  return {
    touchpoint_id: r.touchpoint_id,
    touchpoint_name: r.touchpoint_name,
    touchpoint_type: r.touchpoint_type,
    touchpoint_subtype: r.touchpoint_subtype,
    author: r.author,
    channel: r.channel,
    position: r.position,
    default_strategy: r.default_strategy,
    strategies: r.strategies,
    number_of_positions: r.number_of_positions,
    is_draft: r.is_draft,
    is_active: r.is_active,
    is_ready: r.is_ready,
    is_calculating: r.is_calculating,
    is_using_fallback: r.is_using_fallback,
    calculation_error: r.calculation_error,
    date_created: formatTimestamp(r.date_created),
    date_modified: formatTimestamp(r.date_modified),
  };
}

export async function listTouchpoints(page: TPagination & { search?: string; touchpoint_type?: string }) {
  const prisma = await db();
  const where = {
    ...(page.search ? { touchpoint_name: { contains: page.search, mode: "insensitive" as const } } : {}),
    ...(page.touchpoint_type ? { touchpoint_type: page.touchpoint_type } : {}),
  };
  const [rows, count] = await Promise.all([
    prisma.touchpoint.findMany({
      where,
      orderBy: [{ date_created: "desc" }, { touchpoint_id: "asc" }],
      skip: page.offset,
      take: page.limit,
      include: WITH_STRATEGIES,
    }),
    prisma.touchpoint.count({ where }),
  ]);
  return listResponse(
    "touchpoints",
    page,
    rows.map((r) => toTouchpoint(toRow(r))),
    count,
  );
}

async function find(id: string): Promise<TouchpointRow> {
  const row = await findTouchpointRow(await db(), id);
  if (!row) throw notFound(`No touchpoint has id ${id}.`);
  return row;
}

export async function getTouchpoint(id: string): Promise<TTouchpoint> {
  return toTouchpoint(await find(id));
}

/** Shape rules (422) and references (409) of a touchpoint's fields. Returns the normalised input. */
async function checkTouchpoint(input: TTouchpointInput): Promise<TTouchpointInput> {
  const type = input.touchpoint_type;
  const subtype = input.touchpoint_subtype || SUBTYPES[type][0]!;
  const errors: { loc: string[]; msg: string }[] = [];
  if (!SUBTYPES[type].includes(subtype)) {
    errors.push({
      loc: ["body", "touchpoint_subtype"],
      msg: `a ${type} touchpoint's subtype is one of ${SUBTYPES[type].join(", ")}`,
    });
  }
  if (type === "smart-search" && input.number_of_positions !== 0) {
    errors.push({
      loc: ["body", "number_of_positions"],
      msg: "a smart-search touchpoint has 0 positions (its strategy's limit counts results)",
    });
  }
  if (type !== "smart-search" && input.number_of_positions < 1) {
    errors.push({ loc: ["body", "number_of_positions"], msg: "at least one slot" });
  }
  if (new Set(input.strategies).size !== input.strategies.length || input.strategies.includes(input.default_strategy)) {
    errors.push({
      loc: ["body", "strategies"],
      msg: "additional strategies are distinct and differ from the default strategy",
    });
  }
  if (errors.length > 0) throw validationError(errors);

  const prisma = await db();
  if (!(await prisma.position.findUnique({ where: { position_id: input.position } }))) {
    throw conflict(
      `Unknown position ${input.position}: GET /touchpoint-studio/rules/position lists them.`,
      "unknown_position",
    );
  }
  const ids = [input.default_strategy, ...input.strategies];
  const strategies = await prisma.strategy.findMany({ where: { strategy_id: { in: ids } } });
  const missing = ids.filter((id) => !strategies.some((s) => s.strategy_id === id));
  if (missing.length > 0) throw conflict(`Unknown strategy(ies): ${missing.join(", ")}.`, "unknown_strategy");
  const wrong = strategies.filter((s) => s.strategy_type !== type);
  if (wrong.length > 0) {
    throw conflict(
      `Strategy ${wrong.map((s) => `${s.strategy_name} (${s.strategy_id}) is ${s.strategy_type}`).join("; ")}: a ${type} touchpoint takes ${type} strategies.`,
      "strategy_type_mismatch",
    );
  }
  for (const s of strategies) {
    const needed = Math.max(0, ...(s.rules as TRule[]).flatMap((r) => r.positions.map((p) => p + 1)));
    if (needed > input.number_of_positions) {
      throw conflict(
        `Strategy ${s.strategy_name} (${s.strategy_id}) fills slot ${needed - 1}, but the touchpoint has ${input.number_of_positions} slots (0-${input.number_of_positions - 1}).`,
        "slots_out_of_range",
      );
    }
  }
  return { ...input, touchpoint_subtype: subtype };
}

const deletedMeanwhile = () =>
  conflict(
    "The position or a strategy of the touchpoint was deleted meanwhile; nothing was saved.",
    "unknown_reference",
  );

export async function createTouchpoint(raw: TTouchpointInput): Promise<TTouchpoint> {
  const input = await checkTouchpoint(raw);
  const prisma = await db();
  const search = input.touchpoint_type === "smart-search";
  const { strategies, ...fields } = input;
  // One statement with its additional strategies; the foreign keys refuse a position or strategy
  // deleted meanwhile (409), so no touchpoint points at nothing.
  const row = await onBrokenReference(
    prisma.touchpoint.create({
      data: {
        touchpoint_id: newId("touchpoint"),
        ...fields,
        additional_strategies: strategiesWrite(strategies, false),
        is_ready: search,
        is_calculating: search,
        date_calculation_requested: search ? new Date() : null,
      },
    }),
    deletedMeanwhile,
  );
  if (search) {
    await (await getBoss()).send(
      JOBS.warmSearch,
      { touchpointId: row.touchpoint_id },
      calculationJob(row.touchpoint_id),
    );
  } else if (isLive(row)) {
    await requestRecalculation({ touchpointId: row.touchpoint_id });
  }
  return getTouchpoint(row.touchpoint_id);
}

export async function updateTouchpoint(id: string, raw: TTouchpointInput): Promise<TTouchpoint> {
  const existing = await find(id);
  if (existing.touchpoint_type !== raw.touchpoint_type) {
    throw conflict("A touchpoint's type cannot change; create a new touchpoint instead.", "type_change");
  }
  const input = await checkTouchpoint(raw);
  const prisma = await db();
  // The author is who created it (the route sets it from the caller): an edit keeps it.
  const { strategies, author: _author, ...fields } = input;
  const row = toRow(
    await onBrokenReference(
      prisma.touchpoint.update({
        where: { touchpoint_id: id },
        data: { ...fields, additional_strategies: strategiesWrite(strategies, true), date_modified: new Date() },
        include: WITH_STRATEGIES,
      }),
      deletedMeanwhile,
    ),
  );
  const changed =
    existing.default_strategy !== row.default_strategy ||
    existing.strategies.join() !== row.strategies.join() ||
    existing.number_of_positions !== row.number_of_positions ||
    (!isLive(existing) && isLive(row)) ||
    // Switched on again: the hourly recalculation skipped it while it was off.
    (!existing.is_active && row.is_active) ||
    (isLive(row) && !existing.is_ready && !existing.is_calculating) ||
    // Saved again after a failed calculation: the retry.
    (isLive(row) && existing.calculation_error !== null && !existing.is_calculating);
  // Switched off (or on) takes effect at once in this process; others reload within 3 s.
  forgetServingState(id);
  forgetSearchConfig(id);
  if (row.touchpoint_type !== "smart-search" && changed) await requestRecalculation({ touchpointId: id });
  return getTouchpoint(id);
}

export async function deleteTouchpoint(id: string): Promise<{ detail: string }> {
  await find(id);
  const prisma = await db();
  // Its additional strategies, impressions, promotion and wheel links go with it (cascade).
  await prisma.touchpoint.delete({ where: { touchpoint_id: id } });
  forgetServingState(id);
  return { detail: `Touchpoint ${id} was deleted.` };
}

/** Impressions (served content responses), clicks (click events naming the touchpoint) and CTR. */
export async function touchpointStats(id: string, days = 30) {
  await find(id);
  const prisma = await db();
  const since = new Date(Date.now() - days * 86_400_000);
  const [impressions, clicks] = await Promise.all([
    prisma.touchpointImpression.aggregate({
      where: { touchpoint_id: id, day: { gte: since } },
      _sum: { impressions: true },
    }),
    prisma.event.count({ where: { touchpoint_id: id, event_type: "click", timestamp: { gte: since } } }),
  ]);
  const shown = impressions._sum.impressions ?? 0;
  return {
    touchpoint_id: id,
    days,
    impressions: shown,
    clicks,
    ctr: shown ? Math.round((clicks / shown) * 10000) / 100 : 0,
  };
}
