/**
 * A widget's element as a shop writes it (`<div data-lumen-touchpoint="...">`), put in the page as
 * HTML React does not hydrate: the widgets' script fills it, and React must not take it back.
 * The same goes for the store's scripts (HtmlBlock).
 */
import { escapeHtml } from "@/lib/text/escape-html";

export function elementHtml(tag: string, attrs: Record<string, string | undefined>, inner = ""): string {
  const text = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (v === "" ? k : `${k}="${escapeHtml(v!)}"`))
    .join(" ");
  return `<${tag} ${text}>${inner}</${tag}>`;
}

export function WidgetSlot({ attrs, className }: { attrs: Record<string, string | undefined>; className?: string }) {
  return (
    <div
      className={className}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: attribute values are escaped; the widget owns this element
      dangerouslySetInnerHTML={{ __html: elementHtml("div", attrs) }}
    />
  );
}

export function HtmlBlock({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the store's own scripts (nonced), parsed with the page
  return <div hidden suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
