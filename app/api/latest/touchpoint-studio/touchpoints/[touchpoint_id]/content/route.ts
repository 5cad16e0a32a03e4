import { preflight } from "@/lib/http/cors";
import { validationError } from "@/lib/http/errors";
import { handle } from "@/lib/http/handler";
import { serveContentJson } from "@/lib/recommend/serve-content";
import { serveSearch } from "@/lib/search/serve-search";
import { contentOp } from "@/lib/touchpoints/operations";

export const GET = handle(contentOp, ({ params, query, headers }) => {
  if (query.term !== undefined) {
    const term = query.term.trim();
    if (!term) throw validationError([{ loc: ["query", "term"], msg: "must not be empty" }]);
    if (query.term.length > 200) throw validationError([{ loc: ["query", "term"], msg: "at most 200 characters" }]);
    // The searcher, when the shop says who it is, is kept on the search event (popularity, report).
    const who = headers.get("identity_value") ?? undefined;
    const isCookie = headers.get("identity_type") === "cookie_id";
    return serveSearch({
      touchpointId: params.touchpoint_id,
      term,
      offset: query.offset,
      limit: query.limit,
      preview: query.preview,
      ...(who ? (isCookie ? { cookieId: who } : { customerId: who }) : {}),
    });
  }
  return serveContentJson({
    touchpointId: params.touchpoint_id,
    identityValue: headers.get("identity_value"),
    identityType: headers.get("identity_type"),
    productHierarchyValue: query.product_hierarchy_level_value,
  });
});

// Browsers ask before sending Authorization or the identity headers (scope content: lib/http/cors.ts).
export const OPTIONS = preflight(contentOp);
