-- CreateTable
CREATE TABLE "rec_models" (
    "model_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'building',
    "reason" TEXT NOT NULL DEFAULT '',
    "date_started" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_built" TIMESTAMPTZ(3),
    "last_event_id" BIGINT NOT NULL DEFAULT 0,
    "events" BIGINT NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "stats" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,

    CONSTRAINT "rec_models_pkey" PRIMARY KEY ("model_id")
);

-- CreateTable
CREATE TABLE "rec_model_chunks" (
    "model_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "rec_model_chunks_pkey" PRIMARY KEY ("model_id","seq")
);

-- CreateIndex
CREATE INDEX "rec_models_status_date_built_idx" ON "rec_models"("status", "date_built");

-- AddForeignKey
ALTER TABLE "rec_model_chunks" ADD CONSTRAINT "rec_model_chunks_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "rec_models"("model_id") ON DELETE CASCADE ON UPDATE CASCADE;
