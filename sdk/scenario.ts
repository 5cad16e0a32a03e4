/**
 * A whole integration through the typed SDK, as an integrator would write it (no casts): sign in,
 * a position, a strategy and a touchpoint, its content with identity headers, data intake, an
 * audience and its export, a campaign created by one user and approved by another, its report, and
 * the documented errors of bad input. tests/integration/sdk-scenario.test.ts runs it against the
 * real route handlers; lib/openapi/sdk.test.ts compiles it under tsc --strict.
 */
import { createLumenClient, type LumenClientOptions } from "./index";

export interface ScenarioOptions {
  baseUrl: string;
  fetch?: LumenClientOptions["fetch"];
  /** Two users: the campaign's author and its approver (an advanced user). */
  author: { username: string; password: string };
  approver: { username: string; password: string };
}

/** What the scenario saw, for a test to check. */
export interface ScenarioReport {
  steps: string[];
  campaignStatus: string;
  contentItems: number;
  invalidField: (string | number)[];
  unknownCampaign: string;
}

function fail(step: string, error: { code: string; detail: string } | undefined): never {
  throw new Error(`${step}: ${error ? `${error.code}: ${error.detail}` : "no answer"}`);
}

export async function scenario(options: ScenarioOptions): Promise<ScenarioReport> {
  const steps: string[] = [];
  const anonymous = createLumenClient({ baseUrl: options.baseUrl, fetch: options.fetch });

  async function signIn(who: { username: string; password: string }): Promise<string> {
    const { data, error } = await anonymous.POST("/auth/token", {
      body: { grant_type: "password", username: who.username, password: who.password },
    });
    if (!data) fail("sign in", error);
    return data.access_token;
  }
  const author = createLumenClient({ ...options, token: await signIn(options.author) });
  const approver = createLumenClient({ ...options, token: await signIn(options.approver) });
  const me = await author.GET("/auth/me");
  if (!me.data) fail("who am I", me.error);
  steps.push(`signed in as ${me.data.subject} (${me.data.role})`);

  // Data intake (the advanced role): items and customers.
  const items = await approver.POST("/data/items", {
    body: {
      items: [
        { item_id: "sdk-mug", item_name: "Red mug", product_price: 4.5, is_active: true },
        { item_id: "sdk-cup", item_name: "Blue cup", product_price: 3.9, is_active: true },
      ],
    },
  });
  if (!items.data) fail("items", items.error);
  const customers = await approver.POST("/data/customers", {
    body: {
      customers: [
        { customer_id: "sdk-ann", email: "ann@example.com", segment_id: "sdk-segment", email_consent: true },
        { customer_id: "sdk-bob", email: "bob@example.com", segment_id: "sdk-segment", email_consent: true },
      ],
    },
  });
  if (!customers.data) fail("customers", customers.error);
  steps.push("intake: 2 items, 2 customers");

  // A position, a strategy and a touchpoint, then its content.
  const position = await author.POST("/touchpoint-studio/rules/positions", {
    body: { position_name: "SDK home carousel" },
  });
  if (!position.data) fail("position", position.error);
  const strategy = await author.POST("/touchpoint-studio/rules/strategies", {
    body: {
      strategy_name: "SDK best sellers",
      strategy_type: "smart-recommender",
      strategy_subtype: "carousel",
      segments: ["all_customers"],
      rules: [{ rule_type: "best-sellers", positions: [0, 1], values: [] }],
    },
  });
  if (!strategy.data) fail("strategy", strategy.error);
  const touchpoint = await author.POST("/touchpoint-studio/rules/touchpoints", {
    body: {
      touchpoint_name: "SDK carousel",
      touchpoint_type: strategy.data.strategy_type,
      position: position.data.position_id,
      default_strategy: strategy.data.strategy_id,
      number_of_positions: 2,
      is_draft: false,
      is_active: true,
    },
  });
  if (!touchpoint.data) fail("touchpoint", touchpoint.error);
  const touchpointId = touchpoint.data.touchpoint_id;
  // Switched on as the studio does: a PUT of what was read, is_active true (it is then calculated).
  const {
    touchpoint_id,
    is_ready,
    is_calculating,
    is_using_fallback,
    calculation_error,
    date_created,
    date_modified,
    ...fields
  } = touchpoint.data;
  const live = await author.PUT("/touchpoint-studio/rules/touchpoints/{touchpoint_id}", {
    params: { path: { touchpoint_id: touchpointId } },
    body: { ...fields, is_draft: false, is_active: true },
  });
  if (!live.data) fail("activate touchpoint", live.error);
  steps.push(`touchpoint ${touchpoint_id} (${live.data.touchpoint_type}), calculating: ${live.data.is_calculating}`);
  let contentItems = -1;
  let lastError = "";
  for (let attempt = 0; attempt < 300 && contentItems < 0; attempt++) {
    const content = await author.GET("/touchpoint-studio/touchpoints/{touchpoint_id}/content", {
      params: {
        path: { touchpoint_id: touchpointId },
        header: { identity_value: "sdk-ann", identity_type: "customer_id" },
      },
    });
    if (content.data) contentItems = content.data.content.length;
    else if (content.error.code !== "not_ready") fail("content", content.error);
    else {
      lastError = content.error.detail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (contentItems < 0) throw new Error(`content never ready: ${lastError}`);
  steps.push(`content: ${contentItems} items`);

  // An audience and its export.
  const audience = await author.POST("/customer-studio/audiences", {
    body: {
      audience_name: "SDK segment",
      status: "created",
      is_dynamic: false,
      filters: [],
    },
  });
  if (!audience.data) fail("audience", audience.error);
  const exported = await author.GET("/customer-studio/audiences/{audience_id}/export", {
    params: { path: { audience_id: audience.data.audience_id }, query: { file_extension: "csv" } },
  });
  if (!exported.data) fail("export", exported.error);
  const exports = await author.GET("/customer-studio/audiences/{audience_id}/exports", {
    params: { path: { audience_id: audience.data.audience_id } },
  });
  if (!exports.data) fail("exports", exports.error);
  steps.push(`export ${exported.data.export.export_id}: ${exports.data.exports[0]?.status ?? "none"}`);

  // A campaign by the author, approved by another user against the version read.
  const created = await author.POST("/campaigning-studio/campaignings", {
    body: {
      campaign_name: "SDK news",
      audiences: ["sdk-segment"],
      audiences_type: "GENERIC",
      channel_type: "email",
      is_abc: false,
      sender: "Shop",
      recurring: { recurring_frequency: "none", recurring_until: null, is_recurring: false },
      campaign_details: [
        {
          channel_message_text: "Hello {ph_customer.first_name}",
          channel_subject: "News",
          start_time: "2030-12-01T10:00:00",
          end_time: "2030-12-01T18:00:00",
          abc_audience_percent: 100,
          utm: [],
        },
      ],
    },
  });
  if (!created.data) fail("campaign", created.error);
  const campaignId = created.data.campaign_details[0]?.campaign_id ?? "";
  const read = await approver.GET("/campaigning-studio/campaignings/{campaign_id}", {
    params: { path: { campaign_id: campaignId } },
  });
  if (!read.data) fail("read campaign", read.error);
  const etag = read.response.headers.get("etag") ?? "*";
  const approved = await approver.PUT("/campaigning-studio/campaignings/{campaign_id}/approve", {
    params: { path: { campaign_id: campaignId }, header: { "If-Match": etag } },
  });
  if (!approved.data) fail("approve", approved.error);
  const after = await author.GET("/campaigning-studio/campaignings/{campaign_id}", {
    params: { path: { campaign_id: campaignId } },
  });
  if (!after.data) fail("campaign after approval", after.error);
  const report = await author.GET("/campaigning-studio/insights/delivery-report", {
    params: { query: { campaign_id: campaignId } },
  });
  if (!report.data) fail("delivery report", report.error);
  steps.push(`campaign ${campaignId}: ${after.data.status}`);

  // The documented errors of bad input.
  const invalid = await author.POST("/touchpoint-studio/rules/positions", { body: { position_name: "" } });
  if (!invalid.error) throw new Error("an empty position_name was accepted");
  const unknown = await author.GET("/campaigning-studio/campaignings/{campaign_id}", {
    params: { path: { campaign_id: "no-such-campaign" } },
  });
  if (!unknown.error) throw new Error("an unknown campaign was found");
  return {
    steps,
    campaignStatus: after.data.status,
    contentItems,
    invalidField: invalid.error.errors?.[0]?.loc ?? [],
    unknownCampaign: unknown.error.code,
  };
}
