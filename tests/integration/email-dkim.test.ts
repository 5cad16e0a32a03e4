/**
 * E-mail as mailbox providers check it: DKIM-signed when a key is configured (the signature
 * verified here with node:crypto as RFC 6376 section 6 says: body hash over the relaxed body,
 * signature over the relaxed signed headers), the Message-ID on the sending domain, and the
 * one-click unsubscribe headers (RFC 8058) among the signed ones.
 */
import { createHash, generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache, setEnv } from "@/lib/env";
import { sendMessage } from "@/lib/messaging/send-message";
import { closeSmtp } from "@/lib/messaging/smtp";

const raws: Buffer[] = [];
let server: SMTPServer;
let publicKey: KeyObject;
let privatePem: string;
const dir = mkdtempSync(join(tmpdir(), "lumen-dkim-"));

const SETTINGS = [
  "SMTP_URL",
  "EMAIL_FROM",
  "DKIM_DOMAIN",
  "DKIM_SELECTOR",
  "DKIM_PRIVATE_KEY",
  "DKIM_PRIVATE_KEY_FILE",
];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        raws.push(Buffer.concat(chunks));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  publicKey = keys.publicKey;
  privatePem = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  setEnv("SMTP_URL", `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
  setEnv("EMAIL_FROM", "Shop <news@shop.example>");
});

afterEach(() => {
  closeSmtp();
  for (const name of ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY", "DKIM_PRIVATE_KEY_FILE"])
    delete process.env[name];
  resetEnvCache();
});

afterAll(async () => {
  for (const name of SETTINGS) delete process.env[name];
  resetEnvCache();
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The message's header fields in order, each as written (continuation lines included). */
function headerFields(raw: string): { name: string; line: string }[] {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
  const fields: { name: string; line: string }[] = [];
  for (const line of head.split("\r\n")) {
    const last = fields.at(-1);
    if (/^[ \t]/.test(line) && last) last.line += `\r\n${line}`;
    else fields.push({ name: line.slice(0, line.indexOf(":")).trim().toLowerCase(), line });
  }
  return fields;
}

/** RFC 6376 3.4.2: relaxed header canonicalization. */
function relaxedHeader(line: string): string {
  const colon = line.indexOf(":");
  const name = line.slice(0, colon).trim().toLowerCase();
  const value = line
    .slice(colon + 1)
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${name}:${value}`;
}

/** RFC 6376 3.4.4: relaxed body canonicalization. */
function relaxedBody(body: string): string {
  const lines = body.split("\r\n").map((l) => l.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length && lines.at(-1) === "") lines.pop();
  return lines.length ? `${lines.join("\r\n")}\r\n` : "";
}

/** Verifies the message's DKIM-Signature (rsa-sha256, relaxed/relaxed) with the public key. */
function verifyDkim(
  raw: string,
  key: KeyObject,
): { tags: Record<string, string>; bodyHashOk: boolean; signatureOk: boolean } {
  const fields = headerFields(raw);
  const signature = fields.find((f) => f.name === "dkim-signature");
  if (!signature) throw new Error("no DKIM-Signature");
  const value = signature.line.slice(signature.line.indexOf(":") + 1).replace(/\r\n/g, "");
  const tags = Object.fromEntries(
    value
      .split(";")
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => [t.slice(0, t.indexOf("=")).trim(), t.slice(t.indexOf("=") + 1).replace(/[ \t]/g, "")]),
  );
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  const bodyHash = createHash("sha256").update(relaxedBody(body)).digest("base64");
  // The signed headers, each name taking its occurrences from the bottom up.
  const used = new Set<number>();
  const signed: string[] = [];
  for (const name of (tags.h ?? "").split(":").map((n) => n.trim().toLowerCase())) {
    for (let i = fields.length - 1; i >= 0; i--) {
      if (fields[i]!.name === name && !used.has(i)) {
        used.add(i);
        signed.push(`${relaxedHeader(fields[i]!.line)}\r\n`);
        break;
      }
    }
  }
  const withoutB = signature.line.replace(/(^|;)([ \t\r\n]*b[ \t]*=)[^;]*/, "$1$2");
  const data = signed.join("") + relaxedHeader(withoutB);
  const signatureOk = verify("sha256", Buffer.from(data), key, Buffer.from(tags.b ?? "", "base64"));
  return { tags, bodyHashOk: bodyHash === tags.bh, signatureOk };
}

const campaignMail = (to: string) => ({
  channel: "email" as const,
  to,
  subject: "Spring sale — 20 % off",
  body: "Hello Ann,\n\nour spring sale starts today: https://shop.example/sale  \n\n--\nUnsubscribe: https://lumen.example/u/abc\n",
  html: "<!doctype html>\n<html><body><p>Hello Ann,</p>\n<p>Our spring sale</p></body></html>",
  messageId: `cm-${to.replace(/\W/g, "")}`,
  headers: {
    "List-Unsubscribe": "<https://lumen.example/u/abc>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
});

describe("e-mail authentication headers", () => {
  it("signs with DKIM when a key is configured: the body hash and the signature verify", async () => {
    setEnv("DKIM_DOMAIN", "shop.example");
    setEnv("DKIM_SELECTOR", "lumen2026");
    setEnv("DKIM_PRIVATE_KEY", privatePem);
    await sendMessage(campaignMail("ann@example.test"));
    const raw = raws.at(-1)!.toString("utf8");
    const { tags, bodyHashOk, signatureOk } = verifyDkim(raw, publicKey);
    expect(tags).toMatchObject({ v: "1", a: "rsa-sha256", c: "relaxed/relaxed", d: "shop.example", s: "lumen2026" });
    expect(bodyHashOk).toBe(true);
    expect(signatureOk).toBe(true);
    const signedHeaders = (tags.h ?? "").toLowerCase().split(":");
    for (const h of ["from", "to", "subject", "date", "message-id", "list-unsubscribe", "list-unsubscribe-post"]) {
      expect(signedHeaders).toContain(h);
    }
    // On the sending domain.
    expect(raw).toMatch(/\r\nMessage-ID: <cm-annexampletest@shop\.example>\r\n/);
    expect(raw).toContain("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");

    // A changed body or a changed signed header no longer verifies (the check can fail).
    const tampered = raw.replace("spring sale starts", "autumn sale starts");
    expect(verifyDkim(tampered, publicKey).bodyHashOk).toBe(false);
    const otherSubject = raw.replace(/\r\nSubject: [^\r]*/, "\r\nSubject: Something else");
    expect(verifyDkim(otherSubject, publicKey).signatureOk).toBe(false);
  });

  it("reads the key from DKIM_PRIVATE_KEY_FILE; signs messages nodemailer composes too", async () => {
    const file = join(dir, "dkim.pem");
    writeFileSync(file, privatePem);
    setEnv("DKIM_DOMAIN", "shop.example");
    setEnv("DKIM_SELECTOR", "s1");
    setEnv("DKIM_PRIVATE_KEY_FILE", file);
    // A non-ASCII address goes through nodemailer's own composer.
    await sendMessage({ ...campaignMail("zoë@example.test"), to: "zoë@example.test" });
    const raw = raws.at(-1)!.toString("utf8");
    const { tags, bodyHashOk, signatureOk } = verifyDkim(raw, publicKey);
    expect(tags.s).toBe("s1");
    expect(bodyHashOk).toBe(true);
    expect(signatureOk).toBe(true);
  });

  it("without a key nothing is signed and the Message-ID takes EMAIL_FROM's domain", async () => {
    await sendMessage(campaignMail("bob@example.test"));
    const raw = raws.at(-1)!.toString("utf8");
    expect(raw).not.toMatch(/^DKIM-Signature:/im);
    expect(raw).toMatch(/\r\nMessage-ID: <cm-bobexampletest@shop\.example>\r\n/);
    expect(raw).not.toContain("@lumen>");
  });
});
