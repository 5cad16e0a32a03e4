/**
 * The HTML of campaign e-mails, pure: the footer every e-mail ends with (unsubscribe link, open
 * pixel), a template's links made tracked, and a template's plain-text version for the text part
 * of an e-mail that has no text of its own.
 *
 * Only the targets of <a>/<area> links are tracked: an image or a stylesheet is fetched when the
 * e-mail is opened, and a short link in its place would record a click nobody made.
 */

import { escapeHtml } from "@/lib/text/escape-html";
import { hrefOf, isLinkTag, type Tag, tagsOf } from "./html-tags";

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The common entities decoded in one pass (so "&amp;lt;" is "&lt;", not "<"); others are left. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return NAMED[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    if (code === 160) return " ";
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** Placeholder values for HTML: a name holding "<" or "&" shows as written and adds no markup. */
export function htmlValues(values: Map<string, string>): Map<string, string> {
  return new Map([...values].map(([name, value]) => [name, escapeHtml(value)]));
}

const HTTP = /^https?:\/\//i;

/** The http(s) target of a link tag, entities decoded; undefined for any other tag or target. */
function targetOf(html: string, tag: Tag): string | undefined {
  if (!isLinkTag(tag)) return undefined;
  const href = hrefOf(html.slice(tag.start, tag.end));
  const url = href ? decodeEntities(href.value).trim() : "";
  return HTTP.test(url) ? url : undefined;
}

/** The http(s) targets of the html's links, entities decoded, in order. */
export function linkTargets(html: string): string[] {
  const out: string[] = [];
  for (const tag of tagsOf(html)) {
    const url = targetOf(html, tag);
    if (url) out.push(url);
  }
  return out;
}

/** The html with each http(s) link target replaced by `link(target)`; the rest as written. */
export function replaceLinkTargets(html: string, link: (url: string) => string): string {
  const out: string[] = [];
  let last = 0;
  for (const tag of tagsOf(html)) {
    const url = targetOf(html, tag);
    const href = url && hrefOf(html.slice(tag.start, tag.end));
    if (!url || !href) continue;
    out.push(html.slice(last, tag.start + href.start), `"${escapeHtml(link(url))}"`);
    last = tag.start + href.end;
  }
  out.push(html.slice(last));
  return out.join("");
}

/** Where an e-mail's footer goes: the unsubscribe link and, for a message of a send, the open pixel. */
export interface FooterLinks {
  unsubscribe: string;
  /** Empty: no pixel (a preview is not an open). */
  pixel: string;
}

export function emailFooter(t: FooterLinks): string {
  const footer = `<p style="font-size:12px;color:#666">You receive this because you agreed to our e-mails. <a href="${escapeHtml(t.unsubscribe)}">Unsubscribe</a></p>`;
  if (!t.pixel) return footer;
  return `${footer}\n<img src="${escapeHtml(t.pixel)}" width="1" height="1" alt="" style="display:block;border:0">`;
}

/** The footer inserted just before the last </body> (any case), or appended when there is none. */
export function withFooter(html: string, t: FooterLinks): string {
  // Not toLowerCase().lastIndexOf: lowercasing may change the length (U+0130), and so the index.
  let at = -1;
  for (const m of html.matchAll(/<\/body/gi)) at = m.index;
  const footer = emailFooter(t);
  return at < 0 ? `${html}\n${footer}\n` : `${html.slice(0, at)}${footer}\n${html.slice(at)}`;
}

/** What a closing tag (or <br>) leaves in the text: a line break, a blank line, a space. */
const BREAKS: Record<string, string> = { div: "\n", li: "\n", tr: "\n", p: "\n\n", td: " ", th: " " };
for (const h of [1, 2, 3, 4, 5, 6]) BREAKS[`h${h}`] = "\n\n";

/**
 * A plain-text version of an e-mail's HTML: head, script and style blocks and comments dropped,
 * white space collapsed as a browser does, a link as "text (target)" (its target alone when the
 * text is empty or is the target), line breaks for <br>, </div>, </li>, </tr> and a blank line
 * after </p> and headings, a space between table cells, the other tags dropped, entities decoded,
 * at most one blank line in a row.
 */
export function htmlToText(html: string): string {
  const out: string[] = [];
  let anchor: { target: string | undefined; from: number } | undefined;
  const endAnchor = () => {
    const target = anchor?.target;
    if (anchor && target) {
      const label = out.slice(anchor.from).join("").trim();
      if (!label) out.push(target);
      else if (label !== target) out.push(` (${target})`);
    }
    anchor = undefined;
  };
  let last = 0;
  for (const tag of tagsOf(html)) {
    out.push(decodeEntities(html.slice(last, tag.start).replace(/\s+/g, " ")));
    last = tag.end;
    if (tag.name === "a") {
      // An <a> in an unclosed one ends it, as in a browser.
      endAnchor();
      if (!tag.closing) anchor = { target: targetOf(html, tag), from: out.length };
    } else if (tag.name === "br") out.push("\n");
    else if (tag.closing) out.push(BREAKS[tag.name] ?? "");
  }
  out.push(decodeEntities(html.slice(last).replace(/\s+/g, " ")));
  endAnchor();
  return out
    .join("")
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
