/**
 * The tags of an e-mail's HTML, found in one forward pass. A template is up to 500,000 characters
 * that any marketer writes, read for every recipient and by the preview in the web process: a
 * pattern like /<a\b[^>]*>[\s\S]*?<\/a>/ rescans the rest of the text for each unclosed "<a"
 * (minutes on 100,000 of them), while every search here starts where the last one ended.
 */

export interface Tag {
  /** Where the tag starts ("<") and ends (after ">"); for comments, script, style and head, after their end. */
  start: number;
  end: number;
  /** Lowercase element name; "!--" for a comment, "!" or "?" for other declarations. */
  name: string;
  closing: boolean;
}

/** An element's name, or "!" / "?" for a declaration (<!doctype html>) or processing instruction. */
const NAME = /^(\/?)([a-z][a-z0-9]*|[!?])/i;
/** Elements whose content is not text of the e-mail: skipped whole. */
const SKIPPED = new Set(["script", "style", "head"]);

export function* tagsOf(html: string): Generator<Tag> {
  let at = html.indexOf("<");
  // The next ">" from the last search: many "<" before one ">" do not each search again.
  let gt = -1;
  while (at >= 0) {
    if (html.startsWith("<!--", at)) {
      const close = html.indexOf("-->", at + 4);
      const end = close < 0 ? html.length : close + 3;
      yield { start: at, end, name: "!--", closing: false };
      at = html.indexOf("<", end);
      continue;
    }
    if (gt <= at) gt = html.indexOf(">", at + 1);
    if (gt < 0) return;
    const named = NAME.exec(html.slice(at + 1, Math.min(gt, at + 20)));
    if (!named) {
      // "a < b": text, as a browser reads it.
      at = html.indexOf("<", at + 1);
      continue;
    }
    const name = (named[2] ?? "").toLowerCase();
    const closing = named[1] === "/";
    let end = gt + 1;
    if (!closing && SKIPPED.has(name)) {
      const close = new RegExp(`</${name}\\s*>`, "gi");
      close.lastIndex = end;
      const found = close.exec(html);
      end = found ? found.index + found[0].length : html.length;
    }
    yield { start: at, end, name, closing };
    at = html.indexOf("<", end);
  }
}

/** href="..." (or '...', or unquoted) in one tag's text. */
const HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/**
 * The link target of an opening <a> or <area> tag as written (entities not decoded), and where
 * the attribute's value, quotes included, lies in the tag's text.
 */
export function hrefOf(tagText: string): { value: string; start: number; end: number } | undefined {
  const m = HREF.exec(tagText);
  if (!m) return undefined;
  const value = m[1] ?? m[2] ?? m[3] ?? "";
  const end = m.index + m[0].length;
  return { value, start: end - value.length - (m[3] === undefined ? 2 : 0), end };
}

export const isLinkTag = (tag: Tag) => !tag.closing && (tag.name === "a" || tag.name === "area");
