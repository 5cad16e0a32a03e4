-- AlterTable
ALTER TABLE "campaign_messages" ADD COLUMN     "fallback_first_failed_at" TIMESTAMPTZ(3),
ADD COLUMN     "fallback_interruptions" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "fallback_retry_at" TIMESTAMPTZ(3),
ADD COLUMN     "interruptions" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "message_feedback" DROP CONSTRAINT "message_feedback_pkey",
ADD CONSTRAINT "message_feedback_pkey" PRIMARY KEY ("send_id", "customer_id", "kind", "channel");
