import { createApiClient, listApiClients } from "@/lib/auth/api-clients";
import { createClientOp, listClientsOp } from "@/lib/auth/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(listClientsOp, async () => ({ api_clients: await listApiClients() }));
export const POST = handle(createClientOp, ({ body, principal }) =>
  createApiClient({ ...body, createdBy: principal!.subject }),
);
