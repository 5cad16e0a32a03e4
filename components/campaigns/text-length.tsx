"use client";
/**
 * The length of an SMS or Viber text as it will be sent: characters against the channel's limit,
 * and for SMS the encoding (GSM-7 or UCS-2, which characters forced it) and the number of parts
 * it is billed as (lib/messaging/sms-length.ts), counted on the text a send makes of it
 * (lib/campaigns/tracking/short-links.ts textAsSent, the rule the API validates with): each
 * tracked link (every link, or those urls_to_short lists) as the short link it becomes, a
 * product's url placeholder likewise, the other placeholders as ten letters. The short links are
 * this studio's address (the service's PUBLIC_URL behind the same host) and /r/<code>, the code's
 * ids estimated; the preview for a customer gives the exact count.
 */
import { useSyncExternalStore } from "react";
import { shortLinkLength, textAsSent, URL_PATTERN } from "@/lib/campaigns/tracking/short-links";
import { SMS_MAX_CHARACTERS, smsLength, VIBER_MAX_CHARACTERS } from "@/lib/messaging/sms-length";

const noSubscription = () => () => undefined;

/** The studio's origin in the browser; empty while rendered on the server. */
function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
}

export function TextLength({
  text,
  kind,
  id,
  urlsToShort = [],
}: {
  text: string;
  kind: "sms" | "viber";
  id?: string;
  urlsToShort?: readonly string[];
}) {
  const linkLength = shortLinkLength({ base: useOrigin() });
  const sent = textAsSent(text, { shortLinkLength: linkLength, urlsToShort });
  const characters = [...sent].length;
  const max = kind === "sms" ? SMS_MAX_CHARACTERS : VIBER_MAX_CHARACTERS;
  const over = characters > max;
  const estimate = smsLength(sent);
  const hasPlaceholders = /\{ph_[^{}\s]*\}/.test(text);
  const hasLinks = new RegExp(URL_PATTERN.source).test(text) || /\{ph_product_\d\.url\}/.test(text);
  return (
    <p
      id={id}
      className={`mt-1 text-xs ${over ? "font-medium text-red-700" : "text-slate-500"}`}
      data-testid={`${kind}-length`}
      aria-live="polite"
    >
      <span>
        {characters.toLocaleString("en")} / {max.toLocaleString("en")} characters as sent
      </span>
      {kind === "sms" && characters > 0 && (
        <>
          {" · "}
          <span data-testid="sms-segments">
            {estimate.encoding}, {estimate.segments} {estimate.segments === 1 ? "part" : "parts"} ({estimate.perSegment}{" "}
            per part, {estimate.remaining} left)
          </span>
          {estimate.encoding === "UCS-2" && estimate.nonGsm.length > 0 && (
            <span> · not in the GSM alphabet: {estimate.nonGsm.slice(0, 8).join(" ")}</span>
          )}
        </>
      )}
      {hasLinks && <span> · tracked links counted as {linkLength}-character short links</span>}
      {hasPlaceholders && <span> · placeholders counted as 10 letters each</span>}
      {over && <span> · too long for {kind === "sms" ? "Twilio" : "Viber"}</span>}
    </p>
  );
}
