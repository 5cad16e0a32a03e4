/**
 * Campaigns as the API takes and answers them (spec 2.7), and every rule a campaign's shape must
 * satisfy: the one source of validation, types and the OpenAPI document. Rules that need the
 * database (audiences exist) are in ./audience-size.ts; states in ./status.ts.
 */
import { z } from "zod";
import { env } from "@/lib/env";
import { parseTimestamp } from "@/lib/http/timestamps";
import { senderProblem } from "@/lib/messaging/sender";
import { channelLengthProblems, ZViberButton } from "@/lib/messaging/sms-length";
import { unknownPlaceholders } from "./placeholders";
import { groupTime, MAX_SPREAD_MS } from "./sending/occurrences";
import { CAMPAIGN_STATUSES } from "./status";
import { listedLink, shortLinkLength, textAsSent, URL_PATTERN } from "./tracking/short-links";

export const CHANNEL_TYPES = ["email", "viber", "sms", "viber_sms"] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const AUDIENCES_TYPES = ["GENERIC", "AUDIENCE"] as const;
export const RECURRING_FREQUENCIES = ["none", "daily", "weekly", "monthly"] as const;
export const UTM_VALUES = ["campaign_id", "campaign_name", "customer_id", "channel", "abc_group"] as const;
export const VALIDITY_UNITS = ["MINUTES", "HOURS", "DAYS"] as const;
export const MAX_GROUPS = 3;
/** A group with this tag is a control group: it receives nothing, so it needs no content. */
export const SKIP_CONTENT_TAG = "skip-content";
/** Products a message can show ({ph_product_1..5.*}): recommended_products holds at most this many. */
export const MAX_RECOMMENDED_PRODUCTS = 5;

/** A timestamp of the API (local date-time of TIMEZONE, or with an explicit offset) as an instant. */
const ZTimestamp = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const parsed = parseTimestamp(value);
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: "must be a date-time YYYY-MM-DDTHH:MM:SS" });
      return z.NEVER;
    }
    return parsed;
  })
  .describe("Local date-time YYYY-MM-DDTHH:MM:SS in TIMEZONE (or with an explicit offset)");

const text = (max: number) => z.string().max(max).default("");

export const ZCampaignDetailInput = z.object({
  channel_button: ZViberButton.default("").describe("Viber: the button's text, at most 30 characters (Viber's limit)"),
  channel_message_text: text(10_000).describe(
    "May hold placeholders (see the operation's description). SMS: at most 1,600 characters (Twilio's limit); Viber: at most 1,000",
  ),
  channel_fallback_message_text: text(2_000).describe("viber_sms: the SMS sent when Viber does not deliver"),
  channel_button_link: text(2_000),
  channel_image_url: text(2_000),
  channel_validity_period: z.number().int().min(1).max(100_000).nullable().default(null),
  channel_validity_unit: z.enum(VALIDITY_UNITS).nullable().default(null),
  html_template_id: text(200).describe(
    "E-mail: the template_id of an e-mail template (/campaigning-studio/templates) sent as the HTML part; empty for none",
  ),
  start_time: ZTimestamp,
  end_time: ZTimestamp,
  send_promotion_time: ZTimestamp.nullable()
    .default(null)
    .describe(
      "When this group's messages go out (in each occurrence of a recurring campaign: the same local time in TIMEZONE); null: at start_time. At or after start_time and before end_time. Each group sends at its own time: a campaign's send starts with its earliest group, and a later group's messages wait for theirs",
    ),
  tags: z.array(z.string().max(100)).max(50).default([]).describe("skip-content marks a control group"),
  is_personalized: z
    .boolean()
    .default(true)
    .describe(
      "true (default): each recipient's own message: {ph_customer.*} are the customer's fields and {ph_product_n.*} the customer's own recommended products (the recommendation engine's DEFAULT_RECOMMENDATION_KIND, topped up with the best sellers), after any recommended_products. false: one message for everyone: {ph_product_n.*} are recommended_products (then the best sellers) for every recipient, and {ph_customer.*} placeholders are refused, in its texts and in its HTML template (422 at is_personalized; a template changed since saving is refused likewise at approval and send-instant, and a send prepared anyway ends Not sent)",
    ),
  channel_subject: text(500),
  abc_audience_percent: z.number().int().min(1).max(100).describe("This group's share of the audience"),
  recommended_products: z
    .array(z.string().min(1).max(200))
    .max(MAX_RECOMMENDED_PRODUCTS)
    .default([])
    .describe(
      `item_ids (at most ${MAX_RECOMMENDED_PRODUCTS}, each an existing item: 422 at the id otherwise) shown first, in this order, in the products {ph_product_1..5.*}: with is_personalized they lead and the recipient's own recommendations follow; without, every recipient gets them (then the best sellers). Needs a text of the group that shows products ({ph_product_n.*}; 422 otherwise)`,
    ),
  urls_to_short: z
    .array(
      z
        .string()
        .max(2_000)
        .regex(/^https?:\/\/[^\s]+$/, "must be an http(s) URL"),
    )
    .max(50)
    .default([])
    .describe(
      "Links to shorten and track: empty (default) shortens every http(s) link of the texts (and of the template) to a tracked /r/<code> link; otherwise only links equal to, or starting with, one of these are shortened and tracked, and the others go out as written (untracked: their clicks are not counted). Each must be an http(s) URL and, in a group without a template or placeholders in its links, match a link of its texts (422 otherwise)",
    ),
  utm: z.array(z.enum(UTM_VALUES)).max(UTM_VALUES.length).default([]),
});
export type TCampaignDetailInput = z.infer<typeof ZCampaignDetailInput>;

export const ZRecurring = z.object({
  recurring_frequency: z.enum(RECURRING_FREQUENCIES).nullable().default("none"),
  recurring_until: ZTimestamp.nullable().default(null),
  is_recurring: z.boolean().default(false),
});

const ZCampaignShape = z.object({
  campaign_name: z.string().trim().min(1).max(200),
  audiences: z.array(z.string().min(1).max(200)).min(1).max(100).describe("Segment ids (GENERIC) or audience ids"),
  audiences_type: z
    .enum(AUDIENCES_TYPES)
    .describe("GENERIC: segment ids (all_customers: everyone); AUDIENCE: audiences"),
  channel_type: z.enum(CHANNEL_TYPES).describe("viber_sms: Viber with an SMS fallback"),
  is_abc: z.boolean().describe("True exactly when there are several groups"),
  sender: text(200).describe(
    'Who the messages come from (empty: the settings\' EMAIL_FROM, SMS_SENDER, VIBER_SENDER). email: a display name ("Shop News") shown with EMAIL_FROM\'s address, or an address / "Name <address>" on EMAIL_FROM\'s domain (another domain would fail DKIM and DMARC alignment: 422); sms: an alphanumeric sender id of 1 to 11 letters, digits or spaces with a letter, a number in E.164 or a Twilio Messaging Service SID; viber and viber_sms: the Viber sender name registered with Infobip (at most 28 characters); in viber_sms the SMS leg goes from SMS_SENDER',
  ),
  is_draft: z.boolean().default(false),
  is_approved: z.boolean().optional().describe("Ignored: approval goes through PUT .../approve"),
  author: z.string().max(200).optional().describe("Default: the caller"),
  recurring: ZRecurring.default({ recurring_frequency: "none", recurring_until: null, is_recurring: false }),
  campaign_details: z.array(ZCampaignDetailInput).min(1).max(MAX_GROUPS),
});

/** Fields a channel needs in every group that receives content. */
const REQUIRED_BY_CHANNEL: Record<ChannelType, (keyof TCampaignDetailInput)[]> = {
  email: ["channel_subject"],
  sms: ["channel_message_text"],
  viber: [
    "channel_message_text",
    "channel_button",
    "channel_button_link",
    "channel_image_url",
    "channel_validity_period",
  ],
  viber_sms: [
    "channel_message_text",
    "channel_button",
    "channel_button_link",
    "channel_image_url",
    "channel_validity_period",
    "channel_fallback_message_text",
  ],
};

/** Text fields whose {ph_...} placeholders must be known. */
export const PLACEHOLDER_FIELDS = [
  "channel_message_text",
  "channel_fallback_message_text",
  "channel_subject",
  "channel_button",
  "channel_button_link",
] as const;

const empty = (value: unknown) => value === null || value === undefined || value === "";

type Campaign = z.infer<typeof ZCampaignShape>;

/** The rules across fields, each reported at its field's loc. */
export function checkCampaign(c: Campaign, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
  const groups = c.campaign_details;
  const total = groups.reduce((sum, g) => sum + g.abc_audience_percent, 0);
  if (total !== 100) {
    issue(["campaign_details"], `abc_audience_percent of the groups must total 100 (they total ${total})`);
  }
  if (c.is_abc !== groups.length > 1) {
    issue(["is_abc"], `must be ${groups.length > 1} with ${groups.length} group${groups.length > 1 ? "s" : ""}`);
  }
  const problem = senderProblem(c.channel_type, c.sender);
  if (problem) issue(["sender"], problem);
  groups.forEach((g, i) => {
    if (g.start_time.getTime() >= g.end_time.getTime()) {
      issue(["campaign_details", i, "end_time"], "must be after start_time");
    }
    checkGroupFields(g, (field, message) => issue(["campaign_details", i, ...field], message));
    if (new Set(g.utm).size !== g.utm.length) issue(["campaign_details", i, "utm"], "lists a value twice");
    for (const field of PLACEHOLDER_FIELDS) {
      for (const name of unknownPlaceholders(g[field])) {
        issue(["campaign_details", i, field], `unknown placeholder ${name}`);
      }
    }
    if (g.tags.includes(SKIP_CONTENT_TAG)) return;
    for (const field of REQUIRED_BY_CHANNEL[c.channel_type]) {
      if (empty(g[field])) issue(["campaign_details", i, field], `is required for channel ${c.channel_type}`);
    }
    if (c.channel_type === "email" && empty(g.channel_message_text) && empty(g.html_template_id)) {
      issue(["campaign_details", i, "channel_message_text"], "e-mail needs channel_message_text or html_template_id");
    }
    if ((c.channel_type === "viber" || c.channel_type === "viber_sms") && empty(g.channel_validity_unit)) {
      issue(["campaign_details", i, "channel_validity_unit"], `is required for channel ${c.channel_type}`);
    }
    // Twilio's 1,600 characters, Viber's 1,000 (lib/messaging/sms-length.ts), of the texts as sent.
    for (const p of lengthProblems(c.channel_type, g)) issue(["campaign_details", i, p.field], p.message);
  });
  const r = c.recurring;
  const repeats = r.recurring_frequency !== null && r.recurring_frequency !== "none";
  if (r.is_recurring !== repeats) {
    issue(["recurring", "is_recurring"], `must be ${repeats} with recurring_frequency ${r.recurring_frequency}`);
  }
  if (repeats && !r.recurring_until) issue(["recurring", "recurring_until"], "is required for a recurring campaign");
  const start = Math.min(...groups.map((g) => g.start_time.getTime()));
  if (r.recurring_until && r.recurring_until.getTime() <= start) {
    issue(["recurring", "recurring_until"], "must be after the campaign's start_time");
  }
  // Every group of an occurrence sends before the next occurrence begins.
  const spread = repeats ? MAX_SPREAD_MS[r.recurring_frequency ?? ""] : undefined;
  if (spread !== undefined) {
    groups.forEach((g, i) => {
      if (groupTime(g).getTime() - start > spread) {
        const field = g.send_promotion_time ? "send_promotion_time" : "start_time";
        issue(
          ["campaign_details", i, field],
          `a ${r.recurring_frequency} campaign's groups send within ${spread / 3_600_000} hours of its first start_time (before the next occurrence begins)`,
        );
      }
    });
  }
}

/** Texts of a group that show what a message holds (where placeholders are filled). */
const CONTENT_FIELDS = [...PLACEHOLDER_FIELDS, "channel_image_url"] as const;
const LINK_FIELDS = [
  "channel_message_text",
  "channel_fallback_message_text",
  "channel_button_link",
  "channel_subject",
] as const;

export { listedLink };

/**
 * A group that is not personalised (one message for everyone) whose texts name a customer's field:
 * the problem, reported at is_personalized; undefined otherwise. The campaign and the preview alike.
 */
export function personalPlaceholderProblem(
  g: Pick<TCampaignDetailInput, "is_personalized" | (typeof CONTENT_FIELDS)[number]>,
): string | undefined {
  if (g.is_personalized) return undefined;
  for (const field of CONTENT_FIELDS) {
    const name = /\{ph_customer\.[^{}\s]*\}/.exec(g[field])?.[0];
    if (name) {
      return `is false (one message for everyone), but ${field} holds ${name}: set is_personalized true, or remove the placeholder`;
    }
  }
  return undefined;
}

/** The rules of send_promotion_time, is_personalized, recommended_products and urls_to_short. */
function checkGroupFields(g: TCampaignDetailInput, issue: (field: (string | number)[], message: string) => void) {
  const spt = g.send_promotion_time;
  if (spt && (spt.getTime() < g.start_time.getTime() || spt.getTime() >= g.end_time.getTime())) {
    issue(["send_promotion_time"], "must be at or after start_time and before end_time");
  }
  const texts = CONTENT_FIELDS.map((f) => g[f]);
  const personal = personalPlaceholderProblem(g);
  if (personal) issue(["is_personalized"], personal);
  const showsProducts = texts.some((t) => t.includes("{ph_product_"));
  if (g.recommended_products.length && !showsProducts && !g.html_template_id) {
    issue(
      ["recommended_products"],
      "no text of the group shows products ({ph_product_1.name} ...): they would not appear",
    );
  }
  g.recommended_products.forEach((id, j) => {
    if (g.recommended_products.indexOf(id) !== j) issue(["recommended_products", j], `lists ${id} twice`);
  });
  g.urls_to_short.forEach((url, j) => {
    if (g.urls_to_short.indexOf(url) !== j) issue(["urls_to_short", j], "lists this URL twice");
  });
  // Links known when saving: a template's, or a personalised one, are known only when sending.
  const linkTexts = LINK_FIELDS.map((f) => g[f]);
  if (!g.html_template_id && !linkTexts.some((t) => t.includes("{ph_"))) {
    const links = linkTexts.flatMap((t) => [...t.matchAll(URL_PATTERN)].map((m) => m[0]));
    g.urls_to_short.forEach((url, j) => {
      if (/^https?:\/\//.test(url) && !links.some((l) => listedLink([url], l))) {
        issue(["urls_to_short", j], "matches no link of the group's texts");
      }
    });
  }
}

/**
 * A group's texts over their channel's limit as they will be sent: tracked links as short links of
 * this service (PUBLIC_URL; the customer's and the link's ids estimated), placeholders as ten
 * letters (./tracking/short-links.ts textAsSent).
 */
export function lengthProblems(
  channelType: string,
  g: Pick<TCampaignDetailInput, "channel_message_text" | "channel_fallback_message_text" | "urls_to_short">,
) {
  const length = shortLinkLength({ base: env().PUBLIC_URL });
  const asSent = (text: string) => textAsSent(text, { shortLinkLength: length, urlsToShort: g.urls_to_short });
  return channelLengthProblems(
    channelType,
    {
      channel_message_text: asSent(g.channel_message_text),
      channel_fallback_message_text: asSent(g.channel_fallback_message_text),
    },
    `as sent, its tracked links as ${length}-character short links and placeholders as 10 letters`,
  );
}

export const ZCampaignInput = ZCampaignShape.superRefine(checkCampaign);
export type TCampaignInput = z.infer<typeof ZCampaignInput>;

export const ZCampaignDetail = z.object({
  campaign_id: z.string().describe("<YYYYMMDD>_cn_<name slug>_cl_<CLIENT_CODE>_ap_<percent>_ag_<group number>"),
  channel_button: z.string(),
  channel_message_text: z.string(),
  channel_fallback_message_text: z.string(),
  channel_button_link: z.string(),
  channel_image_url: z.string(),
  channel_validity_period: z.number().int().nullable(),
  channel_validity_unit: z.string().nullable(),
  channel_fallback_validity_period: z.number().int().nullable(),
  channel_fallback_validity_unit: z.string().nullable(),
  html_template_id: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  send_promotion_time: z.string().nullable(),
  tags: z.array(z.string()),
  is_personalized: z.boolean(),
  channel_subject: z.string(),
  abc_audience_percent: z.number().int(),
  recommended_products: z.array(z.string()),
  urls_to_short: z.array(z.string()),
  utm: z.array(z.string()),
  is_sent: z.boolean(),
  sending_status: z.string().describe("Not Sent on creation"),
  fail_reason: z.string().nullable(),
});

export const ZApprover = z.object({ user_email: z.string(), date_approved: z.string() });

export const ZCampaign = z.object({
  campaign_name: z.string(),
  audiences: z.array(z.string()),
  audiences_type: z.enum(AUDIENCES_TYPES),
  channel_type: z.enum(CHANNEL_TYPES),
  is_abc: z.boolean(),
  sender: z.string(),
  is_draft: z.boolean(),
  is_approved: z.boolean(),
  author: z.string(),
  recurring: z.object({
    recurring_frequency: z.enum(RECURRING_FREQUENCIES),
    recurring_until: z.string().nullable(),
    is_recurring: z.boolean(),
  }),
  campaign_details: z.array(ZCampaignDetail),
  status: z.enum(CAMPAIGN_STATUSES),
  audience_size: z.number().int().describe("Customers of the audiences when the campaign was last saved"),
  is_approved_by_user: z.boolean().describe("Whether the caller has approved it"),
  approved_by: z.array(ZApprover),
  approvals_left: z.number().int(),
  required_approvals: z.number().int(),
  date_created: z.string(),
  date_modified: z.string(),
  version: z
    .string()
    .describe(
      "The campaign's version, also the ETag of GET (quoted there): every change gives a new one. Send it as If-Match to approve exactly this version.",
    ),
  edited_by: z
    .array(z.string())
    .describe("Who wrote a version of it (creator, editors, editors of its audience or template): none may approve it"),
  is_edited_by_user: z.boolean().describe("Whether the caller wrote a version of it (and so cannot approve it)"),
  is_archived: z.boolean().describe("Archived: left out of lists unless archived=true or all is asked for"),
  date_archived: z.string().nullable(),
  warnings: z
    .array(z.string())
    .describe(
      "What an approver must know about whom it will reach, while it is Not approved or Approved: a draft audience (members not frozen, filters still editable), an audience not yet calculated, an audience or segments with no customers. Empty when none; the approval's answer repeats them.",
    ),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignSettings = z
  .object({
    required_approvals: z.number().int().min(1).max(20).describe("Approvals a campaign needs (default 1)"),
    large_audience_size: z
      .number()
      .int()
      .min(1)
      .nullable()
      .describe("Campaigns whose audience has more customers than this need large_audience_required_approvals"),
    large_audience_required_approvals: z.number().int().min(1).max(20).nullable(),
    frequency_cap_messages: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(3)
      .describe("Frequency cap: at most this many campaign messages per customer per channel (0: no cap; default 3)"),
    frequency_cap_days: z
      .number()
      .int()
      .min(1)
      .max(365)
      .default(7)
      .describe("Frequency cap: ... within this many days (default 7)"),
    soft_bounce_limit: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(3)
      .describe(
        "An e-mail address whose last this many campaign messages all soft-bounced (DSN Status 4.x.x) is suppressed (default 3); a hard bounce or a complaint suppresses at once",
      ),
    attribution_window_days: z
      .number()
      .int()
      .min(1)
      .max(90)
      .default(5)
      .describe(
        "The delivery report's attribution window: a recipient's purchases within this many days after its message was delivered (a control group's member: after its group's send time) count as the campaign's conversions (default 5)",
      ),
  })
  .superRefine((s, ctx) => {
    if ((s.large_audience_size === null) !== (s.large_audience_required_approvals === null)) {
      ctx.addIssue({
        code: "custom",
        path: ["large_audience_required_approvals"],
        message: "large_audience_size and large_audience_required_approvals are set together",
      });
    }
  });
export type TCampaignSettings = z.infer<typeof ZCampaignSettings>;
