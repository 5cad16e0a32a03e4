-- CreateEnum
CREATE TYPE "Role" AS ENUM ('user', 'advanced', 'super');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "role" "Role" NOT NULL DEFAULT 'user',
    "password_hash" TEXT NOT NULL,
    "is_disabled" BOOLEAN NOT NULL DEFAULT false,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_clients" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'user',
    "client_id" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "created_by" TEXT NOT NULL DEFAULT '',
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_revoked" TIMESTAMPTZ(3),
    "last_used" TIMESTAMPTZ(3),

    CONSTRAINT "api_clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "items" (
    "item_id" TEXT NOT NULL,
    "item_name" TEXT NOT NULL DEFAULT '',
    "alternative_id" TEXT,
    "alternative_name" TEXT NOT NULL DEFAULT '',
    "simple_name" TEXT NOT NULL DEFAULT '',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "stock" INTEGER,
    "product_url" TEXT NOT NULL DEFAULT '',
    "product_price" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "original_price" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL DEFAULT '',
    "main_image" TEXT NOT NULL DEFAULT '',
    "images" JSONB NOT NULL DEFAULT '[]',
    "attributes" JSONB NOT NULL DEFAULT '[]',
    "categories" JSONB NOT NULL DEFAULT '[]',
    "descriptions" JSONB NOT NULL DEFAULT '[]',
    "custom" JSONB NOT NULL DEFAULT '[]',
    "is_synthetic" BOOLEAN NOT NULL DEFAULT false,
    "date_added" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "items_pkey" PRIMARY KEY ("item_id")
);

-- CreateTable
CREATE TABLE "customers" (
    "customer_id" TEXT NOT NULL,
    "first_name" TEXT NOT NULL DEFAULT '',
    "last_name" TEXT NOT NULL DEFAULT '',
    "vocative_name" TEXT NOT NULL DEFAULT '',
    "email" TEXT,
    "phone_number" TEXT,
    "gender" TEXT NOT NULL DEFAULT '',
    "age" INTEGER,
    "city" TEXT NOT NULL DEFAULT '',
    "country" TEXT NOT NULL DEFAULT '',
    "segment_id" TEXT NOT NULL DEFAULT '',
    "segment_name" TEXT NOT NULL DEFAULT '',
    "email_consent" BOOLEAN NOT NULL DEFAULT false,
    "sms_consent" BOOLEAN NOT NULL DEFAULT false,
    "viber_consent" BOOLEAN NOT NULL DEFAULT false,
    "clv_value" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "purchases_180d" INTEGER NOT NULL DEFAULT 0,
    "last_purchase_at" TIMESTAMPTZ(3),
    "is_synthetic" BOOLEAN NOT NULL DEFAULT false,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customers_pkey" PRIMARY KEY ("customer_id")
);

-- CreateTable
CREATE TABLE "customer_cookies" (
    "cookie_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,

    CONSTRAINT "customer_cookies_pkey" PRIMARY KEY ("cookie_id")
);

-- CreateTable
CREATE TABLE "events" (
    "id" BIGSERIAL NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "event_id" TEXT,
    "event_type" TEXT NOT NULL,
    "customer_id" TEXT,
    "cookie_id" TEXT,
    "item_id" TEXT,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "price" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "term" TEXT,
    "order_id" TEXT,
    "touchpoint_id" TEXT,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "discounts" (
    "discount_id" TEXT NOT NULL,
    "discount_name" TEXT NOT NULL DEFAULT '',
    "leaflet_id" TEXT NOT NULL DEFAULT '',
    "item_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "discount_percent" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "valid_from" TIMESTAMPTZ(3),
    "valid_to" TIMESTAMPTZ(3),
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "discounts_pkey" PRIMARY KEY ("discount_id")
);

-- CreateTable
CREATE TABLE "import_runs" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "received" INTEGER NOT NULL DEFAULT 0,
    "upserted" INTEGER NOT NULL DEFAULT 0,
    "rejected" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "actor" TEXT NOT NULL DEFAULT '',
    "date_started" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_finished" TIMESTAMPTZ(3),

    CONSTRAINT "import_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "system_state" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "system_state_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "api_clients_client_id_key" ON "api_clients"("client_id");

-- CreateIndex
CREATE INDEX "items_is_active_idx" ON "items"("is_active");

-- CreateIndex
CREATE INDEX "customers_segment_id_idx" ON "customers"("segment_id");

-- CreateIndex
CREATE INDEX "customer_cookies_customer_id_idx" ON "customer_cookies"("customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "events_dedupe_key_key" ON "events"("dedupe_key");

-- CreateIndex
CREATE INDEX "events_customer_id_event_type_timestamp_idx" ON "events"("customer_id", "event_type", "timestamp");

-- CreateIndex
CREATE INDEX "events_event_type_timestamp_idx" ON "events"("event_type", "timestamp");

-- CreateIndex
CREATE INDEX "events_item_id_event_type_idx" ON "events"("item_id", "event_type");

-- CreateIndex
CREATE INDEX "discounts_leaflet_id_idx" ON "discounts"("leaflet_id");

-- CreateIndex
CREATE INDEX "import_runs_date_started_idx" ON "import_runs"("date_started");
