-- AlterTable
ALTER TABLE "campaign_messages" ADD COLUMN     "first_failed_at" TIMESTAMPTZ(3);
