/**
 * Who may be sent a campaign of a channel, as SQL over customers c: the consent it needs and the
 * address it goes to.
 *   email:     email_consent, and an e-mail address
 *   sms:       sms_consent, and a phone number
 *   viber:     viber_consent, and a phone number
 *   viber_sms: viber_consent or sms_consent (either leg may deliver), and a phone number
 * An empty or blank address counts as none.
 */

import type { Channel } from "@/lib/messaging/send-message";
import type { ChannelType } from "../schemas";

export interface ChannelRule {
  consent: string;
  address: string;
  /** The provider channel a message goes out on (viber_sms: the Viber leg first). */
  sendAs: Channel;
}

const email = "NULLIF(btrim(c.email), '')";
const phone = "NULLIF(btrim(c.phone_number), '')";

export const CHANNEL_RULES: Record<ChannelType, ChannelRule> = {
  email: { consent: "c.email_consent", address: email, sendAs: "email" },
  sms: { consent: "c.sms_consent", address: phone, sendAs: "sms" },
  viber: { consent: "c.viber_consent", address: phone, sendAs: "viber" },
  viber_sms: { consent: "(c.viber_consent OR c.sms_consent)", address: phone, sendAs: "viber" },
};

export function channelRule(channel: string): ChannelRule {
  const rule = CHANNEL_RULES[channel as ChannelType];
  if (!rule) throw new Error(`unknown channel_type ${channel}`);
  return rule;
}
