/**
 * How e-mail identifies its sender's domain: the DKIM signature (RFC 6376) nodemailer adds when a
 * key is configured (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE), and
 * the Message-ID's domain. Gmail and Yahoo honour one-click unsubscribe (List-Unsubscribe-Post,
 * RFC 8058) only on mail with a valid DKIM signature of the From domain, and expect the
 * Message-ID on the sending domain rather than a name of our own.
 *
 * The signature is rsa-sha256, relaxed/relaxed, over nodemailer's default header list (From,
 * To, Subject, Date, Message-ID, MIME-Version, Content-Type, List-Unsubscribe, ...); every header
 * Lumen writes, List-Unsubscribe-Post included (RFC 8058 section 4 asks for both), is covered.
 */
import { readFileSync } from "node:fs";
import { env } from "@/lib/env";
import { parseFrom } from "./mime";

export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
  headerFieldNames: string;
}

/** nodemailer's default list (lib/dkim/sign.js) and List-Unsubscribe-Post. */
const SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:" +
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:" +
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:" +
  "List-Owner:List-Archive";

let keyFile: { path: string; key: string } | undefined;

/** The DKIM options for nodemailer's `dkim`, or undefined when signing is not configured. */
export function dkimOptions(): DkimOptions | undefined {
  const settings = env();
  if (!settings.DKIM_DOMAIN || !settings.DKIM_SELECTOR) return undefined;
  let privateKey = settings.DKIM_PRIVATE_KEY;
  const path = settings.DKIM_PRIVATE_KEY_FILE;
  if (!privateKey && path) {
    if (keyFile?.path !== path) keyFile = { path, key: readFileSync(path, "utf8") };
    privateKey = keyFile.key;
  }
  if (!privateKey) return undefined;
  return {
    domainName: settings.DKIM_DOMAIN,
    keySelector: settings.DKIM_SELECTOR,
    // A key given in one line of an environment variable, with \n for its line breaks.
    privateKey: privateKey.includes("\\n") ? privateKey.replace(/\\n/g, "\n") : privateKey,
    headerFieldNames: SIGNED_HEADERS,
  };
}

/** The domain of Message-IDs: the DKIM domain, else EMAIL_FROM's. */
export function messageIdDomain(): string {
  const settings = env();
  if (settings.DKIM_DOMAIN) return settings.DKIM_DOMAIN;
  const address = parseFrom(settings.EMAIL_FROM).address;
  const at = address.lastIndexOf("@");
  return at > 0 ? address.slice(at + 1) : "localhost";
}
