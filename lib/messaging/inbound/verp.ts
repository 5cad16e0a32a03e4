/**
 * The VERP return path of campaign e-mail: the envelope sender (MAIL FROM) is
 * `bounce+<message id>@<BOUNCE_DOMAIN>`, so a bounce, which goes to the envelope sender, names the
 * very message it is about. The message id is the campaign message's deterministic id
 * (`cm-<40 hex>`, lib/campaigns/sending/deliver.ts messageIdOf): lower-case letters, digits and a
 * dash, 50 characters with the prefix, inside the 64 a local part may have (RFC 5321), and
 * unharmed by servers that change the case of local parts.
 */

const TOKEN = /^[a-z0-9][a-z0-9-]{0,55}$/;

/** The return path of a message, or undefined when no bounce domain is set or the id does not fit. */
export function returnPathFor(messageId: string | undefined, domain: string | undefined): string | undefined {
  if (!domain || !messageId) return undefined;
  const token = messageId.toLowerCase();
  return TOKEN.test(token) ? `bounce+${token}@${domain}` : undefined;
}

/** The message id a VERP address carries (`bounce+<id>@...`, any case), else undefined. */
export function verpTokenOf(address: string): string | undefined {
  const match = /^<?bounce\+([a-z0-9-]{1,56})@[^>\s]+>?$/i.exec(address.trim());
  return match ? match[1]!.toLowerCase() : undefined;
}
