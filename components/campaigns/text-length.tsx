"use client";
/**
 * The length of an SMS or Viber text as it is written: characters against the channel's limit,
 * and for SMS the encoding (GSM-7 or UCS-2, which characters forced it) and the number of parts
 * it is billed as (lib/messaging/sms-length.ts). Placeholders count as ten letters each; tracked
 * links become short links of about 40 characters when sent.
 */
import {
  SMS_MAX_CHARACTERS,
  smsLength,
  VIBER_MAX_CHARACTERS,
  withPlaceholderEstimate,
} from "@/lib/messaging/sms-length";

export function TextLength({ text, kind, id }: { text: string; kind: "sms" | "viber"; id?: string }) {
  const characters = [...text].length;
  const max = kind === "sms" ? SMS_MAX_CHARACTERS : VIBER_MAX_CHARACTERS;
  const over = characters > max;
  const estimate = smsLength(withPlaceholderEstimate(text));
  const hasPlaceholders = /\{ph_[^{}\s]*\}/.test(text);
  return (
    <p
      id={id}
      className={`mt-1 text-xs ${over ? "font-medium text-red-700" : "text-slate-500"}`}
      data-testid={`${kind}-length`}
      aria-live="polite"
    >
      <span>
        {characters.toLocaleString("en")} / {max.toLocaleString("en")} characters
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
          {hasPlaceholders && <span> · placeholders counted as 10 letters each</span>}
        </>
      )}
      {over && <span> · too long for {kind === "sms" ? "Twilio" : "Viber"}</span>}
    </p>
  );
}
