/**
 * Query keys of the touchpoint studio (components/api/keys.ts holds the shared areas; these live
 * next to their hooks so this area's invalidations stay in one place).
 */
export interface ListParams {
  offset: number;
  limit: number;
  search?: string;
  type?: string;
}

export const touchpointKeys = {
  all: ["touchpoint-studio"] as const,
  strategies: () => [...touchpointKeys.all, "strategies"] as const,
  strategyList: (params: ListParams) => [...touchpointKeys.strategies(), "list", params] as const,
  strategy: (id: string) => [...touchpointKeys.strategies(), "one", id] as const,
  positions: () => [...touchpointKeys.all, "positions"] as const,
  positionList: (params: ListParams) => [...touchpointKeys.positions(), "list", params] as const,
  touchpoints: () => [...touchpointKeys.all, "touchpoints"] as const,
  touchpointList: (params: ListParams) => [...touchpointKeys.touchpoints(), "list", params] as const,
  touchpoint: (id: string) => [...touchpointKeys.touchpoints(), "one", id] as const,
  preview: (id: string, identity: PreviewParams) => [...touchpointKeys.touchpoint(id), "preview", identity] as const,
  stats: (id: string) => [...touchpointKeys.touchpoint(id), "stats"] as const,
  promotion: (id: string) => [...touchpointKeys.touchpoint(id), "promotion"] as const,
  segments: () => ["data", "segments"] as const,
};

export interface PreviewParams {
  identity_value: string;
  identity_type?: "customer_id" | "product_id" | "cookie_id";
  product_hierarchy_level_value?: string;
}
