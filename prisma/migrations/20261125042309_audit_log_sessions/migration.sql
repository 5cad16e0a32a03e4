-- CreateTable
CREATE TABLE "audit_log" (
    "audit_id" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "actor_role" TEXT NOT NULL DEFAULT '',
    "action" TEXT NOT NULL,
    "object_type" TEXT NOT NULL DEFAULT '',
    "object_id" TEXT NOT NULL DEFAULT '',
    "object_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "request_id" TEXT NOT NULL DEFAULT '',
    "summary" TEXT NOT NULL DEFAULT '',
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("audit_id")
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "session_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subject_kind" TEXT NOT NULL,
    "subject_id" TEXT NOT NULL,
    "date_created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "date_expires" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("session_id")
);

-- CreateIndex
CREATE INDEX "audit_log_date_created_idx" ON "audit_log"("date_created");

-- CreateIndex
CREATE INDEX "audit_log_actor_date_created_idx" ON "audit_log"("actor", "date_created");

-- CreateIndex
CREATE INDEX "audit_log_action_date_created_idx" ON "audit_log"("action", "date_created");

-- CreateIndex
CREATE INDEX "audit_log_object_ids_idx" ON "audit_log" USING GIN ("object_ids");

-- CreateIndex
CREATE INDEX "auth_sessions_subject_kind_subject_id_idx" ON "auth_sessions"("subject_kind", "subject_id");

-- CreateIndex
CREATE INDEX "auth_sessions_date_expires_idx" ON "auth_sessions"("date_expires");
