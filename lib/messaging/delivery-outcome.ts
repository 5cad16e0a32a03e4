/**
 * What a provider's delivery status says about the address: delivered, a hard failure (the number
 * cannot receive messages: suppressed at once), a soft one (temporarily unreachable: suppressed
 * after soft_bounce_limit in a row), a STOP (the recipient opted out at the carrier), or a failure
 * that is not the address's (our account, content filtering, the provider): no bounce at all.
 *
 * Twilio (https://www.twilio.com/docs/api/errors, the ErrorCode of a failed or undelivered
 * status callback):
 *   hard: 30005 unknown destination handset, 30006 landline or unreachable carrier, 21211 invalid
 *         'To' number, 21614 'To' is not a mobile number, 21612 'To' cannot be reached by this
 *         'From', 30004 message blocked (the recipient or carrier blocks it)
 *   stop: 21610 attempt to send to an unsubscribed recipient (the recipient replied STOP)
 *   soft: 30003 unreachable destination handset (powered off, no signal), 30008 unknown error
 *         from the carrier
 *   other codes (30001 queue overflow, 30002 account suspended, 30007 carrier filtering,
 *   30010 price exceeded, 30034 unregistered A2P sender, ...) are ours to fix: failed, no bounce.
 * Infobip (https://www.infobip.com/docs/developer-resources/api-fundamentals/error-code-reference):
 * the report's error carries groupId (1 handset errors: the recipient's device or subscription;
 * 2 user errors, 3 operator errors: the request or the network) and `permanent`. A handset error
 * is hard when permanent (EC_UNKNOWN_SUBSCRIBER 1, EC_UNIDENTIFIED_SUBSCRIBER 5,
 * EC_ILLEGAL_SUBSCRIBER 9, EC_TELESERVICE_NOT_PROVISIONED 11, EC_ILLEGAL_EQUIPMENT 12,
 * EC_CALL_BARRED 13 when the flag is missing), else soft; an EXPIRED message without an error is
 * soft (the handset was never reached within the validity); other groups are no bounce.
 */

export type DeliveryOutcome = "delivered" | "hard" | "soft" | "stop" | "failed";

const TWILIO_HARD = new Set(["30005", "30006", "21211", "21614", "21612", "30004"]);
const TWILIO_STOP = new Set(["21610"]);
const TWILIO_SOFT = new Set(["30003", "30008"]);

export function twilioOutcome(status: string, errorCode: string | undefined): DeliveryOutcome | undefined {
  const s = status.toLowerCase();
  if (s === "delivered") return "delivered";
  if (s !== "failed" && s !== "undelivered") return undefined;
  const code = (errorCode ?? "").trim();
  if (TWILIO_STOP.has(code)) return "stop";
  if (TWILIO_HARD.has(code)) return "hard";
  if (TWILIO_SOFT.has(code)) return "soft";
  return "failed";
}

const INFOBIP_HANDSET_GROUP = 1;
const INFOBIP_PERMANENT_HANDSET = new Set([1, 5, 9, 11, 12, 13]);

export interface InfobipError {
  id?: number;
  groupId?: number;
  permanent?: boolean;
}

export function infobipOutcome(groupName: string, error: InfobipError | null | undefined): DeliveryOutcome | undefined {
  const group = groupName.toUpperCase();
  if (group === "DELIVERED") return "delivered";
  if (group !== "UNDELIVERABLE" && group !== "REJECTED" && group !== "EXPIRED") return undefined;
  if (error?.groupId === INFOBIP_HANDSET_GROUP && error.id !== 0) {
    const permanent = error.permanent ?? (error.id !== undefined && INFOBIP_PERMANENT_HANDSET.has(error.id));
    return permanent ? "hard" : "soft";
  }
  if (group === "EXPIRED" && !error?.groupId) return "soft";
  return "failed";
}
