-- AlterTable
ALTER TABLE "touchpoints" ADD COLUMN     "calculation_error" TEXT,
ADD COLUMN     "date_calculation_requested" TIMESTAMPTZ(3);
