/**
 * A campaign's `sender` per channel, as it reaches the provider (empty: the setting's own):
 * - email: the From. A display name ("Shop News") keeps EMAIL_FROM's address under that name; an
 *   address ("news@shop.example" or "Shop News <news@shop.example>") must be on EMAIL_FROM's
 *   domain (checked when the campaign is saved: lib/campaigns/check-campaign-fields.ts), since
 *   mail from another domain fails its DKIM alignment and DMARC and lands in spam or is refused;
 * - sms: Twilio's From: an alphanumeric sender id (1 to 11 letters, digits or spaces, at least one
 *   letter; Twilio's rule), a number in E.164, or a Messaging Service SID (MG + 32 hex);
 * - viber: Infobip's `sender`, the Viber business sender name registered with Infobip (1 to 28
 *   characters, no control characters); Infobip refuses one not registered for the account.
 * In a viber_sms campaign it is the Viber leg's sender; the SMS leg goes from SMS_SENDER.
 */

const ADDRESS =
  /^[^\s@<>()",;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
/** Whether the text holds a control character (a header injection, or nothing a phone shows). */
const hasControl = (text: string) =>
  [...text].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

export interface EmailSender {
  name?: string;
  address?: string;
}

/** An e-mail sender as name and address; undefined when it is neither a name nor an address. */
export function parseEmailSender(value: string): EmailSender | undefined {
  const v = value.trim();
  if (!v) return {};
  if (hasControl(v)) return undefined;
  const bracketed = /^(.*?)\s*<([^<>]+)>$/.exec(v);
  if (bracketed) {
    const name = (bracketed[1] ?? "").trim().replace(/^"(.*)"$/, "$1");
    const address = (bracketed[2] ?? "").trim();
    if (!ADDRESS.test(address) || /[<>"\\]/.test(name)) return undefined;
    return name ? { name, address } : { address };
  }
  if (v.includes("@")) return ADDRESS.test(v) ? { address: v } : undefined;
  if (/[<>"\\]/.test(v)) return undefined;
  return { name: v };
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/** The From of a message: the sender over EMAIL_FROM (`base`, "Name <address>" or an address). */
export function emailFrom(base: string, sender: string | undefined): string {
  const parsed = sender ? parseEmailSender(sender) : undefined;
  if (!parsed || (!parsed.name && !parsed.address)) return base;
  const baseAddress = /<([^<>]+)>\s*$/.exec(base)?.[1]?.trim() ?? base.trim();
  const address = parsed.address ?? baseAddress;
  if (!parsed.name) return address;
  return `"${parsed.name.replace(/["\\]/g, "\\$&")}" <${address}>`;
}

const SMS_ALPHANUMERIC = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const MESSAGING_SERVICE = /^MG[0-9a-f]{32}$/i;

/** What is wrong with the sender for the channel, or undefined when it can be sent. */
export function senderProblem(channel: string, sender: string): string | undefined {
  if (sender === "") return undefined;
  if (sender !== sender.trim()) return "must not start or end with a space";
  if (channel === "email") {
    return parseEmailSender(sender)
      ? undefined
      : 'must be a display name ("Shop News"), an address, or "Name <address>"';
  }
  if (channel === "sms") {
    return SMS_ALPHANUMERIC.test(sender) || E164.test(sender) || MESSAGING_SERVICE.test(sender)
      ? undefined
      : "an SMS sender is an alphanumeric sender id (1 to 11 letters, digits or spaces, at least one letter), a number in E.164 (+14155552671) or a Twilio Messaging Service SID (MG...)";
  }
  if (channel === "viber" || channel === "viber_sms") {
    if (hasControl(sender)) return "must not hold control characters";
    return sender.length <= 28 ? undefined : "a Viber sender name has at most 28 characters";
  }
  return undefined;
}
