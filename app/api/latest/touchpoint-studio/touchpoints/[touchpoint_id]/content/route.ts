import { preflight } from "@/lib/http/cors";
import { validationError, zodFieldErrors } from "@/lib/http/errors";
import { handle } from "@/lib/http/handler";
import { serveContentJson } from "@/lib/recommend/serve-content";
import { serveSearch } from "@/lib/search/serve-search";
import { contentOp } from "@/lib/touchpoints/operations";

type IdentityType = "customer_id" | "product_id" | "cookie_id";

export const GET = handle(contentOp, ({ params, query, headers }) => {
  // The identity headers, checked with the schema the API document shows: a bad value is a 422 naming the header.
  // (No helper closure here: on the hot path each closure made per request costs, as tsx names it.)
  const checked = contentOp.headers!.safeParse({
    identity_value: headers.get("identity_value") ?? undefined,
    identity_type: headers.get("identity_type") ?? undefined,
  });
  if (!checked.success) throw validationError(zodFieldErrors(checked.error, ["header"]));
  const identity = checked.data as { identity_value?: string; identity_type?: IdentityType };
  if (query.term !== undefined) {
    const term = query.term.trim();
    if (!term) throw validationError([{ loc: ["query", "term"], msg: "must not be empty" }]);
    if (query.term.length > 200) throw validationError([{ loc: ["query", "term"], msg: "at most 200 characters" }]);
    // The searcher, when the shop says who it is, is kept on the search event (popularity, report).
    return serveSearch({
      touchpointId: params.touchpoint_id,
      term,
      offset: query.offset,
      limit: query.limit,
      preview: query.preview,
      final: query.final,
      identityValue: identity.identity_value,
      identityType: identity.identity_type,
    });
  }
  return serveContentJson({
    touchpointId: params.touchpoint_id,
    identityValue: identity.identity_value ?? null,
    identityType: identity.identity_type ?? null,
    productHierarchyValue: query.product_hierarchy_level_value,
  });
});

// Browsers ask before sending Authorization or the identity headers (scope content: lib/http/cors.ts).
export const OPTIONS = preflight(contentOp);
