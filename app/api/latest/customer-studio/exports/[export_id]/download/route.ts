import { downloadExport } from "@/lib/audiences/exports/download";
import { downloadExportOp } from "@/lib/audiences/exports/operations";
import { SESSION_COOKIES } from "@/lib/auth/resolve-principal";
import { handle } from "@/lib/http/handler";

const download = handle(downloadExportOp, ({ principal, params, query }) =>
  downloadExport(principal!, params.export_id, query),
);

/** A browser opening the e-mailed link without a session goes to sign-in, then back here. */
export async function GET(request: Request, context: { params: Promise<Record<string, string | string[]>> }) {
  const cookies = request.headers.get("cookie") ?? "";
  const signedIn = request.headers.has("authorization") || SESSION_COOKIES.some((c) => cookies.includes(`${c}=`));
  if (!signedIn && (request.headers.get("accept") ?? "").includes("text/html")) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    return Response.redirect(new URL(`/sign-in?callbackUrl=${encodeURIComponent(back)}`, url), 303);
  }
  return download(request, context);
}
