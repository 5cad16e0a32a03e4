-- CreateTable
CREATE TABLE "positions" (
    "position_id" TEXT NOT NULL,
    "position_name" TEXT NOT NULL,
    "position_description" TEXT NOT NULL DEFAULT '',
    "is_predefined" BOOLEAN NOT NULL DEFAULT false,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "positions_pkey" PRIMARY KEY ("position_id")
);

-- CreateTable
CREATE TABLE "strategies" (
    "strategy_id" TEXT NOT NULL,
    "strategy_name" TEXT NOT NULL,
    "strategy_type" TEXT NOT NULL,
    "strategy_subtype" TEXT NOT NULL DEFAULT '',
    "strategy_goal" TEXT NOT NULL DEFAULT '',
    "author" TEXT NOT NULL DEFAULT '',
    "is_draft" BOOLEAN NOT NULL DEFAULT true,
    "is_active" BOOLEAN NOT NULL DEFAULT false,
    "is_general_filter" BOOLEAN NOT NULL DEFAULT false,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "segments" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "product_hierarchy_level_id" TEXT NOT NULL DEFAULT '',
    "product_hierarchy_level_value" TEXT NOT NULL DEFAULT '',
    "rules" JSONB NOT NULL DEFAULT '[]',
    "is_ready" BOOLEAN NOT NULL DEFAULT true,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "strategies_pkey" PRIMARY KEY ("strategy_id")
);

-- CreateTable
CREATE TABLE "touchpoints" (
    "touchpoint_id" TEXT NOT NULL,
    "touchpoint_name" TEXT NOT NULL,
    "touchpoint_type" TEXT NOT NULL,
    "touchpoint_subtype" TEXT NOT NULL DEFAULT '',
    "author" TEXT NOT NULL DEFAULT '',
    "channel" TEXT NOT NULL DEFAULT '',
    "position" TEXT NOT NULL,
    "default_strategy" TEXT NOT NULL,
    "strategies" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "number_of_positions" INTEGER NOT NULL DEFAULT 0,
    "is_draft" BOOLEAN NOT NULL DEFAULT true,
    "is_active" BOOLEAN NOT NULL DEFAULT false,
    "is_ready" BOOLEAN NOT NULL DEFAULT false,
    "is_calculating" BOOLEAN NOT NULL DEFAULT false,
    "is_using_fallback" BOOLEAN NOT NULL DEFAULT false,
    "date_calculated" TIMESTAMPTZ(3),
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "touchpoints_pkey" PRIMARY KEY ("touchpoint_id")
);

-- CreateTable
CREATE TABLE "rule_results" (
    "strategy_id" TEXT NOT NULL,
    "rule_index" INTEGER NOT NULL,
    "rule_type" TEXT NOT NULL,
    "item_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "date_computed" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rule_results_pkey" PRIMARY KEY ("strategy_id","rule_index")
);

-- CreateTable
CREATE TABLE "touchpoint_impressions" (
    "touchpoint_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "impressions" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "touchpoint_impressions_pkey" PRIMARY KEY ("touchpoint_id","day")
);

-- CreateTable
CREATE TABLE "promotions" (
    "promotion_id" TEXT NOT NULL,
    "touchpoint_id" TEXT NOT NULL,
    "author" TEXT NOT NULL DEFAULT '',
    "promotion_base_url" TEXT NOT NULL,
    "config" JSONB NOT NULL DEFAULT '[]',
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "promotions_pkey" PRIMARY KEY ("promotion_id")
);

-- CreateTable
CREATE TABLE "wheel_links" (
    "token" TEXT NOT NULL,
    "promotion_id" TEXT NOT NULL,
    "touchpoint_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL DEFAULT '',
    "phone_number" TEXT NOT NULL,
    "concept_id" TEXT NOT NULL DEFAULT '',
    "result" JSONB,
    "date_spun" TIMESTAMPTZ(3),
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wheel_links_pkey" PRIMARY KEY ("token")
);

-- CreateTable
CREATE TABLE "outbox_messages" (
    "message_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'sent',
    "context" JSONB NOT NULL DEFAULT '{}',
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_messages_pkey" PRIMARY KEY ("message_id")
);

-- CreateIndex
CREATE INDEX "touchpoints_position_idx" ON "touchpoints"("position");

-- CreateIndex
CREATE INDEX "touchpoints_default_strategy_idx" ON "touchpoints"("default_strategy");

-- CreateIndex
CREATE UNIQUE INDEX "promotions_touchpoint_id_key" ON "promotions"("touchpoint_id");

-- CreateIndex
CREATE INDEX "wheel_links_promotion_id_idx" ON "wheel_links"("promotion_id");

-- CreateIndex
CREATE INDEX "outbox_messages_date_created_idx" ON "outbox_messages"("date_created");

-- CreateIndex
CREATE INDEX "events_cookie_id_idx" ON "events"("cookie_id");

-- CreateIndex
CREATE INDEX "events_touchpoint_id_event_type_idx" ON "events"("touchpoint_id", "event_type");
