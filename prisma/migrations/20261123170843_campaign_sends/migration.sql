-- CreateTable
CREATE TABLE "campaign_sends" (
    "send_id" TEXT NOT NULL,
    "campaign_key" TEXT NOT NULL,
    "occurrence_at" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'Preparing',
    "audience" INTEGER NOT NULL DEFAULT 0,
    "excluded_no_consent" INTEGER NOT NULL DEFAULT 0,
    "excluded_no_address" INTEGER NOT NULL DEFAULT 0,
    "excluded_frequency_cap" INTEGER NOT NULL DEFAULT 0,
    "control" INTEGER NOT NULL DEFAULT 0,
    "targeted" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "fail_reason" TEXT,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_started" TIMESTAMPTZ(3),
    "date_finished" TIMESTAMPTZ(3),

    CONSTRAINT "campaign_sends_pkey" PRIMARY KEY ("send_id")
);

-- CreateTable
CREATE TABLE "campaign_messages" (
    "send_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "group_number" INTEGER NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimed_at" TIMESTAMPTZ(3),
    "provider_message_id" TEXT,
    "error" TEXT,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "campaign_messages_pkey" PRIMARY KEY ("send_id","customer_id")
);

-- CreateIndex
CREATE INDEX "campaign_sends_status_date_modified_idx" ON "campaign_sends"("status", "date_modified");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_sends_campaign_key_occurrence_at_key" ON "campaign_sends"("campaign_key", "occurrence_at");

-- CreateIndex
CREATE INDEX "campaign_messages_send_id_status_idx" ON "campaign_messages"("send_id", "status");

-- CreateIndex
CREATE INDEX "campaign_messages_customer_id_channel_sent_at_idx" ON "campaign_messages"("customer_id", "channel", "sent_at");

-- AddForeignKey
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_campaign_key_fkey" FOREIGN KEY ("campaign_key") REFERENCES "campaigns"("campaign_key") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_send_id_fkey" FOREIGN KEY ("send_id") REFERENCES "campaign_sends"("send_id") ON DELETE CASCADE ON UPDATE CASCADE;
