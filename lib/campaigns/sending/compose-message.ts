/**
 * One recipient's message for the campaign's channel, every text personalised (./personalise.ts):
 * e-mail gets the subject and the text; SMS the text; Viber the text, with the button, its link,
 * the image and the validity for the provider (context); viber_sms is sent as its Viber leg,
 * carrying the SMS fallback text for the provider that falls back (not built yet).
 */
import type { CampaignGroup } from "@/lib/db/generated/client";
import type { OutgoingMessage } from "@/lib/messaging/send-message";
import { channelRule } from "./channel-rules";
import { fill, NOBODY, type Personalisation, valuesFor } from "./personalise";

export type GroupContent = Pick<
  CampaignGroup,
  | "channel_subject"
  | "channel_message_text"
  | "channel_button"
  | "channel_button_link"
  | "channel_image_url"
  | "channel_validity_period"
  | "channel_validity_unit"
  | "channel_fallback_message_text"
>;

/** The message of one recipient, its texts personalised. */
export function messageFor(
  channelType: string,
  group: GroupContent,
  to: string,
  p: Personalisation | undefined,
  context: Record<string, unknown>,
): OutgoingMessage {
  const values = valuesFor(p ?? NOBODY);
  const rule = channelRule(channelType);
  const text = fill(group.channel_message_text, values);
  if (rule.sendAs === "email") {
    return { channel: "email", to, subject: fill(group.channel_subject, values), body: text, context };
  }
  if (rule.sendAs === "viber") {
    return {
      channel: "viber",
      to,
      body: text,
      context: {
        ...context,
        button: fill(group.channel_button, values),
        button_link: fill(group.channel_button_link, values),
        image_url: fill(group.channel_image_url, values),
        validity: `${group.channel_validity_period ?? ""} ${group.channel_validity_unit ?? ""}`.trim(),
        // viber_sms: the SMS leg's text, for the provider that falls back (not built yet).
        ...(channelType === "viber_sms" ? { fallback_text: fill(group.channel_fallback_message_text, values) } : {}),
      },
    };
  }
  return { channel: "sms", to, body: text, context };
}
