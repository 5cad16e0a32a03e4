/**
 * /u/<token>: unsubscribing from campaign e-mails (lib/campaigns/tracking). No sign-in: the signed
 * token names the recipient of a send; a forged or unknown token answers 404.
 * - GET shows a small page with a button that POSTs to the same address;
 * - POST (the button, or a mail client's one-click request of RFC 8058 with the body
 *   List-Unsubscribe=One-Click) clears the customer's consent for the channel, records an
 *   unsubscribed event and answers a confirmation page (200).
 * Both are one route rather than a page.tsx: Next cannot serve a page and a POST handler at one
 * path, and RFC 8058 posts to the List-Unsubscribe address itself. GET changes nothing, so a mail
 * scanner that follows links unsubscribes nobody.
 */
import { messageOf, unsubscribe } from "@/lib/campaigns/tracking/actions";
import { escapeHtml } from "@/lib/text/escape-html";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:flex;justify-content:center;padding:4rem 1rem}
main{max-width:28rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:2rem}
button{background:#0f172a;color:#fff;border:0;border-radius:.5rem;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

const notFound = () => page("Link not valid", "<p>This unsubscribe link is not valid.</p>", 404);

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { token } = await params;
  const message = token.length <= 400 ? await messageOf(token, "unsubscribe") : undefined;
  if (!message) return notFound();
  return page(
    "Unsubscribe",
    `<p>Stop receiving our ${message.channel === "email" ? "e-mails" : "messages"}?</p>
<form method="post" action=""><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export async function POST(_request: Request, { params }: Context): Promise<Response> {
  const { token } = await params;
  const done = token.length <= 400 && (await unsubscribe(token));
  if (!done) return notFound();
  return page("Unsubscribed", "<p>You will not receive these messages any more.</p>");
}
