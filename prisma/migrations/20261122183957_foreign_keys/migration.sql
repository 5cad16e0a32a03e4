-- Referential integrity: foreign keys for every reference of the touchpoint studio, and the
-- additional strategies of a touchpoint in a table of their own, with their priority.
-- Works on existing databases: references that already dangle are removed first where they are
-- details of a touchpoint (its additional strategies, impressions, promotion, wheel links,
-- calculated lists); a touchpoint whose position or default strategy is gone keeps its row, and
-- its two keys are added NOT VALID then validated when nothing dangles (new writes are checked
-- either way).

-- The additional strategies, by priority, from the array column.
CREATE TABLE "touchpoint_strategies" (
    "touchpoint_id" TEXT NOT NULL,
    "strategy_id" TEXT NOT NULL,
    "priority" INTEGER NOT NULL,

    CONSTRAINT "touchpoint_strategies_pkey" PRIMARY KEY ("touchpoint_id","strategy_id")
);
INSERT INTO "touchpoint_strategies" ("touchpoint_id", "strategy_id", "priority")
SELECT kept.touchpoint_id, kept.strategy_id,
       (row_number() OVER (PARTITION BY kept.touchpoint_id ORDER BY kept.ordinal) - 1)::int
  FROM (SELECT DISTINCT ON (t.touchpoint_id, a.strategy_id) t.touchpoint_id, a.strategy_id, a.ordinal
          FROM "touchpoints" t, unnest(t.strategies) WITH ORDINALITY AS a(strategy_id, ordinal)
         WHERE EXISTS (SELECT 1 FROM "strategies" s WHERE s.strategy_id = a.strategy_id)
         ORDER BY t.touchpoint_id, a.strategy_id, a.ordinal) kept;
ALTER TABLE "touchpoints" DROP COLUMN "strategies";

CREATE INDEX "touchpoint_strategies_strategy_id_idx" ON "touchpoint_strategies"("strategy_id");
CREATE UNIQUE INDEX "touchpoint_strategies_touchpoint_id_priority_key" ON "touchpoint_strategies"("touchpoint_id", "priority");

-- The shared fallback list leaves rule_results (it belongs to no strategy).
CREATE TABLE "fallback_lists" (
    "list_name" TEXT NOT NULL,
    "item_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "date_computed" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fallback_lists_pkey" PRIMARY KEY ("list_name")
);
INSERT INTO "fallback_lists" ("list_name", "item_ids", "date_computed")
SELECT 'best-sellers', item_ids, date_computed FROM "rule_results" WHERE strategy_id = '__fallback__';

-- Details whose owner is gone.
DELETE FROM "rule_results" r WHERE NOT EXISTS (SELECT 1 FROM "strategies" s WHERE s.strategy_id = r.strategy_id);
DELETE FROM "touchpoint_impressions" i WHERE NOT EXISTS (SELECT 1 FROM "touchpoints" t WHERE t.touchpoint_id = i.touchpoint_id);
DELETE FROM "promotions" p WHERE NOT EXISTS (SELECT 1 FROM "touchpoints" t WHERE t.touchpoint_id = p.touchpoint_id);
DELETE FROM "wheel_links" w
 WHERE NOT EXISTS (SELECT 1 FROM "promotions" p WHERE p.promotion_id = w.promotion_id)
    OR NOT EXISTS (SELECT 1 FROM "touchpoints" t WHERE t.touchpoint_id = w.touchpoint_id);

CREATE INDEX "wheel_links_touchpoint_id_idx" ON "wheel_links"("touchpoint_id");

-- AddForeignKey
ALTER TABLE "touchpoints" ADD CONSTRAINT "touchpoints_position_fkey" FOREIGN KEY ("position") REFERENCES "positions"("position_id") ON DELETE RESTRICT ON UPDATE CASCADE NOT VALID;
ALTER TABLE "touchpoints" ADD CONSTRAINT "touchpoints_default_strategy_fkey" FOREIGN KEY ("default_strategy") REFERENCES "strategies"("strategy_id") ON DELETE RESTRICT ON UPDATE CASCADE NOT VALID;
DO $$
BEGIN
  ALTER TABLE "touchpoints" VALIDATE CONSTRAINT "touchpoints_position_fkey";
  ALTER TABLE "touchpoints" VALIDATE CONSTRAINT "touchpoints_default_strategy_fkey";
EXCEPTION WHEN foreign_key_violation THEN
  RAISE NOTICE 'a touchpoint names a position or default strategy that no longer exists; its keys check new writes only';
END $$;
ALTER TABLE "touchpoint_strategies" ADD CONSTRAINT "touchpoint_strategies_touchpoint_id_fkey" FOREIGN KEY ("touchpoint_id") REFERENCES "touchpoints"("touchpoint_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "touchpoint_strategies" ADD CONSTRAINT "touchpoint_strategies_strategy_id_fkey" FOREIGN KEY ("strategy_id") REFERENCES "strategies"("strategy_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "rule_results" ADD CONSTRAINT "rule_results_strategy_id_fkey" FOREIGN KEY ("strategy_id") REFERENCES "strategies"("strategy_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "touchpoint_impressions" ADD CONSTRAINT "touchpoint_impressions_touchpoint_id_fkey" FOREIGN KEY ("touchpoint_id") REFERENCES "touchpoints"("touchpoint_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_touchpoint_id_fkey" FOREIGN KEY ("touchpoint_id") REFERENCES "touchpoints"("touchpoint_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "wheel_links" ADD CONSTRAINT "wheel_links_promotion_id_fkey" FOREIGN KEY ("promotion_id") REFERENCES "promotions"("promotion_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "wheel_links" ADD CONSTRAINT "wheel_links_touchpoint_id_fkey" FOREIGN KEY ("touchpoint_id") REFERENCES "touchpoints"("touchpoint_id") ON DELETE CASCADE ON UPDATE CASCADE;
