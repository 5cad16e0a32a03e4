-- CreateTable
CREATE TABLE "campaign_events" (
    "id" BIGSERIAL NOT NULL,
    "send_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "campaign_key" TEXT NOT NULL,
    "group_number" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "leg" TEXT NOT NULL DEFAULT '',
    "detail" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "campaign_events_campaign_key_kind_at_idx" ON "campaign_events"("campaign_key", "kind", "at");

-- CreateIndex
CREATE INDEX "campaign_events_send_id_customer_id_idx" ON "campaign_events"("send_id", "customer_id");
