-- AlterTable
ALTER TABLE "items" ADD COLUMN     "additional_item_data" JSONB NOT NULL DEFAULT '{}';
