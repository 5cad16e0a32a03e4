import { listSegmentsOp } from "@/lib/data/operations";
import { listSegments } from "@/lib/data/segments";
import { handle } from "@/lib/http/handler";

export const GET = handle(listSegmentsOp, ({ query }) => listSegments(query));
