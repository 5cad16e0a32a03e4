/**
 * Lumen's own inbound SMTP listener (smtp-server) for bounces and complaints: campaign e-mail goes
 * out with a VERP return path at the bounce domain (./verp.ts), so remote servers send their DSNs
 * here, and mailbox providers' feedback loops send ARF reports to an address at the same domain.
 * Only recipients at BOUNCE_DOMAIN are accepted (any, when it is unset); a message is read whole
 * (at most MAX_BYTES), parsed (./parse-report.ts) and handed to whoever started the listener: the
 * messaging layer does not know what a campaign is. A message that is no report is accepted and
 * dropped (a 5xx would only make the remote server bounce the bounce).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { log } from "@/lib/log";
import { type InboundReport, parseReport } from "./parse-report";

const MAX_BYTES = 10 * 1024 * 1024;

export interface InboundListener {
  port: number;
  close(): Promise<void>;
}

export async function startInboundSmtp(opts: {
  port: number;
  host?: string;
  domain?: string;
  onReport: (report: InboundReport, envelope: { from: string; to: string[] }) => Promise<void>;
}): Promise<InboundListener> {
  const domain = opts.domain?.toLowerCase();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_BYTES,
    banner: "Lumen bounce and feedback receiver",
    logger: false,
    onRcptTo(address, _session, callback) {
      const at = address.address.toLowerCase();
      if (domain && !at.endsWith(`@${domain}`)) {
        return callback(Object.assign(new Error(`no mailbox here for ${address.address}`), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BYTES) chunks.push(chunk);
      });
      stream.on("end", () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded || size > MAX_BYTES) {
          return callback(Object.assign(new Error("message too large"), { responseCode: 552 }));
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        const report = parseReport(Buffer.concat(chunks).toString("utf8"), envelope.to);
        if (!report) {
          log.info("inbound mail is no delivery or feedback report: dropped", { to: envelope.to.join(",") });
          return callback();
        }
        opts.onReport(report, envelope).then(
          () => callback(),
          (error: unknown) => {
            // Not recorded: a 4xx makes the sender try again later.
            log.warn("inbound report not recorded", { error: String(error) });
            callback(Object.assign(new Error("could not record the report, try again later"), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on("error", (error) => log.warn("inbound SMTP listener error", { error: String(error) }));
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.server.once("error", failed);
    server.listen(opts.port, opts.host ?? "0.0.0.0", () => {
      server.server.off("error", failed);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
