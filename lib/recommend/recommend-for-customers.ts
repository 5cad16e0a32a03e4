/**
 * Recommended products for many customers at once (customer lists and their exports): the shop's
 * default kind (DEFAULT_RECOMMENDATION_KIND, a learned kind, by default ai-community-based) from
 * the models, topped up with the best sellers (the touchpoints' shared fallback list), eligible
 * items only (active, in stock). Without any model build yet, one is queued and the best sellers
 * answer meanwhile.
 */
import { getDatabase } from "@/lib/db/client";
import { log } from "@/lib/log";
import { type LearnedKind, recommend } from "./engine/recommend";
import { ELIGIBLE } from "./item-filter";
import { DEFAULT_EXCLUDE_DAYS } from "./learned-kinds";
import { modelsForWork, requestModelBuild } from "./model-store";
import { FALLBACK_LIST, fallbackCandidates } from "./rule-candidates";

const POPULAR = 50;

async function bestSellers(): Promise<string[]> {
  const database = await getDatabase();
  const rows = await database.sql.query<{ item_ids: string[] }>(
    "SELECT item_ids FROM fallback_lists WHERE list_name = $1",
    [FALLBACK_LIST],
  );
  return (rows[0]?.item_ids ?? (await fallbackCandidates(database.sql))).slice(0, POPULAR);
}

export async function recommendedItems(
  customerIds: string[],
  n: number,
  kind: LearnedKind,
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (n <= 0 || customerIds.length === 0) return out;
  const database = await getDatabase();
  const loaded = await modelsForWork(database);
  if (!loaded) {
    await requestModelBuild("customer lists need recommendations", { anyModel: true }).catch((error) =>
      log.warn("could not queue a model build", { error: String(error) }),
    );
  }
  const now = Date.now();
  const personal = new Map<string, string[]>();
  for (const id of customerIds) {
    const user = loaded?.userNo.get(id);
    if (!loaded || user === undefined) continue;
    const picks = recommend(loaded.models, {
      kind,
      user,
      nowMs: now,
      excludeDays: DEFAULT_EXCLUDE_DAYS[kind],
      limit: n * 3,
    });
    personal.set(
      id,
      picks.map((p) => loaded.models.itemIds[p.item]!),
    );
  }
  const personalItems = [...personal.values()].flat();
  const eligibleOf = async (ids: string[]) =>
    new Set(
      (
        await database.sql.query<{ item_id: string }>(
          `SELECT i.item_id FROM items i WHERE i.item_id = ANY($1::text[]) AND ${ELIGIBLE}`,
          [[...new Set(ids)]],
        )
      ).map((r) => r.item_id),
    );
  let popular = await bestSellers();
  let eligible = await eligibleOf([...popular, ...personalItems]);
  // The stored list is as old as the last calculation: when too few of its items are still
  // eligible, the best sellers are ranked again now.
  if (popular.filter((id) => eligible.has(id)).length < n) {
    const fresh = (await fallbackCandidates(database.sql)).slice(0, POPULAR);
    popular = [...new Set([...popular, ...fresh])];
    eligible = await eligibleOf([...popular, ...personalItems]);
  }
  for (const id of customerIds) {
    const list: string[] = [];
    for (const item of [...(personal.get(id) ?? []), ...popular]) {
      if (list.length === n) break;
      if (eligible.has(item) && !list.includes(item)) list.push(item);
    }
    out.set(id, list);
  }
  return out;
}
