-- CreateTable
CREATE TABLE "campaign_links" (
    "id" BIGSERIAL NOT NULL,
    "send_id" TEXT NOT NULL,
    "url_hash" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "campaign_links_send_id_url_hash_key" ON "campaign_links"("send_id", "url_hash");
