-- AlterTable
ALTER TABLE "campaign_messages" ADD COLUMN     "fallback_error" TEXT,
ADD COLUMN     "fallback_provider_message_id" TEXT,
ADD COLUMN     "fallback_sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "fallback_status" TEXT,
ADD COLUMN     "receipt_status" TEXT,
ADD COLUMN     "retry_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "provider_receipts" (
    "provider" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_receipts_pkey" PRIMARY KEY ("provider","message_id","status")
);

-- CreateIndex
CREATE INDEX "campaign_messages_channel_status_fallback_status_idx" ON "campaign_messages"("channel", "status", "fallback_status");
