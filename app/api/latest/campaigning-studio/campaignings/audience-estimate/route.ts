import { estimateAudience } from "@/lib/campaigns/estimate-audience";
import { estimateAudienceOp } from "@/lib/campaigns/preview";
import { handle } from "@/lib/http/handler";

export const POST = handle(estimateAudienceOp, ({ body }) =>
  estimateAudience({ channelType: body.channel_type, audiencesType: body.audiences_type, audiences: body.audiences }),
);
