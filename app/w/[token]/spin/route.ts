/**
 * POST /w/<token>/spin: the public wheel page's one action. No sign-in: the link's token is the
 * credential, and spinWheel records at most one spin per token (a repeat answers the
 * invalid-attempt message with the first result); spins are rate limited per link and address.
 */
import { z } from "zod";
import { clientAddress } from "@/lib/http/client-address";
import { handle } from "@/lib/http/handler";
import { defineOperation } from "@/lib/http/operation";
import { spinWheel } from "@/lib/touchpoints/wheel";

// Not in the OpenAPI document (it belongs to the wheel page, not the API); declared to share the wrapper.
const spinOp = defineOperation({
  method: "POST",
  path: "/w/{token}/spin",
  tag: "Wheel page",
  summary: "Spin a wheel of fortune once",
  auth: "public",
  params: z.object({ token: z.string().min(1).max(100) }),
  response: z.object({ ok: z.boolean(), message: z.string(), result: z.unknown() }),
  errors: [404, 429],
});

export const POST = handle(spinOp, ({ params, headers }) => spinWheel(params.token, clientAddress(headers)));
