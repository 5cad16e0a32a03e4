import { meOp } from "@/lib/auth/operations";
import { STUDIO_SCOPES } from "@/lib/auth/scopes";
import { handle } from "@/lib/http/handler";

// The documented fields only (the principal also holds what the server uses internally).
export const GET = handle(meOp, async ({ principal }) => {
  const { kind, id, subject, name, role, scopes } = principal!;
  return { kind, id, subject, name, role, scopes: [...(scopes ?? STUDIO_SCOPES)] };
});
