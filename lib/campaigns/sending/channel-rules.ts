/**
 * Who may be sent a campaign of a channel, as SQL over customers c: the consent it needs and the
 * address it goes to.
 *   email:     email_consent, and an e-mail address
 *   sms:       sms_consent, and a phone number
 *   viber:     viber_consent, and a phone number
 *   viber_sms: viber_consent or sms_consent (either leg may deliver), and a phone number; a
 *              customer with SMS consent only is sent the SMS (fallback text) directly, one with
 *              Viber consent only gets no SMS fallback (deliver.ts, fallback.ts)
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

/**
 * Why a customer of the audience is left out of a send, or NULL when they may be sent it: no
 * consent, then no address, then the frequency cap (sent campaign messages on the channel since a
 * moment, at most cap; 0: no cap). `from` joins a relation a (customer_id, consent, address) to
 * its customers' recent messages, counted in one grouped pass over the window (a count per
 * customer would be one lookup per customer, a scan each where the planner has no statistics
 * yet); `excluded` is the CASE over it. The arguments are the SQL of the channel, the cap and the
 * moment (parameters as a rule).
 */
export function exclusionSql(p: { channel: string; cap: string; since: string }): { from: string; excluded: string } {
  return {
    from: `a LEFT JOIN (
        SELECT m.customer_id, COUNT(*) AS n FROM campaign_messages m
        WHERE ${p.cap}::int > 0 AND m.channel = ${p.channel}::text AND m.status = 'sent'
          AND m.sent_at > ${p.since}::timestamptz
        GROUP BY m.customer_id
      ) recent ON recent.customer_id = a.customer_id`,
    excluded: `CASE
        WHEN NOT a.consent THEN 'no_consent'
        WHEN a.address IS NULL THEN 'no_address'
        WHEN ${p.cap}::int > 0 AND COALESCE(recent.n, 0) >= ${p.cap}::int THEN 'capped'
      END`,
  };
}
