/**
 * Delivery receipts posted to the real webhook routes as the providers post them: Twilio's
 * status callback (a form body, X-Twilio-Signature over the public URL and the sorted params,
 * computed here independently of the service's code) and Infobip's delivery report (JSON, to the
 * signed URL the service gave in its request).
 */
import { createHmac } from "node:crypto";
import * as infobipHook from "@/app/api/latest/webhooks/infobip/route";
import * as twilioHook from "@/app/api/latest/webhooks/twilio/status/route";
import { call } from "../http";
import type { InfobipRequest } from "./fake-infobip";
import type { TwilioRequest } from "./fake-twilio";

export function signTwilio(url: string, params: Record<string, string>, token: string): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac("sha1", token).update(data).digest("base64");
}

/** Posts a Twilio status callback for a request the fake took, signed with the account's token. */
export function postTwilioStatus(
  request: TwilioRequest,
  opts: { sid: string; token: string; status: string; errorCode?: string },
) {
  const url = new URL(request.params.StatusCallback ?? "");
  const params: Record<string, string> = {
    AccountSid: opts.sid,
    MessageSid: request.sid,
    SmsSid: request.sid,
    MessageStatus: opts.status,
    To: request.params.To ?? "",
    ApiVersion: "2010-04-01",
    ...(opts.errorCode && { ErrorCode: opts.errorCode }),
  };
  return call(twilioHook.POST, {
    path: url.pathname.replace(/^\/api\/latest/, ""),
    query: Object.fromEntries(url.searchParams),
    rawBody: new URLSearchParams(params).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signTwilio(url.toString(), params, opts.token),
    },
  });
}

export interface InfobipReportError {
  groupId: number;
  groupName: string;
  id: number;
  name: string;
  description: string;
  permanent: boolean;
}

/** Posts an Infobip delivery report for a request the fake took, to the URL the service signed. */
export function postInfobipReport(
  request: InfobipRequest,
  opts: { groupName: string; name: string; error?: InfobipReportError },
) {
  const url = new URL(request.message.webhooks?.delivery?.url ?? "");
  return call(infobipHook.POST, {
    path: url.pathname.replace(/^\/api\/latest/, ""),
    query: Object.fromEntries(url.searchParams),
    body: {
      results: [
        {
          bulkId: "bulk-1",
          messageId: request.messageId,
          to: request.message.destinations[0]?.to,
          sentAt: "2026-11-23T10:00:00.000+0000",
          doneAt: "2026-11-23T10:00:05.000+0000",
          status: { groupId: 2, groupName: opts.groupName, id: 9, name: opts.name, description: `${opts.name} (test)` },
          error: opts.error ?? {
            groupId: 0,
            groupName: "OK",
            id: 0,
            name: "NO_ERROR",
            description: "No Error",
            permanent: false,
          },
        },
      ],
    },
  });
}
