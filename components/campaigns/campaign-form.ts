/**
 * The campaign editor's form: a client-side copy of the rules of lib/campaigns/schemas.ts that a
 * form can check before the round trip (that schema parses timestamps with the server's TIMEZONE
 * setting, so it cannot run in the browser). The server stays the judge: its 422 errors are put
 * next to the fields by serverErrorPath. Times are the API's local date-times, edited with
 * datetime-local inputs ("YYYY-MM-DDTHH:MM").
 */
import { z } from "zod";
import type { ZCampaignInput } from "@/lib/campaigns/schemas";
import { ZViberButton } from "@/lib/messaging/sms-length";
import type { Campaign, CampaignGroup } from "./campaign-api";

export const CHANNEL_TYPES = [
  "email",
  "sms",
  "viber",
  "viber_sms",
] as const satisfies readonly Campaign["channel_type"][];
export const RECURRING_FREQUENCIES = ["none", "daily", "weekly", "monthly"] as const;
export const UTM_VALUES = ["campaign_id", "campaign_name", "customer_id", "channel", "abc_group"] as const;
export const VALIDITY_UNITS = ["MINUTES", "HOURS", "DAYS"] as const;
export const MAX_GROUPS = 3;
/** The tag of a control group (lib/campaigns/schemas.ts SKIP_CONTENT_TAG). */
export const SKIP_CONTENT = "skip-content";

const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "is required");

const ZGroupForm = z.object({
  /** The group's stored campaign_id (empty for a new group): fields the editor does not show are kept from it. */
  campaign_id: z.string(),
  abc_audience_percent: z.number().int().min(1, "at least 1").max(100),
  control: z.boolean(),
  channel_subject: z.string().max(500),
  channel_message_text: z.string().max(10_000),
  html_template_id: z.string().max(200),
  // The API's own rule (Viber's 30 characters), shared rather than copied.
  channel_button: ZViberButton,
  channel_button_link: z.string().max(2_000),
  channel_image_url: z.string().max(2_000),
  channel_validity_period: z.string().regex(/^\d{0,6}$/, "a whole number"),
  channel_validity_unit: z.enum(VALIDITY_UNITS).or(z.literal("")),
  channel_fallback_message_text: z.string().max(2_000),
  start_time: dateTime,
  end_time: dateTime,
  utm: z.array(z.enum(UTM_VALUES)),
});
export type TGroupForm = z.infer<typeof ZGroupForm>;
export type GroupField = keyof TGroupForm;

/** The fields each channel needs in a group that receives content (as the server checks them). */
export const REQUIRED_BY_CHANNEL: Record<Campaign["channel_type"], GroupField[]> = {
  email: ["channel_subject"],
  sms: ["channel_message_text"],
  viber: [
    "channel_message_text",
    "channel_button",
    "channel_button_link",
    "channel_image_url",
    "channel_validity_period",
    "channel_validity_unit",
  ],
  viber_sms: [
    "channel_message_text",
    "channel_button",
    "channel_button_link",
    "channel_image_url",
    "channel_validity_period",
    "channel_validity_unit",
    "channel_fallback_message_text",
  ],
};

export const ZCampaignForm = z
  .object({
    campaign_name: z.string().trim().min(1, "is required").max(200),
    author: z.string().max(200),
    sender: z.string().max(200),
    channel_type: z.enum(CHANNEL_TYPES),
    audiences_type: z.enum(["GENERIC", "AUDIENCE"]),
    audiences: z.array(z.string()).min(1, "choose at least one").max(100),
    recurring_frequency: z.enum(RECURRING_FREQUENCIES),
    recurring_until: z.string(),
    groups: z.array(ZGroupForm).min(1).max(MAX_GROUPS),
  })
  .superRefine((c, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const total = c.groups.reduce((sum, g) => sum + g.abc_audience_percent, 0);
    if (total !== 100) issue(["groups"], `the groups' percents must total 100 (they total ${total})`);
    c.groups.forEach((g, i) => {
      if (g.start_time && g.end_time && g.start_time >= g.end_time)
        issue(["groups", i, "end_time"], "must be after the start");
      if (g.control) return;
      for (const field of REQUIRED_BY_CHANNEL[c.channel_type]) {
        if (g[field] === "") issue(["groups", i, field], `is required for ${c.channel_type}`);
      }
      if (c.channel_type === "email" && g.channel_message_text === "" && g.html_template_id === "") {
        issue(["groups", i, "channel_message_text"], "write a body (or choose an HTML template)");
      }
    });
    if (c.recurring_frequency !== "none") {
      if (!c.recurring_until) issue(["recurring_until"], "is required for a recurring campaign");
      else if (c.groups.some((g) => g.start_time && c.recurring_until <= g.start_time)) {
        issue(["recurring_until"], "must be after the start");
      }
    }
  });
export type TCampaignForm = z.infer<typeof ZCampaignForm>;

/** Percents for n groups that total 100, the remainder on the first ones (3 -> 34, 33, 33). */
export function evenSplit(n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(100 / n) + (i < 100 % n ? 1 : 0));
}

/**
 * Sets group `index` to `value` and moves the difference onto the other groups, the last one
 * first (the one before when the last is edited), keeping each at least 1: the total stays 100.
 */
export function rebalance(percents: number[], index: number, value: number): number[] {
  const n = percents.length;
  if (n === 1) return [100];
  const out = [...percents];
  out[index] = Math.min(100 - (n - 1), Math.max(1, Math.round(Number.isFinite(value) ? value : 1)));
  const others = Array.from({ length: n }, (_, i) => i).filter((i) => i !== index);
  const order = index === n - 1 ? others.reverse() : [n - 1, ...others.filter((i) => i !== n - 1).reverse()];
  let deficit = 100 - out.reduce((a, b) => a + b, 0);
  for (const j of order) {
    if (deficit === 0) break;
    const current = out[j] ?? 1;
    const next = Math.min(100, Math.max(1, current + deficit));
    deficit -= next - current;
    out[j] = next;
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, "0");
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

export function newGroup(percent: number, from?: TGroupForm): TGroupForm {
  const start = new Date(Date.now() + 24 * 3600_000);
  start.setMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 7 * 24 * 3600_000);
  return {
    campaign_id: "",
    abc_audience_percent: percent,
    control: false,
    channel_subject: "",
    channel_message_text: "",
    html_template_id: "",
    channel_button: "",
    channel_button_link: "",
    channel_image_url: "",
    channel_validity_period: "",
    channel_validity_unit: "",
    channel_fallback_message_text: "",
    start_time: from?.start_time ?? localInput(start),
    end_time: from?.end_time ?? localInput(end),
    utm: from ? [...from.utm] : [],
  };
}

export function emptyForm(author: string): TCampaignForm {
  return {
    campaign_name: "",
    author,
    sender: "",
    channel_type: "email",
    audiences_type: "GENERIC",
    audiences: [],
    recurring_frequency: "none",
    recurring_until: "",
    groups: [newGroup(100)],
  };
}

/** "YYYY-MM-DDTHH:MM:SS" -> "YYYY-MM-DDTHH:MM" for a datetime-local input. */
const toInput = (value: string | null) => (value ? value.slice(0, 16) : "");
/** The input's value as the API's local date-time. */
const toApi = (value: string) => (value.length === 16 ? `${value}:00` : value);

export function formOf(c: Campaign): TCampaignForm {
  return {
    campaign_name: c.campaign_name,
    author: c.author,
    sender: c.sender,
    channel_type: c.channel_type,
    audiences_type: c.audiences_type,
    audiences: c.audiences,
    recurring_frequency: c.recurring.recurring_frequency,
    recurring_until: toInput(c.recurring.recurring_until),
    groups: c.campaign_details.map((g) => ({
      campaign_id: g.campaign_id,
      abc_audience_percent: g.abc_audience_percent,
      control: g.tags.includes(SKIP_CONTENT),
      channel_subject: g.channel_subject,
      channel_message_text: g.channel_message_text,
      html_template_id: g.html_template_id,
      channel_button: g.channel_button,
      channel_button_link: g.channel_button_link,
      channel_image_url: g.channel_image_url,
      channel_validity_period: g.channel_validity_period === null ? "" : String(g.channel_validity_period),
      channel_validity_unit: (VALIDITY_UNITS as readonly string[]).includes(g.channel_validity_unit ?? "")
        ? (g.channel_validity_unit as TGroupForm["channel_validity_unit"])
        : "",
      channel_fallback_message_text: g.channel_fallback_message_text,
      start_time: toInput(g.start_time),
      end_time: toInput(g.end_time),
      utm: g.utm.filter((u): u is TGroupForm["utm"][number] => (UTM_VALUES as readonly string[]).includes(u)),
    })),
  };
}

type BodyIn = z.input<typeof ZCampaignInput>;

/**
 * The API's body: the form's fields, plus what the editor does not show kept from the stored
 * campaign (is_draft, tags other than skip-content, recommended products, urls to shorten,
 * personalisation and promotion time), so saving does not drop them.
 */
export function bodyOf(form: TCampaignForm, stored?: Campaign): BodyIn {
  const kept = new Map<string, CampaignGroup>((stored?.campaign_details ?? []).map((g) => [g.campaign_id, g]));
  const channel = form.channel_type;
  const viber = channel === "viber" || channel === "viber_sms";
  const repeats = form.recurring_frequency !== "none";
  return {
    campaign_name: form.campaign_name,
    author: form.author.trim() || undefined,
    sender: form.sender,
    channel_type: channel,
    audiences_type: form.audiences_type,
    audiences: form.audiences,
    is_abc: form.groups.length > 1,
    is_draft: stored?.is_draft ?? false,
    recurring: {
      recurring_frequency: form.recurring_frequency,
      recurring_until: repeats && form.recurring_until ? toApi(form.recurring_until) : null,
      is_recurring: repeats,
    },
    campaign_details: form.groups.map((g) => {
      const old = kept.get(g.campaign_id);
      const tags = (old?.tags ?? []).filter((t) => t !== SKIP_CONTENT);
      // Fields of another channel are not sent: switching the channel leaves no stray content.
      return {
        abc_audience_percent: g.abc_audience_percent,
        tags: g.control ? [...tags, SKIP_CONTENT] : tags,
        channel_subject: channel === "email" ? g.channel_subject : "",
        channel_message_text: g.channel_message_text,
        html_template_id: channel === "email" ? g.html_template_id : "",
        channel_button: viber ? g.channel_button : "",
        channel_button_link: viber ? g.channel_button_link : "",
        channel_image_url: viber ? g.channel_image_url : "",
        channel_validity_period: viber && g.channel_validity_period ? Number(g.channel_validity_period) : null,
        channel_validity_unit: viber && g.channel_validity_unit ? g.channel_validity_unit : null,
        channel_fallback_message_text: channel === "viber_sms" ? g.channel_fallback_message_text : "",
        start_time: toApi(g.start_time),
        end_time: toApi(g.end_time),
        utm: g.utm,
        send_promotion_time: old?.send_promotion_time ?? null,
        // Personalised unless the stored group says otherwise (the API's default).
        is_personalized: old?.is_personalized ?? true,
        recommended_products: old?.recommended_products ?? [],
        urls_to_short: old?.urls_to_short ?? [],
      };
    }),
  };
}

/** Fields of the form whose change the server answers by clearing the approvals. */
export const KEEPS_APPROVAL: readonly (keyof TCampaignForm)[] = ["campaign_name", "author"];

/**
 * Where a server error's loc (["body", "campaign_details", 1, "channel_subject"]) belongs in the
 * form ("groups.1.channel_subject"), or undefined for the form's root.
 */
export function serverErrorPath(loc: (string | number)[]): string | undefined {
  const path = loc[0] === "body" ? loc.slice(1) : loc;
  const [head, index, field] = path;
  if (head === "campaign_details") {
    if (typeof index !== "number") return "groups";
    if (field === "tags") return `groups.${index}.control`;
    if (typeof field === "string" && field in newGroup(0)) return `groups.${index}.${field}`;
    return undefined;
  }
  if (head === "recurring") return path[1] === "recurring_until" ? "recurring_until" : "recurring_frequency";
  if (
    typeof head === "string" &&
    ["campaign_name", "author", "sender", "channel_type", "audiences_type", "audiences"].includes(head)
  ) {
    return head;
  }
  return undefined;
}
