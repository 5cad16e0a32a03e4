/**
 * Starts the inbound SMTP listener for bounces and complaints with the job workers (scripts/worker.ts,
 * lib/jobs/thread/worker-entry.ts) when INBOUND_SMTP_PORT is set. Several worker processes on
 * PostgreSQL share one host's port: the first binds it, the others log that it is taken and go on.
 */
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { type InboundListener, startInboundSmtp } from "@/lib/messaging/inbound/server";
import { handleInboundReport } from "./handle-inbound-report";

export async function startInboundMail(): Promise<InboundListener | undefined> {
  const settings = env();
  if (!settings.INBOUND_SMTP_PORT) return undefined;
  try {
    const listener = await startInboundSmtp({
      port: settings.INBOUND_SMTP_PORT,
      host: settings.INBOUND_SMTP_HOST,
      domain: settings.BOUNCE_DOMAIN,
      onReport: async (report) => {
        await handleInboundReport(report);
      },
    });
    log.info("inbound SMTP listener started", { port: listener.port, domain: settings.BOUNCE_DOMAIN ?? "any" });
    return listener;
  } catch (error) {
    const code = (error as { code?: string }).code;
    log.warn(
      code === "EADDRINUSE"
        ? "inbound SMTP port taken (another worker listens): not started here"
        : "inbound SMTP listener not started",
      { port: settings.INBOUND_SMTP_PORT, error: String(error) },
    );
    return undefined;
  }
}
