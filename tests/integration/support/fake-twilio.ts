/**
 * Twilio's Programmable Messaging "Create a Message" resource as a local server
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth (sid:token), a form body.
 * The body is checked against the documented parameters (ZTwilioCreateMessage, strict: a
 * parameter Twilio does not document, or a misspelt one, is refused with 400 and kept in
 * `malformed`); an accepted message is answered 201 with its sid, as Twilio does.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { answer, type FakeServer, issuesOf, startFake } from "./fake-provider";

const E164 = /^\+[1-9]\d{1,14}$/;

/** The parameters Twilio documents for creating a message (all strings, as a form posts them). */
export const ZTwilioCreateMessage = z
  .strictObject({
    To: z.string().regex(E164, "must be an E.164 phone number"),
    From: z.string().min(1).optional(),
    MessagingServiceSid: z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/)
      .optional(),
    Body: z.string().min(1).max(1600, "Twilio takes at most 1,600 characters (error 21617)").optional(),
    MediaUrl: z.url().optional(),
    ContentSid: z.string().optional(),
    ContentVariables: z.string().optional(),
    StatusCallback: z.url().max(2000).optional(),
    ApplicationSid: z.string().optional(),
    MaxPrice: z.string().optional(),
    ProvideFeedback: z.enum(["true", "false"]).optional(),
    Attempt: z.string().optional(),
    ValidityPeriod: z
      .string()
      .regex(/^\d+$/)
      .refine((v) => Number(v) >= 1 && Number(v) <= 36_000)
      .optional(),
    ForceDelivery: z.enum(["true", "false"]).optional(),
    ContentRetention: z.enum(["retain", "discard"]).optional(),
    AddressRetention: z.enum(["retain", "obfuscate"]).optional(),
    SmartEncoded: z.enum(["true", "false"]).optional(),
    PersistentAction: z.string().optional(),
    TrafficType: z.string().optional(),
    ShortenUrls: z.enum(["true", "false"]).optional(),
    ScheduleType: z.literal("fixed").optional(),
    SendAt: z.string().optional(),
    SendAsMms: z.enum(["true", "false"]).optional(),
    RiskCheck: z.enum(["enable", "disable"]).optional(),
  })
  .refine((p) => p.From !== undefined || p.MessagingServiceSid !== undefined, {
    message: "From or MessagingServiceSid is required (error 21603)",
  })
  .refine((p) => p.Body !== undefined || p.MediaUrl !== undefined || p.ContentSid !== undefined, {
    message: "Body, MediaUrl or ContentSid is required (error 21602)",
  });

export interface TwilioRequest {
  authorization: string | undefined;
  params: Record<string, string>;
  sid: string;
}

export interface FakeTwilio extends FakeServer {
  requests: TwilioRequest[];
}

/** Twilio's error body. */
export const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

export async function startFakeTwilio(opts: { sid: string; token: string }): Promise<FakeTwilio> {
  const requests: TwilioRequest[] = [];
  const fake = await startFake((req, body, res, scripts, malformed) => {
    if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${opts.sid}/Messages.json`) {
      return answer(res, twilioError(404, 20404, "The requested resource was not found"));
    }
    if (req.headers.authorization !== `Basic ${Buffer.from(`${opts.sid}:${opts.token}`).toString("base64")}`) {
      return answer(res, twilioError(401, 20003, "Authenticate"));
    }
    if (!req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
      return answer(res, twilioError(415, 20415, "Unsupported media type"));
    }
    const form = new URLSearchParams(body);
    const names = [...form.keys()];
    const params = Object.fromEntries(form);
    const parsed = ZTwilioCreateMessage.safeParse(params);
    if (!parsed.success || new Set(names).size !== names.length) {
      const issues = parsed.success ? ["a parameter was given twice"] : issuesOf(parsed.error);
      malformed.push({ body, issues });
      return answer(res, twilioError(400, 21601, issues.join("; ")));
    }
    const scripted = scripts.next(parsed.data.To);
    if (scripted) return answer(res, scripted);
    const sid = `SM${randomBytes(16).toString("hex")}`;
    requests.push({ authorization: req.headers.authorization, params, sid });
    answer(res, {
      status: 201,
      body: {
        sid,
        status: "queued",
        to: parsed.data.To,
        from: parsed.data.From ?? null,
        messaging_service_sid: parsed.data.MessagingServiceSid ?? null,
        body: parsed.data.Body,
        account_sid: opts.sid,
        num_segments: "1",
        direction: "outbound-api",
      },
    });
  });
  return Object.assign(fake, { requests });
}
