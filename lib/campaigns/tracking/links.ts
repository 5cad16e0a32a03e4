/**
 * Tracked links. Composing a message (../sending/compose-message.ts) replaces every http(s) link
 * with `${PUBLIC_URL}/r/<code>`; the link as personalised is stored once per (send, link) in
 * campaign_links (one INSERT per batch of links not seen yet by this process, kept in memory), the
 * customer travels in the code. The redirect adds the UTM parameters the group's utm list asks for:
 *   campaign_name -> utm_campaign (the campaign's name)
 *   campaign_id   -> utm_id (the group's campaign_id)
 *   channel       -> utm_source=lumen and utm_medium (the message's channel: email, sms, viber)
 *   abc_group     -> utm_content (the group's letter: A, B or C)
 *   customer_id   -> utm_term (the recipient's customer_id)
 * A parameter of the same name already in the link is replaced.
 */
import { createHash } from "node:crypto";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { URL_PATTERN } from "./short-links";
import { linkCode, pixelToken, readLinkCode, unsubscribeToken } from "./tokens";

export { URL_PATTERN };

const hashOf = (url: string) => createHash("sha256").update(url).digest("hex");

/** Per send: link -> its row id. Bounded: cleared when it grows past this many links. */
const known = new Map<string, Map<string, Promise<bigint>>>();
const MAX_KNOWN = 50_000;
let knownCount = 0;

/** The row ids of a send's links, inserting those not stored yet (one statement for them all). */
export async function linkIds(sendId: string, urls: string[]): Promise<Map<string, bigint>> {
  if (knownCount > MAX_KNOWN) {
    known.clear();
    knownCount = 0;
  }
  let forSend = known.get(sendId);
  if (!forSend) {
    forSend = new Map();
    known.set(sendId, forSend);
  }
  const missing = [...new Set(urls)].filter((u) => !forSend.has(u));
  if (missing.length) {
    const inserted = (async () => {
      const database = await getDatabase();
      const rows = await database.sql.query<{ id: string; url_hash: string }>(
        `INSERT INTO campaign_links (send_id, url_hash, url)
         SELECT $1, unnest($2::text[]), unnest($3::text[])
         ON CONFLICT (send_id, url_hash) DO UPDATE SET url = EXCLUDED.url
         RETURNING id::text AS id, url_hash`,
        [sendId, missing.map(hashOf), missing],
      );
      return new Map(rows.map((r) => [r.url_hash, BigInt(r.id)]));
    })();
    for (const url of missing) {
      const hash = hashOf(url);
      const id = inserted.then((m) => {
        const found = m.get(hash);
        if (found === undefined) throw new Error(`tracked link not stored: ${url}`);
        return found;
      });
      // Awaited below (which sees the error); a link not awaited must not be an unhandled rejection.
      id.catch(() => undefined);
      forSend.set(url, id);
      knownCount++;
    }
    // A failed INSERT is not remembered: the next message tries again.
    inserted.catch(() => {
      for (const url of missing) forSend.delete(url);
    });
  }
  const out = new Map<string, bigint>();
  for (const url of new Set(urls)) out.set(url, await forSend.get(url)!);
  return out;
}

const base = () => env().PUBLIC_URL.replace(/\/+$/, "");

export const shortLink = (linkId: bigint, customerId: string) => `${base()}/r/${linkCode(linkId, customerId)}`;
export const pixelUrl = (sendId: string, customerId: string) => `${base()}/o/${pixelToken({ sendId, customerId })}.gif`;
export const unsubscribeUrl = (sendId: string, customerId: string) =>
  `${base()}/u/${unsubscribeToken({ sendId, customerId })}`;

/** Whether a link is one of this service's tracking links already. */
export const isOwnLink = (url: string) => url.startsWith(`${base()}/r/`) || url.startsWith(`${base()}/u/`);

export interface ClickTarget {
  url: string;
  sendId: string;
  customerId: string;
}

const GROUP_LETTERS = ["A", "B", "C", "D", "E"];

/** The target of a short link with its UTM parameters; undefined for a forged or unknown code. */
export async function resolveLink(code: string): Promise<ClickTarget | undefined> {
  const ref = readLinkCode(code);
  if (!ref) return undefined;
  const database = await getDatabase();
  const [row] = await database.sql.query<{
    url: string;
    send_id: string;
    group_number: number;
    campaign_id: string;
    channel: string;
    campaign_name: string;
    utm: unknown;
  }>(
    `SELECT l.url, l.send_id, m.group_number, m.campaign_id, m.channel, c.campaign_name, g.utm
     FROM campaign_links l
     JOIN campaign_messages m ON m.send_id = l.send_id AND m.customer_id = $2
     JOIN campaign_sends s ON s.send_id = l.send_id
     JOIN campaigns c ON c.campaign_key = s.campaign_key
     LEFT JOIN campaign_groups g ON g.campaign_key = s.campaign_key AND g.group_number = m.group_number
     WHERE l.id = $1`,
    [ref.linkId.toString(), ref.customerId],
  );
  if (!row) return undefined;
  const utm = Array.isArray(row.utm) ? row.utm.map(String) : [];
  return {
    url: withUtm(row.url, utm, {
      campaign_name: row.campaign_name,
      campaign_id: row.campaign_id,
      channel: row.channel,
      abc_group: GROUP_LETTERS[row.group_number - 1] ?? String(row.group_number),
      customer_id: ref.customerId,
    }),
    sendId: row.send_id,
    customerId: ref.customerId,
  };
}

export function withUtm(
  url: string,
  utm: string[],
  v: { campaign_name: string; campaign_id: string; channel: string; abc_group: string; customer_id: string },
): string {
  if (utm.length === 0) return url;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return url;
  }
  const set = (k: string, value: string) => target.searchParams.set(k, value);
  if (utm.includes("channel")) {
    set("utm_source", "lumen");
    set("utm_medium", v.channel);
  }
  if (utm.includes("campaign_name")) set("utm_campaign", v.campaign_name);
  if (utm.includes("campaign_id")) set("utm_id", v.campaign_id);
  if (utm.includes("abc_group")) set("utm_content", v.abc_group);
  if (utm.includes("customer_id")) set("utm_term", v.customer_id);
  return target.toString();
}
