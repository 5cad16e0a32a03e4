/**
 * How long a text message is, as the networks bill it (3GPP TS 23.038 / 23.040): a text of
 * characters in the GSM 03.38 default alphabet is GSM-7, one septet a character and two for the
 * extension table's ^ { } \ [ ] ~ | € (an escape and the character); 160 septets in one SMS, 153
 * per part when it is split (the user data header takes 7). Any other character (most accented
 * letters outside the alphabet, Cyrillic, emoji) makes the whole message UCS-2: 70 UTF-16 code
 * units in one SMS, 67 per part; an escape pair or a surrogate pair is never split across parts.
 *
 * Twilio takes a Body of at most 1,600 characters (error 21617); Viber business messages take
 * 1,000 and a button caption 30 (Infobip's documentation). Pure: the campaign editor counts as the
 * user types, the campaign API refuses texts over the limits (422 at the field).
 */
import { z } from "zod";

/** Twilio's longest Body. */
export const SMS_MAX_CHARACTERS = 1600;
/** Viber's longest text of a business message. */
export const VIBER_MAX_CHARACTERS = 1000;
/** Viber's longest button caption (Infobip refuses a longer one). */
export const VIBER_BUTTON_MAX_CHARACTERS = 30;

/**
 * A Viber button's caption, counted in characters as Viber counts them: the one rule the campaign
 * API (lib/campaigns/schemas.ts) and the editor's form (components/campaigns/campaign-form.ts) use.
 */
export const ZViberButton = z.string().refine((text) => [...text].length <= VIBER_BUTTON_MAX_CHARACTERS, {
  message: `a Viber button's text takes at most ${VIBER_BUTTON_MAX_CHARACTERS} characters`,
});

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENSION = "\f^{}\\[~]|€";

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SmsLength {
  encoding: SmsEncoding;
  /** Characters as the user sees them (code points). */
  characters: number;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  /** Parts the text is sent as (0 for an empty text). */
  segments: number;
  /** Units one part holds: 160/70 for a single part, 153/67 for each of several. */
  perSegment: number;
  /** Units left in the last part before another part starts. */
  remaining: number;
  /** The characters that forced UCS-2, each once (empty for GSM-7). */
  nonGsm: string[];
}

/** Whether every character is in the GSM 03.38 default alphabet or its extension table. */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return false;
  return true;
}

/** Parts greedily filled without splitting an item (an escape pair, a surrogate pair). */
function segmentsOf(sizes: number[], perPart: number): number {
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts++;
      used = 0;
    }
    used += size;
  }
  return parts;
}

/** The encoding, length and number of parts of an SMS text. */
export function smsLength(text: string): SmsLength {
  const chars = [...text];
  const gsm = isGsm7(text);
  const sizes = chars.map((ch) => (gsm ? (EXTENSION.has(ch) ? 2 : 1) : ch.length));
  const units = sizes.reduce((a, b) => a + b, 0);
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  const nonGsm = gsm ? [] : [...new Set(chars.filter((ch) => !BASIC.has(ch) && !EXTENSION.has(ch)))];
  if (units === 0) {
    return {
      encoding: gsm ? "GSM-7" : "UCS-2",
      characters: 0,
      units: 0,
      segments: 0,
      perSegment: single,
      remaining: single,
      nonGsm,
    };
  }
  if (units <= single) {
    return {
      encoding: gsm ? "GSM-7" : "UCS-2",
      characters: chars.length,
      units,
      segments: 1,
      perSegment: single,
      remaining: single - units,
      nonGsm,
    };
  }
  const segments = segmentsOf(sizes, multi);
  // What the last part holds: the greedy fill's remainder.
  let used = 0;
  for (const size of sizes) used = used + size > multi ? size : used + size;
  return {
    encoding: gsm ? "GSM-7" : "UCS-2",
    characters: chars.length,
    units,
    segments,
    perSegment: multi,
    remaining: multi - used,
    nonGsm,
  };
}

/**
 * The text as it will roughly go out, for counting while it is written: each {ph_...}
 * placeholder as ten letters (a first name, a price), since its braces are not sent.
 */
export function withPlaceholderEstimate(text: string): string {
  return text.replace(/\{ph_[^{}\s]*\}/g, "xxxxxxxxxx");
}

export interface LengthProblem {
  field: "channel_message_text" | "channel_fallback_message_text";
  message: string;
}

/**
 * Texts of a campaign group longer than their channel takes (Twilio 1,600; Viber 1,000). The
 * caller passes the texts as they will be sent (their links as the short links tracking makes
 * them: lib/campaigns/tracking/short-links.ts) and says so in `asSent`, which the messages quote.
 */
export function channelLengthProblems(
  channelType: string,
  group: { channel_message_text: string; channel_fallback_message_text: string },
  asSent = "",
): LengthProblem[] {
  const problems: LengthProblem[] = [];
  const over = (field: LengthProblem["field"], text: string, max: number, what: string) => {
    const length = [...text].length;
    if (length > max) {
      const has = `this has ${length.toLocaleString("en")}${asSent ? ` ${asSent}` : ""}`;
      problems.push({ field, message: `${what} takes at most ${max.toLocaleString("en")} characters (${has})` });
    }
  };
  if (channelType === "sms") over("channel_message_text", group.channel_message_text, SMS_MAX_CHARACTERS, "an SMS");
  if (channelType === "viber" || channelType === "viber_sms") {
    over("channel_message_text", group.channel_message_text, VIBER_MAX_CHARACTERS, "a Viber message");
  }
  if (channelType === "viber_sms") {
    over("channel_fallback_message_text", group.channel_fallback_message_text, SMS_MAX_CHARACTERS, "an SMS");
  }
  return problems;
}
