/**
 * Infobip's Viber Business Messages "Send Viber messages" as a local server
 * (https://www.infobip.com/docs/api/channels/viber/viber-business-messages/send-viber-messages):
 * POST /viber/2/messages, `Authorization: App <key>`, a JSON body. The body is checked against the
 * documented request (ZInfobipViberRequest, following Infobip's OpenAPI models ViberRequest,
 * ViberMessage, ViberOutboundTextContent / ViberOutboundImageContent, ViberButton,
 * ViberMessageOptions, ValidityPeriod, ViberWebhooks; strict: a field Infobip does not read, or
 * one in the wrong place, is refused with 400 BAD_REQUEST and kept in `malformed`). An accepted
 * request is answered 200 with each destination's messageId and a PENDING status, as Infobip does.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { answer, type FakeServer, issuesOf, startFake } from "./fake-provider";

const ZButton = z.strictObject({
  title: z.string().min(1).max(30),
  action: z.url(),
});

const ZTextContent = z.strictObject({
  type: z.literal("TEXT"),
  text: z.string().min(1).max(1000),
  button: ZButton.optional(),
});

const ZImageContent = z.strictObject({
  type: z.literal("IMAGE"),
  mediaUrl: z.url(),
  text: z.string().min(1).max(1000).optional(),
  button: ZButton.optional(),
  showImageInFullScreen: z.boolean().optional(),
});

const ZValidityPeriod = z
  .strictObject({
    amount: z.number().int().positive(),
    timeUnit: z.enum(["SECONDS", "MINUTES", "HOURS"]).optional(),
  })
  .refine(
    (v) => v.amount * ({ SECONDS: 1, MINUTES: 60, HOURS: 3600 } as const)[v.timeUnit ?? "MINUTES"] >= 30,
    "Viber's shortest validity is 30 seconds",
  );

const ZDeliveryReporting = z.strictObject({
  url: z.url().optional(),
  intermediateReport: z.boolean().optional(),
  notify: z.boolean().optional(),
  receiveTriggeredFailoverReports: z.boolean().optional(),
});

export const ZInfobipViberMessage = z.strictObject({
  sender: z.string().min(1),
  destinations: z
    .array(
      z.strictObject({
        to: z.string().regex(/^[1-9]\d{6,14}$/, "an international number without + (e.g. 385977666618)"),
        messageId: z.string().min(1).max(200).optional(),
      }),
    )
    .min(1),
  content: z
    .discriminatedUnion("type", [ZTextContent, ZImageContent])
    .refine(
      (c) => c.type !== "IMAGE" || !c.button || c.text !== undefined,
      "an image with a button needs a text as well",
    ),
  options: z
    .strictObject({
      platform: z.strictObject({ entityId: z.string().optional(), applicationId: z.string().optional() }).optional(),
      validityPeriod: ZValidityPeriod.optional(),
      deliveryTimeWindow: z.unknown().optional(),
      campaignReferenceId: z.string().max(255).optional(),
      label: z.enum(["TRANSACTIONAL", "PROMOTIONAL"]).optional(),
      applySessionRate: z.boolean().optional(),
      toPrimaryDeviceOnly: z.boolean().optional(),
      trackingData: z.string().optional(),
      smsFailover: z.unknown().optional(),
      regional: z.unknown().optional(),
    })
    .optional(),
  webhooks: z
    .strictObject({
      delivery: ZDeliveryReporting.optional(),
      seen: z.strictObject({ url: z.url().optional() }).optional(),
      contentType: z.enum(["application/json", "application/xml"]).optional(),
      callbackData: z.string().max(4000).optional(),
    })
    .optional(),
});

export const ZInfobipViberRequest = z.strictObject({
  messages: z.array(ZInfobipViberMessage).min(1),
  options: z
    .strictObject({
      schedule: z.unknown().optional(),
      tracking: z.unknown().optional(),
      includeSmsCountInResponse: z.boolean().optional(),
      conversionTracking: z.unknown().optional(),
    })
    .optional(),
});

export type InfobipViberMessage = z.infer<typeof ZInfobipViberMessage>;

export interface InfobipRequest {
  authorization: string | undefined;
  message: InfobipViberMessage;
  messageId: string;
}

export interface FakeInfobip extends FakeServer {
  requests: InfobipRequest[];
}

/** Infobip's error body. */
export const infobipError = (status: number, messageId: string, text: string) => ({
  status,
  body: { requestError: { serviceException: { messageId, text } } },
});

export async function startFakeInfobip(opts: { apiKey: string }): Promise<FakeInfobip> {
  const requests: InfobipRequest[] = [];
  const fake = await startFake((req, body, res, scripts, malformed) => {
    if (req.method !== "POST" || req.url !== "/viber/2/messages") {
      return answer(res, infobipError(404, "NOT_FOUND", "Not found"));
    }
    if (req.headers.authorization !== `App ${opts.apiKey}`) {
      return answer(res, infobipError(401, "UNAUTHORIZED", "Invalid login details"));
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return answer(res, infobipError(400, "BAD_REQUEST", "Bad request"));
    }
    const parsed = ZInfobipViberRequest.safeParse(json);
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      malformed.push({ body, issues });
      return answer(res, {
        status: 400,
        body: {
          requestError: {
            serviceException: { messageId: "BAD_REQUEST", text: "Bad request", validationErrors: { request: issues } },
          },
        },
      });
    }
    const first = parsed.data.messages[0]?.destinations[0]?.to ?? "";
    const scripted = scripts.next(first);
    if (scripted) return answer(res, scripted);
    const messages = parsed.data.messages.flatMap((message) =>
      message.destinations.map((d) => {
        const messageId = d.messageId ?? randomBytes(12).toString("hex");
        requests.push({ authorization: req.headers.authorization, message, messageId });
        return {
          to: d.to,
          messageId,
          status: {
            groupId: 1,
            groupName: "PENDING",
            id: 7,
            name: "PENDING_ENROUTE",
            description: "Message sent to next instance",
          },
        };
      }),
    );
    answer(res, { status: 200, body: { bulkId: randomBytes(8).toString("hex"), messages } });
  });
  return Object.assign(fake, { requests });
}
