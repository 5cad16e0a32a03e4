import { getBackgroundWork } from "@/lib/health/background-work";
import { backgroundWorkOp } from "@/lib/health/operations";
import { handle } from "@/lib/http/handler";

export const GET = handle(backgroundWorkOp, () => getBackgroundWork());
