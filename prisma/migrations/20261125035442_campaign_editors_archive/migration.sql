-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "archived_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "campaign_editors" (
    "campaign_key" TEXT NOT NULL,
    "editor_id" TEXT NOT NULL,
    "editor_email" TEXT NOT NULL,
    "date_edited" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_editors_pkey" PRIMARY KEY ("campaign_key","editor_id")
);

-- AddForeignKey
ALTER TABLE "campaign_editors" ADD CONSTRAINT "campaign_editors_campaign_key_fkey" FOREIGN KEY ("campaign_key") REFERENCES "campaigns"("campaign_key") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "campaign_messages" ADD COLUMN     "fallback_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "fallback_claimed_at" TIMESTAMPTZ(3);
