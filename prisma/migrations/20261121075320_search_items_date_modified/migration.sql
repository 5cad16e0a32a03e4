-- CreateIndex
CREATE INDEX "items_date_modified_idx" ON "items"("date_modified");
