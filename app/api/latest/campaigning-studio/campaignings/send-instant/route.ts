import { sendInstantOp } from "@/lib/campaigns/operations";
import { sendInstant } from "@/lib/campaigns/sending/send-instant";
import { handle } from "@/lib/http/handler";

export const POST = handle(sendInstantOp, ({ body }) => sendInstant({ campaignId: body.campaign_id }));
