import { handle } from "@/lib/http/handler";
import { twilioReceiptOp } from "@/lib/messaging/operations";
import { receiveTwilioReceipt } from "@/lib/messaging/receive-receipts";

export const POST = handle(twilioReceiptOp, ({ request, headers, query, body }) =>
  receiveTwilioReceipt({
    url: request.url,
    signature: headers.get("x-twilio-signature"),
    params: body,
    target: { sendId: query.send, customerId: query.customer, leg: query.leg },
  }),
);
