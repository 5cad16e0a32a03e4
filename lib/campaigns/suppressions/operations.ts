/** The suppression list's operations, declared once for the routes and the OpenAPI document. */
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZList, ZPagination } from "@/lib/http/pagination";
import { ZSuppression, ZSuppressionChannel, ZSuppressionInput } from "./schemas";

const tag = "Campaign studio";

const EFFECT =
  "A suppressed address is never sent a campaign message on its channel: the customer's effective consent is the feed's consent AND no suppression of their current address, so a later import with email_consent true does not undo it. The customer list, the audience consent filters and funnel, campaign preparation and the send-time check of every batch all read it. Unsubscribes (the link and one-click), hard bounces and complaints (DSN and ARF reports to the inbound SMTP listener), STOP replies and hard SMS/Viber failures (provider receipts) add rows themselves.";

export const createSuppressionOp = defineOperation({
  method: "POST",
  path: "/campaigning-studio/suppressions",
  aliases: ["/campaigning-studio/suppressions/"],
  tag,
  summary: "Suppress an address on a channel",
  description: `${EFFECT} Exactly one of customer_id (that customer's e-mail for email, phone number for sms and viber; 409 unknown_reference when no such customer, 422 when they have no address for the channel) and address. The address is stored normalised. The same channel, address and reason again answers the existing row (201, nothing new written).`,
  auth: "user",
  audit: {
    action: "suppression.create",
    objectType: "suppression",
    resultId: ({ result }) => result?.suppression_id,
    summary: ({ body }) => `channel ${body.channel}`,
  },
  body: ZSuppressionInput,
  response: ZSuppression,
  status: 201,
  errors: [409],
});

export const listSuppressionsOp = defineOperation({
  method: "GET",
  path: "/campaigning-studio/suppressions",
  aliases: ["/campaigning-studio/suppressions/"],
  tag,
  summary: "List suppressions (newest first)",
  auth: "user",
  query: ZPagination.extend({
    channel: ZSuppressionChannel.optional(),
    address: z.string().trim().min(1).max(320).optional().describe("The address, compared normalised"),
    customer_id: z.string().trim().min(1).max(300).optional(),
  }),
  response: ZList("suppressions", ZSuppression),
});

export const deleteSuppressionOp = defineOperation({
  method: "DELETE",
  path: "/campaigning-studio/suppressions/{suppression_id}",
  tag,
  summary: "Remove a suppression (super users only)",
  description:
    "The address may be sent to again on that channel when no other suppression of it remains and the feed's consent allows it.",
  auth: "super",
  audit: { action: "suppression.delete", objectType: "suppression", id: ({ params }) => params.suppression_id },
  params: z.object({ suppression_id: z.string().min(1).max(200) }),
  response: z.object({ detail: z.string() }),
  errors: [404],
});
