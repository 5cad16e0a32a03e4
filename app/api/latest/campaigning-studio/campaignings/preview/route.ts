import { previewMessageOp } from "@/lib/campaigns/preview";
import { previewMessage } from "@/lib/campaigns/preview-message";
import { handle } from "@/lib/http/handler";

export const POST = handle(previewMessageOp, ({ body }) => previewMessage({ input: body }));
