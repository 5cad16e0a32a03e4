/**
 * The resources the document names (components/schemas, referenced by $ref), so a generated client
 * has a `Campaign`, a `Strategy`, an `Audience` type. The ids are given here, in one list, rather
 * than in each area's schemas: the areas' zod schemas stay what they are (what they validate does
 * not change), and a reviewer sees every name the document exports at once. zod-openapi reads the
 * id from zod's global registry; a schema used both in requests and answers that renders
 * differently in each gets a second component, `<Name>Output`.
 */
import type { z } from "zod";
import { z as zod } from "zod";
import { ZCustomerRow } from "@/lib/audiences/audience-customers";
import { ZExport } from "@/lib/audiences/exports/schemas";
import {
  ZAudience,
  ZAudienceInput,
  ZAudienceUpdate,
  ZFilterGroupInput,
  ZFilterInput,
  ZFilterOut,
  ZGroupOut,
} from "@/lib/audiences/schemas";
import { ZAuditEntry } from "@/lib/audit/schemas";
import { ZApiClient, ZApiClientCreate } from "@/lib/auth/api-clients";
import { ZUserCreate } from "@/lib/auth/password-policy";
import { ZUser } from "@/lib/auth/users";
import { ZDeliveryReport } from "@/lib/campaigns/report/schemas";
import {
  ZCampaign,
  ZCampaignDetail,
  ZCampaignDetailInput,
  ZCampaignInput,
  ZCampaignSettings,
} from "@/lib/campaigns/schemas";
import { ZSuppression, ZSuppressionInput } from "@/lib/campaigns/suppressions/schemas";
import { ZTemplate, ZTemplateInput, ZTemplateSummary } from "@/lib/campaigns/template-schemas";
import { ZItemInput, ZItemView, ZSearchItem } from "@/lib/data/item-fields";
import { ZCustomerInput, ZDiscountInput, ZEventInput, ZIntakeResult } from "@/lib/data/schemas";
import { ZSegment } from "@/lib/data/segments";
import { ZModelBuild } from "@/lib/recommend/model-builds";
import { ZRule, ZRuleValue } from "@/lib/recommend/rule-schemas";
import { ZRecommenderContent, ZSearchContent } from "@/lib/touchpoints/operations";
import { ZPromotion, ZPromotionConfigInput } from "@/lib/touchpoints/promotion-schemas";
import {
  ZPosition,
  ZPositionInput,
  ZStrategy,
  ZStrategyInput,
  ZTouchpoint,
  ZTouchpointInput,
} from "@/lib/touchpoints/schemas";

/** Component name -> the zod schema; `input` names the request shape of the same resource. */
export const RESOURCES: { id: string; schema: z.ZodType; input?: string }[] = [
  { id: "RuleValue", schema: ZRuleValue },
  { id: "Rule", schema: ZRule },
  { id: "StrategyInput", schema: ZStrategyInput },
  { id: "Strategy", schema: ZStrategy, input: "StrategyInput" },
  { id: "PositionInput", schema: ZPositionInput },
  { id: "Position", schema: ZPosition, input: "PositionInput" },
  { id: "TouchpointInput", schema: ZTouchpointInput },
  { id: "Touchpoint", schema: ZTouchpoint, input: "TouchpointInput" },
  { id: "Content", schema: ZRecommenderContent },
  { id: "SearchContent", schema: ZSearchContent },
  { id: "Item", schema: ZItemView },
  { id: "SearchItem", schema: ZSearchItem },
  { id: "ItemInput", schema: ZItemInput },
  { id: "PromotionConfigInput", schema: ZPromotionConfigInput },
  { id: "PromotionConfig", schema: ZPromotion, input: "PromotionConfigInput" },
  { id: "CampaignDetailInput", schema: ZCampaignDetailInput },
  { id: "CampaignDetail", schema: ZCampaignDetail, input: "CampaignDetailInput" },
  { id: "CampaignInput", schema: ZCampaignInput },
  { id: "Campaign", schema: ZCampaign, input: "CampaignInput" },
  { id: "CampaignSettings", schema: ZCampaignSettings },
  { id: "DeliveryReport", schema: ZDeliveryReport },
  { id: "TemplateInput", schema: ZTemplateInput },
  { id: "TemplateSummary", schema: ZTemplateSummary },
  { id: "Template", schema: ZTemplate, input: "TemplateInput" },
  { id: "SuppressionInput", schema: ZSuppressionInput },
  { id: "Suppression", schema: ZSuppression, input: "SuppressionInput" },
  { id: "FilterInput", schema: ZFilterInput },
  { id: "Filter", schema: ZFilterOut, input: "FilterInput" },
  { id: "FilterGroupInput", schema: ZFilterGroupInput },
  { id: "FilterGroup", schema: ZGroupOut, input: "FilterGroupInput" },
  { id: "AudienceInput", schema: ZAudienceInput },
  { id: "AudienceUpdate", schema: ZAudienceUpdate },
  { id: "Audience", schema: ZAudience, input: "AudienceInput" },
  { id: "CustomerRow", schema: ZCustomerRow },
  { id: "Export", schema: ZExport },
  { id: "CustomerInput", schema: ZCustomerInput },
  { id: "EventInput", schema: ZEventInput },
  { id: "DiscountInput", schema: ZDiscountInput },
  { id: "IntakeResult", schema: ZIntakeResult },
  { id: "Segment", schema: ZSegment },
  { id: "ModelBuild", schema: ZModelBuild },
  { id: "ApiClientInput", schema: ZApiClientCreate },
  { id: "ApiClient", schema: ZApiClient, input: "ApiClientInput" },
  { id: "UserInput", schema: ZUserCreate },
  { id: "User", schema: ZUser, input: "UserInput" },
  { id: "AuditEntry", schema: ZAuditEntry },
];

let registered = false;

/** Gives each resource its id in zod's global registry (kept with whatever metadata it had). */
export function registerResources(): void {
  if (registered) return;
  registered = true;
  for (const { id, schema } of RESOURCES) {
    const meta = zod.globalRegistry.get(schema);
    if (meta?.id === id) continue;
    zod.globalRegistry.add(schema, { ...meta, id });
  }
}
