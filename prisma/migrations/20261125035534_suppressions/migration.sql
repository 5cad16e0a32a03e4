-- CreateTable
CREATE TABLE "suppressions" (
    "suppression_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "customer_id" TEXT,
    "reason" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT '',
    "note" TEXT NOT NULL DEFAULT '',
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suppressions_pkey" PRIMARY KEY ("suppression_id")
);

-- CreateTable
CREATE TABLE "message_feedback" (
    "send_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT '',
    "detail" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_feedback_pkey" PRIMARY KEY ("send_id","customer_id","kind")
);

-- CreateIndex
CREATE INDEX "suppressions_customer_id_idx" ON "suppressions"("customer_id");

-- CreateIndex
CREATE INDEX "suppressions_date_created_idx" ON "suppressions"("date_created");

-- CreateIndex
CREATE UNIQUE INDEX "suppressions_channel_address_reason_key" ON "suppressions"("channel", "address", "reason");

-- CreateIndex
CREATE INDEX "message_feedback_channel_address_at_idx" ON "message_feedback"("channel", "address", "at");
