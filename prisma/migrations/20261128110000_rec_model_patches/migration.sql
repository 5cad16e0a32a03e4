-- Incremental updates of a ready build (lib/recommend/model-update.ts): each patch holds the
-- community and related rows of the items touched since the build (cumulative: the newest one
-- is all a process applies); they go with their build.
CREATE TABLE "rec_model_patches" (
    "model_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "last_event_id" BIGINT NOT NULL,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "data" BYTEA NOT NULL,
    "stats" JSONB NOT NULL DEFAULT '{}',
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rec_model_patches_pkey" PRIMARY KEY ("model_id","seq")
);

-- AddForeignKey
ALTER TABLE "rec_model_patches" ADD CONSTRAINT "rec_model_patches_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "rec_models"("model_id") ON DELETE CASCADE ON UPDATE CASCADE;
