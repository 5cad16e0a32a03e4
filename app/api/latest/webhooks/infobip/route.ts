import { handle } from "@/lib/http/handler";
import { infobipReceiptOp } from "@/lib/messaging/operations";
import { receiveInfobipReport } from "@/lib/messaging/receive-receipts";

export const POST = handle(infobipReceiptOp, ({ query, body }) =>
  receiveInfobipReport({
    message: query.message,
    sig: query.sig,
    target: { sendId: query.send, customerId: query.customer, leg: query.leg },
    report: body,
  }),
);
