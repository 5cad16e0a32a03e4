import { getExport } from "@/lib/audiences/exports/list-exports";
import { getExportOp } from "@/lib/audiences/exports/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(getExportOp, ({ params }) => getExport(params.export_id));
