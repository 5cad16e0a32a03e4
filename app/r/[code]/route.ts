/**
 * GET /r/<code>: a tracked link of a campaign message (lib/campaigns/tracking). No sign-in: the
 * signed code is the credential. Records a clicked event and answers 302 to the link with its UTM
 * parameters; a forged or unknown code answers 404.
 */
import { click } from "@/lib/campaigns/tracking/actions";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  const { code } = await params;
  const target = code.length <= 300 ? await click(code) : undefined;
  if (!target) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(null, { status: 302, headers: { location: target, "cache-control": "no-store" } });
}
