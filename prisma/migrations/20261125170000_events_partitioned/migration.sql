-- Events partitioned by month of "timestamp" (UTC), with a default partition for anything else.
-- A partitioned table's keys must hold its partition key: the primary key becomes (id, "timestamp")
-- and the re-import key (dedupe_key, "timestamp"). A hash key (h:, h2:) hashes the timestamp in, so
-- that keeps its meaning; a key the sender named (id:<event_id>) may come again with another
-- timestamp, so those are claimed in event_keys, unique by the key alone (lib/data/ingest-batch.ts).
-- The month partitions are made here for the months the stored events have; the service makes the
-- current and the next months at start and daily, and the months an import brings
-- (lib/data/event-partitions.ts).

ALTER TABLE "events" RENAME TO "events_unpartitioned";
ALTER TABLE "events_unpartitioned" DROP CONSTRAINT "events_pkey";
DROP INDEX "events_dedupe_key_key";
DROP INDEX "events_customer_id_event_type_timestamp_idx";
DROP INDEX "events_event_type_timestamp_idx";
DROP INDEX "events_item_id_event_type_idx";
DROP INDEX "events_cookie_id_idx";
DROP INDEX "events_touchpoint_id_event_type_idx";
ALTER SEQUENCE "events_id_seq" OWNED BY NONE;
-- PostgreSQL 18 (the embedded database) names NOT NULL constraints too: the old ones give way.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = '"events_unpartitioned"'::regclass AND contype = 'n' LOOP
    EXECUTE format('ALTER TABLE "events_unpartitioned" RENAME CONSTRAINT %I TO %I', c.conname, 'old_' || c.conname);
  END LOOP;
END $$;

CREATE TABLE "events" (
    "id" BIGINT NOT NULL DEFAULT nextval('events_id_seq'),
    "dedupe_key" TEXT NOT NULL,
    "event_id" TEXT,
    "event_type" TEXT NOT NULL,
    "customer_id" TEXT,
    "cookie_id" TEXT,
    "item_id" TEXT,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "price" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "term" TEXT,
    "order_id" TEXT,
    "touchpoint_id" TEXT,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id", "timestamp")
) PARTITION BY RANGE ("timestamp");
ALTER SEQUENCE "events_id_seq" OWNED BY "events"."id";

CREATE UNIQUE INDEX "events_dedupe_key_timestamp_key" ON "events"("dedupe_key", "timestamp");
CREATE INDEX "events_customer_id_event_type_timestamp_idx" ON "events"("customer_id", "event_type", "timestamp");
CREATE INDEX "events_event_type_timestamp_idx" ON "events"("event_type", "timestamp");
CREATE INDEX "events_item_id_event_type_idx" ON "events"("item_id", "event_type");
CREATE INDEX "events_cookie_id_idx" ON "events"("cookie_id");
CREATE INDEX "events_touchpoint_id_event_type_idx" ON "events"("touchpoint_id", "event_type");

CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;

-- One partition per month of the stored events (UTC), named events_YYYY_MM.
DO $$
DECLARE
  month timestamptz;
BEGIN
  FOR month IN
    SELECT DISTINCT date_trunc('month', "timestamp", 'UTC') FROM "events_unpartitioned"
  LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "events" FOR VALUES FROM (%L) TO (%L)',
      'events_' || to_char(month AT TIME ZONE 'UTC', 'YYYY_MM'),
      month,
      (month AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC'
    );
  END LOOP;
END $$;

INSERT INTO "events" SELECT * FROM "events_unpartitioned";

CREATE TABLE "event_keys" (
    "dedupe_key" TEXT NOT NULL,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_keys_pkey" PRIMARY KEY ("dedupe_key")
);
INSERT INTO "event_keys" ("dedupe_key", "timestamp")
SELECT "dedupe_key", "timestamp" FROM "events_unpartitioned" WHERE starts_with("dedupe_key", 'id:');

DROP TABLE "events_unpartitioned";

-- Retention keeps a customer's lifetime value: the value of the purchases it drops.
ALTER TABLE "customers" ADD COLUMN "clv_expired" DOUBLE PRECISION NOT NULL DEFAULT 0;
