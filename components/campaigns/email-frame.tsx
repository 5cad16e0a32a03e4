/**
 * An e-mail's HTML as a mail client shows it. sandbox="" lets the document run no script, submit
 * no form and reach neither the studio's page nor its cookies: a template is HTML anyone with
 * the user role may write.
 */
import { cn } from "../ui/cn";

export function EmailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      className={cn("h-96 w-full rounded-md bg-white ring-1 ring-slate-200", className)}
      data-testid="email-frame"
    />
  );
}
