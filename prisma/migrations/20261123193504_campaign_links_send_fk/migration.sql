-- Links of sends deleted before the key existed (a deleted campaign left them behind).
DELETE FROM "campaign_links" l WHERE NOT EXISTS (SELECT 1 FROM "campaign_sends" s WHERE s."send_id" = l."send_id");

-- AddForeignKey
ALTER TABLE "campaign_links" ADD CONSTRAINT "campaign_links_send_id_fkey" FOREIGN KEY ("send_id") REFERENCES "campaign_sends"("send_id") ON DELETE CASCADE ON UPDATE CASCADE;
