import { preflight } from "@/lib/http/cors";
import { handle } from "@/lib/http/handler";
import { trackEventsOp } from "@/lib/track/operations";
import { recordTrackedEvents } from "@/lib/track/record-tracked-events";

export const POST = handle(trackEventsOp, ({ body }) => recordTrackedEvents({ body }));

// Browsers ask before a JSON body or an Authorization header (scope content: lib/http/cors.ts).
export const OPTIONS = preflight(trackEventsOp);
