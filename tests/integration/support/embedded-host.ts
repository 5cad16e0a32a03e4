/**
 * A process that hosts an embedded data directory, for tests/integration/embedded-database.test.ts:
 * opens it, commits a row, prints "ready" and waits to be killed.
 * Usage: tsx tests/integration/support/embedded-host.ts <data dir>
 */
import { openPglite } from "@/lib/db/client";

const database = await openPglite(process.argv[2]!);
if (!database.embedded) throw new Error("expected to host the data directory");
await database.sql.exec(
  "CREATE TABLE IF NOT EXISTS killed (v text); INSERT INTO killed VALUES ('committed before the kill')",
);
process.stdout.write("ready\n");
setInterval(() => {}, 1000);
