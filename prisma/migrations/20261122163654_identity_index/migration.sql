-- CreateIndex
CREATE INDEX "customers_date_modified_idx" ON "customers"("date_modified");
