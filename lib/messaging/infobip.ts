/**
 * Viber over Infobip's Viber Business Messages API: POST {INFOBIP_BASE_URL}/viber/2/messages with
 * `Authorization: App <key>` and {messages: [{sender, destinations: [{to, messageId}], content,
 * validityPeriod, validityPeriodTimeUnit, webhooks: {delivery: {url}}}]}. The message id is ours
 * (the campaign message's deterministic id), so a message sent again after a crash carries the
 * same id and its signed report URL (./receipt-links.ts) stays valid. Accepted messages are
 * recorded in the outbox (./send-message.ts) with provider "infobip".
 */
import { z } from "zod";
import { env } from "@/lib/env";
import { newId } from "@/lib/http/ids";
import { ProviderError, postToProvider } from "./provider-error";
import { infobipCallbackUrl, receiptTarget } from "./receipt-links";
import type { Provider } from "./send-message";

const ZInfobipAnswer = z.object({
  messages: z.array(z.object({ messageId: z.string().min(1), status: z.unknown().optional() })).min(1),
});

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** "24 HOURS" (compose-message.ts's validity) as Infobip's period and unit. */
function validity(value: unknown): { validityPeriod: number; validityPeriodTimeUnit: string } | undefined {
  const match = /^(\d+)\s+(MINUTES|HOURS|DAYS)$/.exec(text(value) ?? "");
  if (!match) return undefined;
  const [, period, unit] = match;
  // Infobip's units are HOURS and MINUTES; days are given as hours.
  return unit === "DAYS"
    ? { validityPeriod: Number(period) * 24, validityPeriodTimeUnit: "HOURS" }
    : { validityPeriod: Number(period), validityPeriodTimeUnit: unit as string };
}

export function infobipProvider(): Provider {
  return {
    name: "infobip",
    async send(message) {
      const settings = env();
      const messageId = message.messageId ?? newId("message");
      const context = message.context ?? {};
      const target = receiptTarget(context, "viber");
      const imageUrl = text(context.image_url);
      const buttonText = text(context.button);
      const buttonUrl = text(context.button_link);
      const content = {
        type: "TEXT",
        text: message.body,
        ...(imageUrl ? { imageUrl } : {}),
        ...(buttonText && buttonUrl ? { buttonText, buttonUrl } : {}),
      };
      const body = {
        messages: [
          {
            sender: settings.VIBER_SENDER,
            destinations: [{ to: message.to.replace(/^\+/, ""), messageId }],
            content,
            ...validity(context.validity),
            ...(target ? { webhooks: { delivery: { url: infobipCallbackUrl(messageId, target) } } } : {}),
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
