-- CreateTable
CREATE TABLE "idempotency_keys" (
    "caller" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "claim" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("caller","key")
);

-- CreateIndex
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys"("expires");
