/**
 * A real SMTP server for tests (smtp-server on a free port, no TLS, no auth): every message it
 * accepts is parsed (mailparser) and pushed onto `mails`. onRcptTo lets a test refuse recipients.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export interface MailSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

export async function startMailSink(
  mails: ParsedMail[],
  options: { onRcptTo?: SMTPServerOptions["onRcptTo"] } = {},
): Promise<MailSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    ...(options.onRcptTo ? { onRcptTo: options.onRcptTo } : {}),
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
