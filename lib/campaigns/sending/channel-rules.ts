/**
 * Who may be sent a campaign of a channel, as SQL over customers c: the consent it needs (the
 * effective consent: the feed's and no suppression of the address, lib/data/effective-consent.ts)
 * and the address it goes to.
 *   email:     email_consent, and an e-mail address
 *   sms:       sms_consent, and a phone number
 *   viber:     viber_consent, and a phone number
 *   viber_sms: viber_consent or sms_consent (either leg may deliver), and a phone number; a
 *              customer with SMS consent only is sent the SMS (fallback text) directly, one with
 *              Viber consent only gets no SMS fallback (deliver.ts, fallback.ts)
 * An empty or blank address counts as none.
 */

import { effectiveConsentSql } from "@/lib/data/effective-consent";
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

// Consent is the effective one: the feed's AND the address not suppressed on the channel.
export const CHANNEL_RULES: Record<ChannelType, ChannelRule> = {
  email: { consent: effectiveConsentSql("email"), address: email, sendAs: "email" },
  sms: { consent: effectiveConsentSql("sms"), address: phone, sendAs: "sms" },
  viber: { consent: effectiveConsentSql("viber"), address: phone, sendAs: "viber" },
  viber_sms: {
    consent: `(${effectiveConsentSql("viber")} OR ${effectiveConsentSql("sms")})`,
    address: phone,
    sendAs: "viber",
  },
};

export function channelRule(channel: string): ChannelRule {
  const rule = CHANNEL_RULES[channel as ChannelType];
  if (!rule) throw new Error(`unknown channel_type ${channel}`);
  return rule;
}

/**
 * Why a customer of the audience is left out of a send, or NULL when they may be sent it: no
 * consent, then no address, then the frequency cap (at most cap campaign messages on the channel:
 * those sent since a moment, and those prepared or being sent, queued or sending, which go out
 * now: so a campaign prepared while another's messages wait counts them; 0: no cap). Preparations
 * take turns per channel while the cap is on (./prepare.ts), so each sees the other's rows.
 * `from` joins a relation a (customer_id, consent, address) to
 * its customers' recent messages, counted in one grouped pass over the window (a count per
 * customer would be one lookup per customer, a scan each where the planner has no statistics
 * yet); `excluded` is the CASE over it. The arguments are the SQL of the channel, the cap and the
 * moment (parameters as a rule).
 */
export function exclusionSql(p: { channel: string; cap: string; since: string }): { from: string; excluded: string } {
  return {
    from: `a LEFT JOIN (
        SELECT r.customer_id, COUNT(*) AS n FROM (
          SELECT m.customer_id FROM campaign_messages m
          WHERE ${p.cap}::int > 0 AND m.channel = ${p.channel}::text AND m.status = 'sent'
            AND m.sent_at > ${p.since}::timestamptz
          UNION ALL
          SELECT m.customer_id FROM campaign_messages m
          WHERE ${p.cap}::int > 0 AND m.channel = ${p.channel}::text AND m.status IN ('queued', 'sending')
        ) r
        GROUP BY r.customer_id
      ) recent ON recent.customer_id = a.customer_id`,
    excluded: `CASE
        WHEN NOT a.consent THEN 'no_consent'
        WHEN a.address IS NULL THEN 'no_address'
        WHEN ${p.cap}::int > 0 AND COALESCE(recent.n, 0) >= ${p.cap}::int THEN 'capped'
      END`,
  };
}
