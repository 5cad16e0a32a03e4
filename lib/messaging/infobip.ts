/**
 * Viber over Infobip's Viber Business Messages API, "Send Viber messages":
 * POST {INFOBIP_BASE_URL}/viber/2/messages with `Authorization: App <key>`
 * (https://www.infobip.com/docs/api/channels/viber/viber-business-messages/send-viber-messages;
 * the field names follow Infobip's OpenAPI as its client libraries carry it: ViberRequest,
 * ViberMessage, ViberOutboundTextContent, ViberOutboundImageContent, ViberButton,
 * ViberMessageOptions, ValidityPeriod, ViberWebhooks).
 *
 * Chosen over Infobip's omnichannel Messages API (/messages-api/1/messages), which could fail over
 * to SMS by itself: the SMS leg here is our own (lib/campaigns/sending/fallback.ts: its text,
 * consent check, tracking and exactly-once claim), so Infobip is asked for Viber only.
 *
 * One request per message:
 *   {messages: [{sender, destinations: [{to, messageId}], content, options, webhooks}]}
 * - content: TEXT {text, button?} or, with an image, IMAGE {mediaUrl, text, button?}; a button is
 *   {title, action} (its URL) and goes out only with both;
 * - options: {validityPeriod: {amount, timeUnit}, label: "PROMOTIONAL"}: Infobip does not deliver
 *   the message once its validity has passed (it reports EXPIRED), so a Viber message can never
 *   arrive after the SMS leg, which waits for that validity and a grace period for a late report.
 *   Infobip takes at most 48 hours (longer is cut to 48 h by Infobip; we send 48 h ourselves, so
 *   the SMS leg's wait and Infobip's expiry agree) and SECONDS, MINUTES or HOURS;
 * - destinations[].to: the number in E.164 without its +, as Infobip writes it; messageId: ours
 *   (the campaign message's deterministic id), so a message sent again after a crash carries the
 *   same id and its signed report URL (./receipt-links.ts) stays valid;
 * - webhooks.delivery.url: where Infobip posts the delivery report, signed per message.
 * Accepted messages are recorded in the outbox (./send-message.ts) with provider "infobip".
 */
import { z } from "zod";
import { env } from "@/lib/env";
import { newId } from "@/lib/http/ids";
import { toE164 } from "./phone-number";
import { ProviderError, postToProvider } from "./provider-error";
import { infobipCallbackUrl, receiptTarget } from "./receipt-links";
import type { Provider } from "./send-message";

const ZInfobipAnswer = z.object({
  messages: z.array(z.object({ messageId: z.string().min(1), status: z.unknown().optional() })).min(1),
});

/** Infobip's (and Viber's) longest validity. */
export const INFOBIP_MAX_VALIDITY_HOURS = 48;

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

export interface InfobipValidity {
  amount: number;
  timeUnit: "SECONDS" | "MINUTES" | "HOURS";
}

/** "24 HOURS" (compose-message.ts's validity) as Infobip's ValidityPeriod; days as hours, at most 48. */
export function infobipValidity(value: unknown): InfobipValidity | undefined {
  const match = /^(\d+)\s+(MINUTES|HOURS|DAYS)$/.exec(text(value) ?? "");
  if (!match) return undefined;
  const amount = Number(match[1]);
  if (!(amount > 0)) return undefined;
  const minutes = amount * (match[2] === "DAYS" ? 1440 : match[2] === "HOURS" ? 60 : 1);
  if (minutes >= INFOBIP_MAX_VALIDITY_HOURS * 60) return { amount: INFOBIP_MAX_VALIDITY_HOURS, timeUnit: "HOURS" };
  return match[2] === "MINUTES" ? { amount, timeUnit: "MINUTES" } : { amount: minutes / 60, timeUnit: "HOURS" };
}

/** The message's content: TEXT, or IMAGE when it has an image; the button when it has text and link. */
export function infobipContent(body: string, context: Record<string, unknown>) {
  const imageUrl = text(context.image_url);
  const title = text(context.button);
  const action = text(context.button_link);
  const messageText = body.trim() ? { text: body } : {};
  // Infobip takes an image with a button only with a text too.
  const button = title && action && (!imageUrl || body.trim()) ? { button: { title, action } } : {};
  if (imageUrl) return { type: "IMAGE" as const, mediaUrl: imageUrl, ...messageText, ...button };
  return { type: "TEXT" as const, text: body, ...button };
}

export function infobipProvider(): Provider {
  return {
    name: "infobip",
    deliveryReceipts: true,
    async send(message) {
      const settings = env();
      const messageId = message.messageId ?? newId("message");
      const to = toE164(message.to);
      if (!to) throw new ProviderError(`infobip: ${JSON.stringify(message.to)} is not a valid phone number`, false);
      const context = message.context ?? {};
      const target = receiptTarget(context, "viber");
      const validityPeriod = infobipValidity(context.validity);
      const body = {
        messages: [
          {
            // The campaign's Viber sender name when it has one (./sender.ts), else VIBER_SENDER.
            sender: message.sender || settings.VIBER_SENDER,
            destinations: [{ to: to.slice(1), messageId }],
            content: infobipContent(message.body, context),
            options: { ...(validityPeriod ? { validityPeriod } : {}), label: "PROMOTIONAL" },
            ...(target
              ? {
                  webhooks: {
                    delivery: { url: infobipCallbackUrl(messageId, target) },
                    contentType: "application/json",
                  },
                }
              : {}),
          },
        ],
      };
      const base = (settings.INFOBIP_BASE_URL ?? "").replace(/\/+$/, "");
      const answer = await postToProvider("infobip", `${base}/viber/2/messages`, {
        headers: {
          authorization: `App ${settings.INFOBIP_API_KEY ?? ""}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify(body),
      });
      const parsed = ZInfobipAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderError("infobip answered without a message id", false);
      const providerId = parsed.data.messages[0]?.messageId ?? messageId;
      return { providerId, context: { infobip_message_id: providerId } };
    },
  };
}
