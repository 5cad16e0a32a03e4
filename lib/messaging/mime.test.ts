import { simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { composable, composeEmail, type EmailParts, parseFrom } from "./mime";

/** What a mail client reads of a message: parsed back by mailparser. */
async function read(raw: Buffer) {
  const mail = await simpleParser(raw);
  return {
    from: mail.from?.value,
    to: mail.to && !Array.isArray(mail.to) ? mail.to.value : undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    unsubscribe: mail.headers.get("list-unsubscribe-post"),
    listUnsubscribe: mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line,
  };
}

async function viaNodemailer(parts: EmailParts): Promise<Buffer> {
  return new MailComposer({
    from: parts.from,
    to: parts.to,
    subject: parts.subject,
    text: parts.text,
    html: parts.html,
    messageId: parts.messageId,
    headers: parts.headers,
  })
    .compile()
    .build();
}

const base: EmailParts = {
  from: "Lumen <no-reply@lumen.local>",
  to: "jana.novak@example.test",
  subject: "Winter sale for Jana",
  text: "Hi Jana,\nour sale has started: https://lumen.local/r/a1.b2.c3\n\n--\nUnsubscribe: https://lumen.local/u/x\n",
  html: '<!doctype html>\n<html><body><div>Hi Jana,<br>\n<a href="https://lumen.local/r/a1.b2.c3">sale</a></div></body></html>',
  messageId: "<cm-0123456789abcdef@shop.example>",
  headers: {
    "List-Unsubscribe": "<https://lumen.local/u/x>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
};

const cases: [string, Partial<EmailParts>][] = [
  ["a plain campaign e-mail", {}],
  ["text only", { html: undefined }],
  [
    "non-ASCII subject, text and HTML",
    {
      subject: "Zimná akcia pre Žofiu: zľavy až 40 % 🎁 na kabáty, čižmy a svetre, len do nedele",
      text: "Ahoj Žofia, ďakujeme! Cena: 19,99 €\n",
      html: "<p>Ahoj Žofia, ďakujeme! Cena: 19,99 €</p>",
    },
  ],
  [
    "lines that need care",
    {
      text: `.a line starting with a dot\n..two dots\nend with spaces   \ntab\t\nequals = sign and =3D\n${"long ".repeat(40)}\r\nCRLF line\n.\nlast`,
      html: `<p>${"x".repeat(300)}</p>\n.<b>dot</b>`,
    },
  ],
  ["an empty subject", { subject: "" }],
  ["a display name with specials", { from: 'Shop, "The" Best <news@shop.example>' }],
  ["a non-ASCII display name", { from: "Obchod Žilina <news@shop.example>" }],
];

describe("composing an e-mail directly (lib/messaging/mime.ts)", () => {
  for (const [name, change] of cases) {
    it(`reads back as nodemailer's composer's message: ${name}`, async () => {
      const parts = { ...base, ...change };
      const ours = await read(composeEmail(parts));
      const theirs = await read(await viaNodemailer(parts));
      expect(ours).toEqual(theirs);
      expect(ours.text).toBe(parts.text.replace(/\r\n/g, "\n"));
    });
  }

  it("writes lines of at most 78 characters ending in CRLF, and one boundary per message", () => {
    const raw = composeEmail({ ...base, ...cases[3]![1] }).toString("utf8");
    const lines = raw.split("\r\n");
    expect(lines.every((l) => l.length <= 78)).toBe(true);
    expect(raw.replace(/\r\n/g, "")).not.toMatch(/\n|\r/);
    const boundary = /boundary="([^"]+)"/.exec(raw)?.[1];
    expect(boundary).toBeTruthy();
    expect(raw.split(`--${boundary}`).length).toBe(4);
  });

  it("takes only what it writes exactly", () => {
    expect(composable({ ...base, body: base.text })).toBe(true);
    expect(composable({ ...base, body: "" })).toBe(false);
    expect(composable({ to: "jože@example.test" })).toBe(false);
    expect(composable({ to: "Jana <jana@example.test>" })).toBe(false);
    expect(composable({ to: "a@example.test", headers: { "X-Bad": "line\r\nBcc: x@y" } })).toBe(false);
    expect(composable({ to: "a@example.test", headers: { "X-Name": "Žofia" } })).toBe(false);
  });

  it("gives the envelope the address of EMAIL_FROM", () => {
    expect(parseFrom("Lumen <no-reply@lumen.local>").address).toBe("no-reply@lumen.local");
    expect(parseFrom("no-reply@lumen.local")).toEqual({
      header: "no-reply@lumen.local",
      address: "no-reply@lumen.local",
    });
  });
});
