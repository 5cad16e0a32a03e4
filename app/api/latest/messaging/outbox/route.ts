import { handle } from "@/lib/http/handler";
import { listOutbox } from "@/lib/messaging/send-message";
import { outboxOp } from "@/lib/touchpoints/operations";

export const GET = handle(outboxOp, ({ query }) => listOutbox(query));
