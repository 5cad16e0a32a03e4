import { validationError, zodFieldErrors } from "@/lib/http/errors";
import { handle } from "@/lib/http/handler";
import { getPromotionOp, promotionOp } from "@/lib/touchpoints/operations";
import {
  configurePromotion,
  getPromotion,
  isTestSend,
  sendTestPromotion,
  ZPromotionConfigInput,
  ZPromotionTestSend,
} from "@/lib/touchpoints/promotions";

export const POST = handle(promotionOp, ({ body, principal }) => {
  const schema = isTestSend(body) ? ZPromotionTestSend : ZPromotionConfigInput;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error, ["body"]));
  // The author is the caller, whatever the body says.
  return "phone_number" in parsed.data
    ? sendTestPromotion(parsed.data)
    : configurePromotion({ ...parsed.data, author: principal!.subject });
});

export const GET = handle(getPromotionOp, ({ query }) => getPromotion(query.touchpoint_id));
