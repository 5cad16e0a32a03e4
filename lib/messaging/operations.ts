/** The providers' delivery receipt webhooks (see lib/http/operation.ts). */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";

const ZTarget = {
  send: z.string().min(1).max(200),
  customer: z.string().min(1).max(200),
  leg: z.enum(["sms", "viber"]),
};

export const ZReceiptOutcome = z.enum(["recorded", "replay", "unknown", "ignored"]);

export const ZReceiptAnswer = z.object({
  outcomes: z.array(z.object({ message_id: z.string(), status: z.string(), outcome: ZReceiptOutcome })),
});

export const twilioReceiptOp = defineOperation({
  method: "POST",
  path: "/webhooks/twilio/status",
  tag: "Messaging",
  summary: "Twilio message status callback",
  description:
    "Twilio's StatusCallback for campaign SMS (the URL the service gives Twilio names send, customer and leg). Form-encoded as Twilio posts it; X-Twilio-Signature (HMAC-SHA1 with TWILIO_AUTH_TOKEN over PUBLIC_URL + path + query and the sorted parameters) must match, else 403. MessageStatus delivered records a delivered event, failed and undelivered a failed one (ErrorCode in the detail); other statuses are ignored. The same MessageSid and MessageStatus posted again is recorded once (outcome `replay`). A failure whose ErrorCode says the number cannot receive messages (30005, 30006, 21211, 21612, 21614, 30004) is a hard bounce and suppresses the number for SMS at once; 21610 (the recipient replied STOP) suppresses it with reason stop_reply; 30003 and 30008 are soft bounces (suppressed after soft_bounce_limit in a row); other codes are failures that are not the address's.",
  auth: "public",
  audit: false, // a provider's delivery receipt: no signed-in actor, recorded in the delivery report
  acceptForm: true,
  query: z.object(ZTarget),
  // Lenient: every parameter Twilio posts is part of its signature.
  body: z.record(z.string(), z.string()),
  docBody: z.object({
    MessageSid: z.string(),
    MessageStatus: z.string(),
    ErrorCode: z.string().optional(),
    AccountSid: z.string().optional(),
  }),
  response: ZReceiptAnswer,
  errors: [403, 415],
});

export const ZInfobipReport = z.object({
  results: z
    .array(
      z.object({
        messageId: z.string().min(1),
        status: z.object({ groupName: z.string(), name: z.string().default(""), description: z.string().optional() }),
        error: z
          .object({
            id: z.number().int().optional(),
            groupId: z.number().int().optional(),
            groupName: z.string().optional(),
            name: z.string().optional(),
            description: z.string().optional(),
            permanent: z.boolean().optional(),
          })
          .nullish(),
      }),
    )
    .max(100),
});

export const infobipReceiptOp = defineOperation({
  method: "POST",
  path: "/webhooks/infobip",
  tag: "Messaging",
  summary: "Infobip Viber delivery report",
  description:
    "Infobip's delivery reports for campaign Viber messages. Infobip does not sign reports, so the URL the service gives it per message carries `message` and `sig` (HMAC-SHA256 with AUTH_SECRET of the message id, send, customer and leg); a wrong signature, or a report of another message id, is refused with 403. status.groupName DELIVERED records a delivered event; UNDELIVERABLE, REJECTED and EXPIRED a failed one (and start a viber_sms message's SMS leg at once); PENDING is ignored. The same messageId and status posted again is recorded once. A failure whose error is a handset error (error.groupId 1) is a bounce: hard when error.permanent (the phone number is then suppressed for Viber at once), else soft (suppressed after soft_bounce_limit in a row); an EXPIRED message without an error is a soft bounce.",
  auth: "public",
  audit: false, // a provider's delivery receipt: no signed-in actor, recorded in the delivery report
  query: z.object({ ...ZTarget, message: z.string().min(1).max(200), sig: z.string().min(1).max(200) }),
  body: ZInfobipReport,
  response: ZReceiptAnswer,
  errors: [403],
});
