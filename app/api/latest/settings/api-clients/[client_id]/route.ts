import { revokeApiClient } from "@/lib/auth/api-clients";
import { revokeClientOp } from "@/lib/auth/operations";
import { handle } from "@/lib/http/handler";

export const DELETE = handle(revokeClientOp, async ({ params }) => {
  const client = await revokeApiClient({ clientId: params.client_id });
  return { detail: `API client ${client.client_id} (${client.name}) is revoked; its tokens no longer work.` };
});
