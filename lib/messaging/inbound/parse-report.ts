/**
 * What an inbound message reports: a delivery status notification (RFC 3464: multipart/report;
 * report-type=delivery-status) or an abuse feedback report (RFC 5965, ARF: multipart/report;
 * report-type=feedback-report). Anything else is no report (undefined).
 *
 * A DSN's recipients: Action failed with Status 5.x.x is a hard bounce, 4.x.x a soft one (the
 * remote server gave up on a temporary failure); Action delayed, delivered, relayed or expanded
 * bounce nothing. The message reported is named by the VERP address the DSN came to
 * (./verp.ts), else by the Message-ID of the original message's headers it returns.
 */
import { fieldGroups, type MimePart, mimeParts, parseHeaderBlock } from "./mime-parts";
import { verpTokenOf } from "./verp";

export type BounceKind = "hard" | "soft";

export interface DsnRecipient {
  recipient: string;
  action: string;
  status: string;
  diagnostic: string;
  bounce?: BounceKind;
}

interface Named {
  /** Message ids named by VERP addresses (the envelope's, the original's Return-Path). */
  tokens: string[];
  /** The local parts of the original message's Message-ID (`cm-...` of `<cm-...@domain>`). */
  messageIds: string[];
}

export type InboundReport =
  | (Named & { kind: "dsn"; recipients: DsnRecipient[] })
  | (Named & { kind: "arf"; feedbackType: string; originalRcptTo: string; userAgent: string });

/** An e-mail address out of a DSN/ARF field value ("rfc822; a@b.c", "<a@b.c>"). */
function addressOf(value: string | undefined): string {
  const v = (value ?? "").replace(/^[^;]*;/, "").trim();
  return v
    .replace(/^<(.*)>$/, "$1")
    .trim()
    .toLowerCase();
}

export function bounceOf(action: string, status: string, diagnostic: string): BounceKind | undefined {
  if (action.toLowerCase() !== "failed") return undefined;
  const cls = /^\s*([245])\.\d{1,3}\.\d{1,3}/.exec(status)?.[1] ?? /;\s*([45])\d\d\b/.exec(diagnostic)?.[1];
  if (cls === "4") return "soft";
  // 5.x.x, or a failure stating no class: permanent.
  return cls === "2" ? undefined : "hard";
}

function original(parts: MimePart[]): { messageIds: string[]; tokens: string[] } {
  const messageIds: string[] = [];
  const tokens: string[] = [];
  for (const part of parts) {
    if (part.contentType !== "message/rfc822" && part.contentType !== "text/rfc822-headers") continue;
    const headers = parseHeaderBlock(part.body.split(/\r?\n\r?\n/)[0] ?? "");
    const id = /<([^@>\s]+)@[^>]*>/.exec(headers["message-id"] ?? "")?.[1];
    if (id) messageIds.push(id.toLowerCase());
    const token = headers["return-path"] ? verpTokenOf(headers["return-path"]) : undefined;
    if (token) tokens.push(token);
  }
  return { messageIds, tokens };
}

export function parseReport(raw: string, envelopeTo: string[] = []): InboundReport | undefined {
  const top = parseHeaderBlock(raw.split(/\r?\n\r?\n/)[0] ?? "");
  const contentType = (top["content-type"] ?? "").toLowerCase();
  if (!contentType.startsWith("multipart/report")) return undefined;
  const parts = mimeParts(raw);
  const orig = original(parts);
  const tokens = [
    ...new Set([
      ...envelopeTo.flatMap((a) => verpTokenOf(a) ?? []),
      ...(top.to ? (verpTokenOf(top.to) ?? []) : []),
      ...orig.tokens,
    ]),
  ];
  const named = { tokens, messageIds: [...new Set(orig.messageIds)] };
  const status = parts.find(
    (p) => p.contentType === "message/delivery-status" || p.contentType === "message/global-delivery-status",
  );
  if (status) {
    const [, ...perRecipient] = fieldGroups(status.body);
    const recipients = perRecipient
      .filter((g) => g["final-recipient"] || g["original-recipient"] || g.action)
      .map((g) => {
        const action = (g.action ?? "").trim().toLowerCase();
        const code = (g.status ?? "").trim();
        const diagnostic = (g["diagnostic-code"] ?? "").trim();
        const bounce = bounceOf(action, code, diagnostic);
        return {
          recipient: addressOf(g["final-recipient"] ?? g["original-recipient"]),
          action,
          status: code,
          diagnostic,
          ...(bounce && { bounce }),
        };
      });
    return { kind: "dsn", ...named, recipients };
  }
  const feedback = parts.find((p) => p.contentType === "message/feedback-report");
  if (feedback) {
    const fields = Object.assign({}, ...fieldGroups(feedback.body)) as Record<string, string>;
    return {
      kind: "arf",
      ...named,
      feedbackType: (fields["feedback-type"] ?? "").trim().toLowerCase(),
      originalRcptTo: addressOf(fields["original-rcpt-to"]),
      userAgent: (fields["user-agent"] ?? "").trim(),
    };
  }
  return undefined;
}
