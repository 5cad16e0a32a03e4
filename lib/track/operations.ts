/** The public events route (see lib/http/operation.ts): what the tracking snippet (lib/sdk) calls. */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { MAX_TRACK_BATCH, TRACK_BODY_LIMIT, ZTrackBody, ZTrackEvent, ZTrackResult } from "./schemas";

export const trackEventsOp = defineOperation({
  method: "POST",
  path: "/track/events",
  tag: "Tracking",
  summary: `Record up to ${MAX_TRACK_BATCH} events of one visitor (the shop's pages)`,
  description: `Scope content: the tracking snippet (GET /sdk.js) calls it with a publishable key (\`?key=pk_...\`, or \`Authorization: Bearer pk_...\`) from the key's allowed origins (CORS; OPTIONS answers preflights), rate limited per visitor and per key (429 with Retry-After). The body may be sent as application/json or as text/plain (navigator.sendBeacon, and a fetch without preflight). One visitor per request: cookie_id (the snippet's first-party cookie) and, once the visitor signed in, customer_id; the first request naming both links the cookie to the customer (spec 4.3 rule 5: the cookie's earlier events become the customer's and the content route recognises the cookie), and a cookie already linked keeps its customer. Each event is validated as an intake event (POST /data/events) on its own: the bad ones are answered by index. event_id makes sending again safe. Timestamps (ISO 8601 with an offset; default: arrival) are corrected by the browser's clock offset (sent_at) and must lie within the last 7 days. The events reach the recommendations at once: the learned kinds start from the visitor's views, carts, clicks and purchases recorded since the models were built (in the web process that received them). Nothing but events and the cookie's link is written. Body limit 64 KB.`,
  auth: "user",
  scope: "content",
  acceptTextJson: true,
  bodyLimit: TRACK_BODY_LIMIT,
  body: ZTrackBody,
  docBody: ZTrackBody.extend({ events: z.array(ZTrackEvent).max(MAX_TRACK_BATCH) }),
  response: ZTrackResult,
  // Events are history, counted (GET /data/overview) rather than audited per request, as impressions are.
  audit: false,
  errors: [403, 413, 415, 429],
});
