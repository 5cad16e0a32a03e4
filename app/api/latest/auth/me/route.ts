import { meOp } from "@/lib/auth/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(meOp, async ({ principal }) => principal!);
