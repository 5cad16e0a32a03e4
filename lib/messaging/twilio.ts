/**
 * SMS over Twilio's Programmable Messaging API, "Create a Message"
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * POST {TWILIO_BASE_URL}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To (E.164,
 * ./phone-number.ts), From (or MessagingServiceSid when SMS_SENDER is an MG... id), Body (at most
 * 1,600 characters, which the campaign editor enforces: ./sms-length.ts) and StatusCallback
 * (campaign messages, ./receipt-links.ts); HTTP basic auth sid:token. The answer's
 * `sid` is the provider's message id (kept in campaign_messages.provider_message_id). What was
 * accepted is recorded in the outbox (./send-message.ts) with provider "twilio".
 */
import { z } from "zod";
import { env } from "@/lib/env";
import { toE164 } from "./phone-number";
import { ProviderError, postToProvider } from "./provider-error";
import { receiptTarget, twilioCallbackUrl } from "./receipt-links";
import type { Provider } from "./send-message";

const ZTwilioAnswer = z.object({ sid: z.string().min(1), status: z.string().optional() });

export function twilioProvider(): Provider {
  return {
    name: "twilio",
    deliveryReceipts: true,
    async send(message) {
      const settings = env();
      const sid = settings.TWILIO_ACCOUNT_SID ?? "";
      // The campaign's sender id when it has one (./sender.ts), else SMS_SENDER.
      const sender = message.sender || settings.SMS_SENDER || "";
      const to = toE164(message.to);
      if (!to) throw new ProviderError(`twilio: ${JSON.stringify(message.to)} is not a valid phone number`, false);
      const form = new URLSearchParams({ To: to, Body: message.body });
      form.set(/^MG[0-9a-f]{32}$/i.test(sender) ? "MessagingServiceSid" : "From", sender);
      const target = receiptTarget(message.context, "sms");
      if (target) form.set("StatusCallback", twilioCallbackUrl(target));
      const base = settings.TWILIO_BASE_URL.replace(/\/+$/, "");
      const answer = await postToProvider(
        "twilio",
        `${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`,
        {
          headers: {
            authorization: `Basic ${Buffer.from(`${sid}:${settings.TWILIO_AUTH_TOKEN ?? ""}`).toString("base64")}`,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: form.toString(),
        },
      );
      const parsed = ZTwilioAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderError("twilio answered without a message sid", false);
      return { providerId: parsed.data.sid, context: { twilio_sid: parsed.data.sid } };
    },
  };
}
