-- CreateTable
CREATE TABLE "email_templates" (
    "template_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "author" TEXT NOT NULL DEFAULT '',
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_templates_pkey" PRIMARY KEY ("template_id")
);

-- CreateIndex
CREATE INDEX "email_templates_date_modified_idx" ON "email_templates"("date_modified");
