/** Job names: producers import these, never the handlers (lib/jobs/registry.ts). */
export const JOBS = {
  refreshPurchaseWindow: "customers.refresh-purchase-window",
  maintainEventPartitions: "events.maintain-partitions",
  loadDemo: "demo.load",
  calculateTouchpoint: "touchpoints.calculate",
  warmSearch: "touchpoints.warm-search",
  recalculateAll: "touchpoints.recalculate-all",
  sweepCalculations: "touchpoints.sweep-calculations",
  purgeIdempotencyKeys: "http.purge-idempotency-keys",
  buildModels: "recommend.build-models",
  checkModelEvents: "recommend.check-new-events",
  exportAudience: "audiences.export",
  purgeExports: "audiences.purge-exports",
  prepareSend: "campaigns.prepare-send",
  deliverSend: "campaigns.deliver-send",
  startDueCampaigns: "campaigns.start-due",
  sendFallbacks: "campaigns.send-fallbacks",
} as const;
