-- A building model's last sign of life: on the embedded database (one shared session, no
-- advisory locks that die with a process) a build whose heartbeat is stale was interrupted.
ALTER TABLE "rec_models" ADD COLUMN "date_heartbeat" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
