-- CreateTable
CREATE TABLE "audiences" (
    "audience_id" TEXT NOT NULL,
    "audience_name" TEXT NOT NULL,
    "author" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'draft',
    "is_dynamic" BOOLEAN NOT NULL DEFAULT false,
    "audience_type" TEXT NOT NULL DEFAULT 'customers',
    "recommendations_export" JSONB NOT NULL DEFAULT '{}',
    "filters" JSONB NOT NULL DEFAULT '[]',
    "counts" JSONB NOT NULL DEFAULT '[]',
    "audience_size" INTEGER NOT NULL DEFAULT 0,
    "is_ready" BOOLEAN NOT NULL DEFAULT false,
    "date_calculated" TIMESTAMPTZ(3),
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audiences_pkey" PRIMARY KEY ("audience_id")
);

-- CreateTable
CREATE TABLE "audience_members" (
    "audience_id" TEXT NOT NULL,
    "customer_id" TEXT NOT NULL,

    CONSTRAINT "audience_members_pkey" PRIMARY KEY ("audience_id","customer_id")
);

-- CreateIndex
CREATE INDEX "audiences_status_idx" ON "audiences"("status");

-- AddForeignKey
ALTER TABLE "audience_members" ADD CONSTRAINT "audience_members_audience_id_fkey" FOREIGN KEY ("audience_id") REFERENCES "audiences"("audience_id") ON DELETE CASCADE ON UPDATE CASCADE;
