-- AlterTable
ALTER TABLE "api_clients" ADD COLUMN     "allowed_origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "publishable_key" TEXT,
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY['studio']::TEXT[];

-- CreateIndex
CREATE UNIQUE INDEX "api_clients_publishable_key_key" ON "api_clients"("publishable_key");
