import { listAuditLog } from "@/lib/audit/list-audit-log";
import { listAuditLogOp } from "@/lib/audit/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(listAuditLogOp, ({ query }) => listAuditLog({ query }));
