/**
 * Delivery receipts as the providers post them: the signature checked (403 otherwise), the
 * provider's status mapped to a campaign event, each recorded once
 * (lib/campaigns/sending/record-receipt.ts); a failure that is the address's (./delivery-outcome.ts:
 * by the providers' documented error codes) is a bounce and may suppress the phone number
 * (lib/campaigns/suppressions/record-feedback.ts), recorded in the receipt's own transaction: a
 * receipt is never kept without the suppression it calls for.
 */
import type { z } from "zod";
import { recordReceipt } from "@/lib/campaigns/sending/record-receipt";
import type { Feedback } from "@/lib/campaigns/suppressions/record-feedback";
import { env } from "@/lib/env";
import { forbidden } from "@/lib/http/errors";
import { type DeliveryOutcome, infobipOutcome, twilioOutcome } from "./delivery-outcome";
import type { ZInfobipReport, ZReceiptAnswer } from "./operations";
import { publicUrlOf, type ReceiptTarget, sameText, twilioSignature, validInfobipSignature } from "./receipt-links";

type Answer = z.infer<typeof ZReceiptAnswer>;

const TWILIO_KINDS: Record<string, "delivered" | "failed"> = {
  delivered: "delivered",
  failed: "failed",
  undelivered: "failed",
};

export async function receiveTwilioReceipt(opts: {
  url: string;
  signature: string | null;
  params: Record<string, string>;
  target: ReceiptTarget;
}): Promise<Answer> {
  const token = env().TWILIO_AUTH_TOKEN;
  if (!token) throw forbidden("Twilio is not configured (TWILIO_AUTH_TOKEN), so no callback can be verified.");
  const expected = twilioSignature(token, publicUrlOf(opts.url), opts.params);
  if (!opts.signature || !sameText(expected, opts.signature)) {
    throw forbidden("X-Twilio-Signature does not match this request.");
  }
  const sid = opts.params.MessageSid ?? opts.params.SmsSid ?? "";
  const status = (opts.params.MessageStatus ?? opts.params.SmsStatus ?? "").toLowerCase();
  const kind = TWILIO_KINDS[status];
  if (!sid || !kind) return { outcomes: [{ message_id: sid, status, outcome: "ignored" }] };
  const code = opts.params.ErrorCode;
  const delivery = twilioOutcome(status, code);
  const outcome = await recordReceipt({
    provider: "twilio",
    providerMessageId: sid,
    providerStatus: status,
    kind,
    ...opts.target,
    detail: kind === "failed" ? `twilio ${status}${code ? `: ErrorCode ${code}` : ""}` : `twilio ${status}`,
    feedback: bounceOf(delivery, opts.target, "twilio", code ?? "", `twilio ${status}`),
  });
  return { outcomes: [{ message_id: sid, status, outcome }] };
}

/**
 * A provider's failure that is the address's (./delivery-outcome.ts) becomes a bounce of the
 * message and, hard or a STOP, suppresses the phone number on the leg's channel; undefined for
 * any other outcome.
 */
function bounceOf(
  delivery: DeliveryOutcome | undefined,
  target: ReceiptTarget,
  source: string,
  code: string,
  detail: string,
): Omit<Feedback, "sendId" | "customerId"> | undefined {
  if (delivery !== "hard" && delivery !== "soft" && delivery !== "stop") return undefined;
  return {
    kind: delivery === "soft" ? "soft_bounce" : "hard_bounce",
    channel: target.leg === "viber" ? "viber" : "sms",
    source,
    status: code,
    detail,
    ...(delivery === "stop" && { reason: "stop_reply" as const }),
  };
}

const INFOBIP_KINDS: Record<string, "delivered" | "failed"> = {
  DELIVERED: "delivered",
  UNDELIVERABLE: "failed",
  REJECTED: "failed",
  EXPIRED: "failed",
};

export async function receiveInfobipReport(opts: {
  message: string;
  sig: string;
  target: ReceiptTarget;
  report: z.infer<typeof ZInfobipReport>;
}): Promise<Answer> {
  if (!validInfobipSignature(opts.message, opts.target, opts.sig)) {
    throw forbidden("The report URL's signature does not match.");
  }
  if (opts.report.results.some((r) => r.messageId !== opts.message)) {
    throw forbidden("This report URL is signed for another message id.");
  }
  const outcomes: Answer["outcomes"] = [];
  for (const result of opts.report.results) {
    const group = result.status.groupName.toUpperCase();
    const status = `${group}/${result.status.name}`;
    const kind = INFOBIP_KINDS[group];
    if (!kind) {
      outcomes.push({ message_id: result.messageId, status, outcome: "ignored" });
      continue;
    }
    const why = [result.status.description, result.error?.name, result.error?.description].filter(Boolean).join("; ");
    const code = result.error?.id !== undefined ? String(result.error.id) : "";
    const detail = `infobip ${status}${why ? `: ${why}` : ""}`;
    const outcome = await recordReceipt({
      provider: "infobip",
      providerMessageId: result.messageId,
      providerStatus: status,
      kind,
      ...opts.target,
      detail,
      feedback: bounceOf(infobipOutcome(group, result.error), opts.target, "infobip", code, detail),
    });
    outcomes.push({ message_id: result.messageId, status, outcome });
  }
  return { outcomes };
}
