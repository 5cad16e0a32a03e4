/**
 * A local SMTP sink for bench/scenarios/send.ts, run as its own process (forked with IPC) as a
 * real mail server would be: in the sender's process it would share the sender's one JavaScript
 * thread. It accepts every message (smtp-server), counts messages and bytes, and discards them.
 * IPC: it sends {port} once listening; it answers {count, bytes} to "stats"; "close" ends it.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

let count = 0;
let bytes = 0;
const server = new SMTPServer({
  authOptional: true,
  disableReverseLookup: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  // Many pooled senders at once: no limit below what the benchmark opens.
  maxClients: 1000,
  onData(stream, _session, done) {
    stream.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    stream.on("end", () => {
      count++;
      done();
    });
  },
});
// A connection reset by a client that died is no failure of the sink.
server.on("error", () => {});
server.listen(0, "127.0.0.1", () => {
  process.send?.({ port: (server.server.address() as AddressInfo).port });
});
process.on("message", (message) => {
  if (message === "stats") process.send?.({ count, bytes });
  if (message === "close") server.close(() => process.exit(0));
});
process.on("disconnect", () => process.exit(0));
