import { handle } from "@/lib/http/handler";
import { serveContent } from "@/lib/recommend/serve-content";
import { previewOp } from "@/lib/touchpoints/operations";

export const GET = handle(previewOp, ({ params, query }) =>
  serveContent({
    touchpointId: params.touchpoint_id,
    // Without an identity, the product names the visitor too (a product page's preview).
    identityValue: query.identity_value ?? query.product_hierarchy_level_value ?? null,
    identityType:
      query.identity_type ?? (query.identity_value ? null : query.product_hierarchy_level_value ? "product_id" : null),
    productHierarchyValue: query.product_hierarchy_level_value,
    preview: true,
  }),
);
