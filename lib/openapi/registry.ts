/** Every API operation, for the OpenAPI document. A new area adds its operations module here. */
import * as exports from "@/lib/audiences/exports/operations";
import * as audiences from "@/lib/audiences/operations";
import * as audit from "@/lib/audit/operations";
import * as auth from "@/lib/auth/operations";
import * as campaigns from "@/lib/campaigns/operations";
import { estimateAudienceOp, previewMessageOp } from "@/lib/campaigns/preview";
import * as campaignReport from "@/lib/campaigns/report/operations";
import * as suppressions from "@/lib/campaigns/suppressions/operations";
import * as campaignTemplates from "@/lib/campaigns/template-operations";
import * as data from "@/lib/data/operations";
import * as system from "@/lib/health/operations";
import type { Operation } from "@/lib/http/operation";
import * as messaging from "@/lib/messaging/operations";
import * as recommend from "@/lib/recommend/operations";
import * as search from "@/lib/search/operations";
import * as touchpoints from "@/lib/touchpoints/operations";
import * as track from "@/lib/track/operations";
import * as reference from "./operations";

function collect(module: Record<string, unknown>): Operation[] {
  return Object.values(module).flatMap((value) => {
    if (value && typeof value === "object" && "method" in value && "path" in value) return [value as Operation];
    if (value && typeof value === "object") return collect(value as Record<string, unknown>);
    return [];
  });
}

export function allOperations(): Operation[] {
  return [
    auth,
    audit,
    data,
    touchpoints,
    track,
    recommend,
    audiences,
    exports,
    campaigns,
    campaignReport,
    suppressions,
    campaignTemplates,
    { previewMessageOp, estimateAudienceOp },
    messaging,
    search,
    system,
    reference,
  ].flatMap((m) => collect(m as Record<string, unknown>));
}
