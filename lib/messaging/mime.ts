/**
 * The MIME text of a campaign e-mail, assembled directly: a text part, or a text and an HTML part
 * as multipart/alternative, both quoted-printable, with nodemailer's own encoders (qp,
 * mime-funcs) for the bodies and the subject. nodemailer's composer streams a message through a
 * tree of MIME nodes (~250 µs of CPU per message here) and hands the socket a dozen small writes;
 * this fixed shape costs a fraction of that and goes out as one buffer (`raw` in sendMail), which
 * is what lets a campaign send keep up with the SMTP server (docs/benchmarks.md, "Send speed").
 *
 * Only what it can write exactly takes this path (`composable`): a text, an ASCII recipient
 * address, ASCII header values of our own. Anything else goes through nodemailer's composer.
 */
import { randomBytes } from "node:crypto";
import addressparser from "nodemailer/lib/addressparser";
import mimeFuncs from "nodemailer/lib/mime-funcs";
import qp from "nodemailer/lib/qp";

export interface EmailParts {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID with its angle brackets. */
  messageId: string;
  headers?: Record<string, string>;
  date?: Date;
}

const ADDRESS = /^[\x21-\x7e]+@[\x21-\x7e]+$/;
const HEADER_VALUE = /^[\x20-\x7e]*$/;
const HEADER_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

/** Whether composeEmail writes this message exactly (else nodemailer's composer does). */
export function composable(parts: Pick<EmailParts, "to" | "headers"> & { body?: string }): boolean {
  // nodemailer leaves an empty text part out: that message is its composer's.
  if (parts.body === "") return false;
  if (!ADDRESS.test(parts.to) || /[<>,;"()\\[\]]/.test(parts.to)) return false;
  return Object.entries(parts.headers ?? {}).every(([k, v]) => HEADER_NAME.test(k) && HEADER_VALUE.test(v));
}

const BOUNDARY_BASE = randomBytes(12).toString("hex");
let boundaries = 0;

const fromHeaders = new Map<string, { header: string; address: string }>();

/** The From header and envelope address of EMAIL_FROM ("Name <address>" or an address). */
export function parseFrom(from: string): { header: string; address: string } {
  let parsed = fromHeaders.get(from);
  if (!parsed) {
    const [first] = addressparser(from, { flatten: true });
    const address = first?.address ?? from;
    const name = first?.name ?? "";
    const shown = /[\u0080-\uffff]/.test(name)
      ? mimeFuncs.encodeWords(name, "Q", 52)
      : /[^\w !#$%&'*+\-/=?^`{|}~]/.test(name)
        ? `"${name.replace(/["\\]/g, "\\$&")}"`
        : name;
    parsed = { header: name ? `${shown} <${address}>` : address, address };
    fromHeaders.set(from, parsed);
  }
  return parsed;
}

/** Text as a quoted-printable body with CRLF line ends and soft breaks at 76 characters. */
function qpBody(text: string): string {
  const crlf = text.replace(/\r?\n/g, "\r\n");
  return qp.wrap(qp.encode(Buffer.from(crlf, "utf8")), 76);
}

function header(name: string, value: string): string {
  return mimeFuncs.foldLines(`${name}: ${value}`, 76).replace(/\r?\n/g, "\r\n");
}

/** RFC 5322 date: "Mon, 23 Nov 2026 19:20:33 +0000". */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

function part(contentType: string, body: string): string {
  return `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qpBody(body)}`;
}

/** The whole message (headers and body, CRLF line ends) for sendMail's `raw`. */
export function composeEmail(parts: EmailParts): Buffer {
  const lines = [
    header("From", parseFrom(parts.from).header),
    header("To", parts.to),
    header("Subject", mimeFuncs.encodeWords(parts.subject.replace(/\s+/g, " "), "Q", 52)),
    header("Message-ID", parts.messageId),
    header("Date", rfc5322Date(parts.date ?? new Date())),
    "MIME-Version: 1.0",
    ...Object.entries(parts.headers ?? {}).map(([k, v]) => header(k, v)),
  ];
  if (parts.html === undefined) {
    return Buffer.from(`${lines.join("\r\n")}\r\n${part("text/plain", parts.text)}`, "utf8");
  }
  // 96 random bits per process and a counter (a random draw per message costs ~15 µs here): a line
  // of the (quoted-printable) parts matches the boundary only by chance.
  const boundary = `--_lumen_${BOUNDARY_BASE}_${(++boundaries).toString(36)}`;
  lines.push(`Content-Type: multipart/alternative;\r\n boundary="${boundary}"`);
  return Buffer.from(
    `${lines.join("\r\n")}\r\n\r\n--${boundary}\r\n${part("text/plain", parts.text)}\r\n--${boundary}\r\n${part("text/html", parts.html)}\r\n--${boundary}--\r\n`,
    "utf8",
  );
}
