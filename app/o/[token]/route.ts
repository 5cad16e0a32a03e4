/**
 * GET /o/<token>.gif: the open pixel of a campaign e-mail (lib/campaigns/tracking). No sign-in:
 * the signed token names the recipient of a send. Records an opened event (once per recipient)
 * and answers a 1x1 transparent GIF that no cache keeps; a forged or unknown token answers 404.
 */
import { open } from "@/lib/campaigns/tracking/actions";

export const dynamic = "force-dynamic";

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const found = token.length <= 400 && (await open(token.replace(/\.gif$/, "")));
  if (!found) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(new Uint8Array(GIF), {
    status: 200,
    headers: {
      "content-type": "image/gif",
      "content-length": String(GIF.length),
      "cache-control": "no-store, no-cache, must-revalidate, max-age=0",
      pragma: "no-cache",
      expires: "0",
    },
  });
}
