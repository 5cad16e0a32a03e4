import { handle } from "@/lib/http/handler";
import { serveContent } from "@/lib/recommend/serve-content";
import { previewOp } from "@/lib/touchpoints/operations";

export const GET = handle(previewOp, ({ params, query }) =>
  serveContent({
    touchpointId: params.touchpoint_id,
    identityValue: query.identity_value ?? query.product_hierarchy_level_value ?? null,
    identityType: query.identity_type ?? (query.product_hierarchy_level_value ? "product_id" : null),
    preview: true,
  }),
);
