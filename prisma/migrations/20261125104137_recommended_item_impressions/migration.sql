-- Items placed by learned rule kinds in served content (not previews), counted per item and day:
-- what most-recommended-products ranks by. No foreign key to items: counts outlive a deleted item
-- (as events do) and the hot path's buffered write must not fail on one.
CREATE TABLE "recommended_item_impressions" (
    "item_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "impressions" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "recommended_item_impressions_pkey" PRIMARY KEY ("item_id","day")
);

CREATE INDEX "recommended_item_impressions_day_idx" ON "recommended_item_impressions"("day");
