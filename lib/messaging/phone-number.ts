/**
 * Phone numbers in E.164 (`+14155552671`), the form Twilio and Infobip take and the one intake
 * stores, read with libphonenumber-js: `+1 (415) 555-2671` and, with DEFAULT_PHONE_COUNTRY=US,
 * `(415) 555-2671` are `+14155552671`. A number libphonenumber-js does not hold valid for its
 * country (wrong length, a range no operator uses) is no phone number: undefined.
 */
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { env } from "@/lib/env";

/** The number in E.164, or undefined when it is not a valid phone number. */
export function toE164(
  raw: string,
  defaultCountry: string | undefined = env().DEFAULT_PHONE_COUNTRY,
): string | undefined {
  const text = raw.trim();
  if (!text || text.length > 40) return undefined;
  // "00" is the international prefix in most of the world: 00420... is +420...
  const international = text.replace(/^00(?=[1-9])/, "+");
  const parsed = parsePhoneNumberFromString(international, {
    defaultCountry: defaultCountry as CountryCode | undefined,
    extract: false,
  });
  return parsed?.isValid() ? parsed.number : undefined;
}
