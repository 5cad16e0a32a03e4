/**
 * Effective consent: the feed's consent AND no suppression of the customer's address on the
 * channel (table suppressions, lib/campaigns/suppressions). Intake writes the feed's consent as
 * it comes; a suppression is never touched by intake, so an unsubscribe, a hard bounce or a
 * complaint holds whatever the next import says. Everything that reads consent (the customer
 * list, the audience filters and funnel, campaign preparation and the send-time check) reads it
 * through these expressions. Here, with the customer data, rather than in lib/campaigns: the
 * audience compiler reads it too and must not depend on the campaign area.
 *
 * Addresses are compared normalised: e-mail trimmed and lower-cased; a phone number with every
 * character but digits and a leading + removed ("0710 000-001" and "0710000001" are one).
 */

export const SUPPRESSION_CHANNELS = ["email", "sms", "viber"] as const;
export type SuppressionChannel = (typeof SUPPRESSION_CHANNELS)[number];

const CONSENT_COLUMN: Record<SuppressionChannel, string> = {
  email: "email_consent",
  sms: "sms_consent",
  viber: "viber_consent",
};

/** The address of a channel as stored in suppressions. */
export function normaliseAddress(channel: SuppressionChannel, address: string): string {
  if (channel === "email") return address.trim().toLowerCase();
  const trimmed = address.trim();
  const digits = trimmed.replace(/[^0-9]/g, "");
  return trimmed.startsWith("+") ? `+${digits}` : digits;
}

/** SQL of the same normalisation, over an address expression (NULL stays NULL). */
export function normalisedAddressSql(channel: SuppressionChannel, expr: string): string {
  if (channel === "email") return `lower(btrim(${expr}))`;
  return `(CASE WHEN btrim(${expr}) LIKE '+%' THEN '+' ELSE '' END || regexp_replace(${expr}, '[^0-9]', '', 'g'))`;
}

/** The customer's address column of a channel. */
export function addressColumn(channel: SuppressionChannel, alias = "c"): string {
  return channel === "email" ? `${alias}.email` : `${alias}.phone_number`;
}

/** SQL: the address expression is suppressed on the channel. */
export function suppressedSql(channel: SuppressionChannel, addressExpr: string): string {
  return `EXISTS (SELECT 1 FROM suppressions s WHERE s.channel = '${channel}' AND s.address = ${normalisedAddressSql(channel, addressExpr)})`;
}

/** SQL: customer `alias` may be sent messages of the channel (consent and not suppressed). */
export function effectiveConsentSql(channel: SuppressionChannel, alias = "c"): string {
  return `(${alias}.${CONSENT_COLUMN[channel]} AND NOT ${suppressedSql(channel, addressColumn(channel, alias))})`;
}
