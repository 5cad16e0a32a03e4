-- AlterTable
ALTER TABLE "wheel_links" ADD COLUMN     "date_invalid_notified" TIMESTAMPTZ(3);
