-- CreateTable
CREATE TABLE "campaigns" (
    "campaign_key" TEXT NOT NULL,
    "campaign_name" TEXT NOT NULL,
    "author" TEXT NOT NULL DEFAULT '',
    "created_by" TEXT NOT NULL,
    "channel_type" TEXT NOT NULL,
    "audiences_type" TEXT NOT NULL,
    "audiences" JSONB NOT NULL DEFAULT '[]',
    "audience_size" INTEGER NOT NULL DEFAULT 0,
    "sender" TEXT NOT NULL DEFAULT '',
    "is_draft" BOOLEAN NOT NULL DEFAULT false,
    "is_abc" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'Not approved',
    "required_approvals" INTEGER NOT NULL DEFAULT 1,
    "approvals_count" INTEGER NOT NULL DEFAULT 0,
    "is_recurring" BOOLEAN NOT NULL DEFAULT false,
    "recurring_frequency" TEXT NOT NULL DEFAULT 'none',
    "recurring_until" TIMESTAMPTZ(3),
    "start_time" TIMESTAMPTZ(3) NOT NULL,
    "end_time" TIMESTAMPTZ(3) NOT NULL,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("campaign_key")
);

-- CreateTable
CREATE TABLE "campaign_groups" (
    "campaign_id" TEXT NOT NULL,
    "campaign_key" TEXT NOT NULL,
    "group_number" INTEGER NOT NULL,
    "abc_audience_percent" INTEGER NOT NULL,
    "channel_button" TEXT NOT NULL DEFAULT '',
    "channel_message_text" TEXT NOT NULL DEFAULT '',
    "channel_fallback_message_text" TEXT NOT NULL DEFAULT '',
    "channel_button_link" TEXT NOT NULL DEFAULT '',
    "channel_image_url" TEXT NOT NULL DEFAULT '',
    "channel_validity_period" INTEGER,
    "channel_validity_unit" TEXT,
    "channel_fallback_validity_period" INTEGER,
    "channel_fallback_validity_unit" TEXT,
    "html_template_id" TEXT NOT NULL DEFAULT '',
    "start_time" TIMESTAMPTZ(3) NOT NULL,
    "end_time" TIMESTAMPTZ(3) NOT NULL,
    "send_promotion_time" TIMESTAMPTZ(3),
    "tags" JSONB NOT NULL DEFAULT '[]',
    "is_personalized" BOOLEAN NOT NULL DEFAULT false,
    "channel_subject" TEXT NOT NULL DEFAULT '',
    "recommended_products" JSONB NOT NULL DEFAULT '[]',
    "urls_to_short" JSONB NOT NULL DEFAULT '[]',
    "utm" JSONB NOT NULL DEFAULT '[]',
    "sending_status" TEXT NOT NULL DEFAULT 'Not Sent',
    "is_sent" BOOLEAN NOT NULL DEFAULT false,
    "fail_reason" TEXT,

    CONSTRAINT "campaign_groups_pkey" PRIMARY KEY ("campaign_id")
);

-- CreateTable
CREATE TABLE "campaign_approvals" (
    "campaign_key" TEXT NOT NULL,
    "approver_id" TEXT NOT NULL,
    "approver_email" TEXT NOT NULL,
    "date_approved" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_approvals_pkey" PRIMARY KEY ("campaign_key","approver_id")
);

-- CreateIndex
CREATE INDEX "campaigns_status_start_time_idx" ON "campaigns"("status", "start_time");

-- CreateIndex
CREATE INDEX "campaigns_date_modified_idx" ON "campaigns"("date_modified");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_groups_campaign_key_group_number_key" ON "campaign_groups"("campaign_key", "group_number");

-- AddForeignKey
ALTER TABLE "campaign_groups" ADD CONSTRAINT "campaign_groups_campaign_key_fkey" FOREIGN KEY ("campaign_key") REFERENCES "campaigns"("campaign_key") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_approvals" ADD CONSTRAINT "campaign_approvals_campaign_key_fkey" FOREIGN KEY ("campaign_key") REFERENCES "campaigns"("campaign_key") ON DELETE CASCADE ON UPDATE CASCADE;
