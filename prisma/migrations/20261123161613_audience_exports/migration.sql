-- CreateTable
CREATE TABLE "audience_exports" (
    "export_id" TEXT NOT NULL,
    "audience_id" TEXT NOT NULL,
    "audience_name" TEXT NOT NULL DEFAULT '',
    "file_extension" TEXT NOT NULL,
    "extended" BOOLEAN NOT NULL DEFAULT false,
    "requested_by" TEXT NOT NULL,
    "recipient_email" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "rows_total" INTEGER NOT NULL DEFAULT 0,
    "rows_done" INTEGER NOT NULL DEFAULT 0,
    "file_bytes" BIGINT NOT NULL DEFAULT 0,
    "error" TEXT NOT NULL DEFAULT '',
    "link_expires_at" TIMESTAMPTZ(3),
    "email_sent_at" TIMESTAMPTZ(3),
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_started" TIMESTAMPTZ(3),
    "date_finished" TIMESTAMPTZ(3),

    CONSTRAINT "audience_exports_pkey" PRIMARY KEY ("export_id")
);

-- CreateTable
CREATE TABLE "audience_export_chunks" (
    "export_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "audience_export_chunks_pkey" PRIMARY KEY ("export_id","attempt","seq")
);

-- CreateIndex
CREATE INDEX "audience_exports_audience_id_date_created_idx" ON "audience_exports"("audience_id", "date_created");

-- CreateIndex
CREATE INDEX "audience_exports_status_link_expires_at_idx" ON "audience_exports"("status", "link_expires_at");

-- AddForeignKey
ALTER TABLE "audience_export_chunks" ADD CONSTRAINT "audience_export_chunks_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "audience_exports"("export_id") ON DELETE CASCADE ON UPDATE CASCADE;
